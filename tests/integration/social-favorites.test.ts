import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';

describe(`favorites on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  let films: number[];
  beforeAll(async () => {
    app = await startAccountsApp();
    films = await insertProducts(app, ['fav-1', 'fav-2']);
    token = (await app.signUp('09125550001', { name: 'نرگس' })).token;
  });
  afterAll(() => app.close());

  const toggle = (as: string, id: number, language = 'fa') =>
    app.as(as, `/me/favorite/${id}`, { method: 'POST', headers: { 'accept-language-site': language } });

  it('toggles a title in and out with a translated message, newest first, and /me agrees', async () => {
    const [first = 0, second = 0] = films;
    const added = await toggle(token, first);
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({
      message: 'به فهرست علاقه‌مندی‌ها افزوده شد',
      favorites: [first],
      favorite_list: [
        { id: first, kind: 'film', title: 'فیلم 1', en_title: 'Film 1', href: `/movies/${first}` },
      ],
    });
    app.clock.advance(1);
    const both = await (await toggle(token, second, 'en')).json();
    expect(both.message).toBe('Added to your favorites.');
    expect(both.favorites).toEqual([second, first]);

    const removed = await (await toggle(token, first, 'en')).json();
    expect(removed).toMatchObject({ message: 'Removed from your favorites.', favorites: [second] });
    const listed = await app.as(token, '/me/favorite', { headers: { 'accept-language-site': 'en' } });
    expect(await listed.json()).toMatchObject({
      favorites: [second],
      favorite_list: [
        { id: second, kind: 'film', title: 'فیلم 2', en_title: 'Film 2', href: `/en/movies/${second}` },
      ],
    });
    expect((await (await app.as(token, '/me')).json()).me.favorites).toEqual([second]);
  });

  it('keeps each profile its own list', async () => {
    const created = await app.as(token, '/me/profiles', {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.set('name', 'کودک');
        form.set('avatar_id', '2');
        return form;
      })(),
    });
    expect(created.status).toBe(200);
    const member = (await created.json()).profiles.find((profile: { is_main: boolean }) => !profile.is_main);
    const login = await (await app.login('09125550001', 'secret-pass-1')).json();
    expect(login.next).toBe('SELECT_PROFILE');

    const noProfile = await toggle(login.token, films[0] ?? 0, 'en');
    expect(noProfile.status).toBe(409);
    expect((await noProfile.json()).message).toBe('Choose a profile first.');

    expect((await app.as(login.token, `/auth/select-profile/${member.id}`, { method: 'POST' })).status).toBe(
      200,
    );
    expect((await (await app.as(login.token, '/me/favorite')).json()).favorites).toEqual([]);
    expect((await (await toggle(login.token, films[0] ?? 0)).json()).favorites).toEqual([films[0]]);
    expect((await (await app.as(token, '/me/favorite')).json()).favorites).toEqual([films[1]]);
  });

  it('answers 404 for an unknown title and 401 without a login', async () => {
    const missing = await toggle(token, 999_999, 'en');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Title not found.');
    expect((await app.request(`/me/favorite/${films[0]}`, { method: 'POST' })).status).toBe(401);
    expect((await app.request('/me/favorite')).status).toBe(401);
  });
});
