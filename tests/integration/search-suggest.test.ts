import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestions } from '~/shared/catalog';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

/**
 * GET /search/suggest (issue 25): titles, people and genres while typing, spelled however a Persian
 * speaker types them (the full search's normalisation) or in Latin letters; bounded and validated.
 */
describe(`search suggestions on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => app.close());

  async function suggest(q: string, extra = '', lang = 'fa'): Promise<Suggestions['items']> {
    const res = await app.request(`/search/suggest?q=${encodeURIComponent(q)}${extra}`, {
      headers: { 'Accept-Language': lang },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    return ((await res.json()) as Suggestions).items;
  }

  it.each([
    ['Arabic kaf and yeh', 'كيارستمي'],
    ['Persian letters', 'کیارستمی'],
    ['Latin letters', 'kiarostami'],
    ['Latin capitals, a prefix', 'KIARO'],
  ])('finds Abbas Kiarostami typed with %s', async (_name, q) => {
    const people = (await suggest(q)).filter((item) => item.kind === 'person');
    expect(people.map((item) => item.name)).toContain('عباس کیارستمی');
    const person = people.find((item) => item.name === 'عباس کیارستمی')!;
    // A person opens the full search for the name, which finds their titles.
    expect(person.href).toBe(`/search?q=${encodeURIComponent('عباس کیارستمی')}`);
    const full = await app.request(`/search?q=${encodeURIComponent(q)}`);
    expect(((await full.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('finds titles with Arabic yeh, without the non-joiner and with Arabic digits; a title opens its page', async () => {
    const separation = await suggest('جدايي');
    expect(separation[0]).toMatchObject({ kind: 'title', name: 'جدایی نادر از سیمین', title_kind: 'film' });
    expect(separation[0]!.href).toMatch(/^\/movies\/\d+$/);
    expect((await suggest('بچههای آسم')).map((item) => item.name)).toContain('بچه‌های آسمان');
    expect((await suggest('٢٠ انگ')).map((item) => item.name)).toContain('۲۰ انگشت');
  });

  it('answers in English under /en with English names and paths; genres open the filtered search', async () => {
    const items = await suggest('درام', '', 'en');
    const genre = items.find((item) => item.kind === 'genre');
    expect(genre).toMatchObject({ name: 'Drama', other_name: 'درام', href: '/en/search?genre=drama' });
    const titles = await suggest('separation', '', 'en');
    expect(titles[0]).toMatchObject({ kind: 'title', name: 'A Separation' });
    expect(titles[0]!.href).toMatch(/^\/en\/movies\/\d+$/);
  });

  it('keeps to the limit (8 unless asked, at most 10) and ranks names starting with the words first', async () => {
    expect(await suggest('a')).toHaveLength(8);
    expect(await suggest('a', '&limit=3')).toHaveLength(3);
    const ranked = await suggest('خانه');
    expect(ranked[0]!.name.startsWith('خانه')).toBe(true);
    expect(await suggest('؟!')).toEqual([]);
    expect(await suggest('zzzzqqq')).toEqual([]);
  });

  it.each([
    ['a NUL character', 'abc\u0000'],
    ['more than 100 characters', 'a'.repeat(101)],
    ['nothing', ''],
  ])('refuses a query with %s (422)', async (_name, q) => {
    const res = await app.request(`/search/suggest?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(422);
  });

  it('refuses a limit above 10 (422)', async () => {
    expect((await app.request('/search/suggest?q=a&limit=11')).status).toBe(422);
  });
});
