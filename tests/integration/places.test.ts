import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

interface Place {
  id: number;
  name: string;
  en_name: string;
  title: string;
}
interface CityItem extends Place {
  state_id: number;
  is_capital: boolean;
}

describe(`provinces and cities on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("lists Iran's 31 provinces with English names, sorted in the request language", async () => {
    const fa = (await (await app.request('/core/states')).json()).states as Place[];
    expect(fa).toHaveLength(31);
    expect(fa[0]?.name).toBe('آذربایجان شرقی');
    expect(fa.every((state) => state.title === state.name && /^[A-Z][A-Za-z -]+$/.test(state.en_name))).toBe(
      true,
    );
    expect(fa.find((state) => state.id === 8)).toEqual({
      id: 8,
      name: 'تهران',
      en_name: 'Tehran',
      title: 'تهران',
    });

    const res = await app.request('/core/states', { headers: { 'accept-language': 'en' } });
    expect(res.headers.get('cache-control')).toContain('max-age');
    const en = (await res.json()).states as Place[];
    expect(en.map((state) => state.title)).toEqual(en.map((state) => state.en_name));
    expect(en[0]?.en_name).toBe('Alborz');
    expect(new Set(en.map((state) => state.id))).toEqual(new Set(fa.map((state) => state.id)));
  });

  it('lists the cities of Tehran province, the capital named in English', async () => {
    const body = await (await app.request('/core/cities/8')).json();
    expect(body.state).toEqual({ id: 8, name: 'تهران', en_name: 'Tehran', title: 'تهران' });
    const cities = body.cities as CityItem[];
    expect(cities.length).toBeGreaterThan(40);
    expect(cities.every((city) => city.state_id === 8 && city.en_name.length > 0)).toBe(true);
    const tehran = cities.find((city) => city.name === 'تهران');
    expect(tehran).toMatchObject({ en_name: 'Tehran', is_capital: true });
    expect(cities.filter((city) => city.is_capital)).toHaveLength(1);
    expect(cities.find((city) => city.name === 'شهریار')?.en_name).toBe('Shahriar');
  });

  it('gives every province exactly one capital', async () => {
    const states = (await (await app.request('/core/states')).json()).states as Place[];
    for (const state of states) {
      const { cities } = await (await app.request(`/core/cities/${state.id}`)).json();
      expect(
        (cities as CityItem[]).filter((city) => city.is_capital),
        state.en_name,
      ).toHaveLength(1);
    }
  });

  it('answers an unknown province with a translated 404', async () => {
    const fa = await app.request('/core/cities/99');
    expect(fa.status).toBe(404);
    expect(await fa.json()).toEqual({ message: 'استان پیدا نشد' });
    const en = await app.request('/core/cities/99', { headers: { 'accept-language-site': 'en' } });
    expect(await en.json()).toEqual({ message: 'Province not found.' });
  });
});
