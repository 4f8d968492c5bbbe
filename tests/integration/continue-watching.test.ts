import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumePoint } from '~/server/users/watch-list';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';

describe(`continue watching on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  let profileId: number;
  let films: number[];
  beforeAll(async () => {
    app = await startAccountsApp();
    films = await insertProducts(app, ['cw-1', 'cw-2', 'cw-3']);
    const viewer = await app.signUp('09125550071', { name: 'سارا' });
    token = viewer.token;
    profileId = viewer.me.profile!.id;
  });
  afterAll(() => app.close());

  const save = (productId: number, position: number, duration = 6000) =>
    app.as(token, '/core/save-watch-time', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: productId, position, duration }),
    });

  it('lists what the profile started, most recent first, without what it finished', async () => {
    const [first = 0, second = 0, third = 0] = films;
    expect((await save(first, 600)).status).toBe(200);
    app.clock.advance(1);
    expect((await save(second, 1200)).status).toBe(200);
    app.clock.advance(1);
    expect(await (await save(third, 5900)).json()).toEqual({ watched: true });

    const reply = await app.as(token, '/me/continue-watching', { headers: { 'accept-language-site': 'en' } });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      items: [
        {
          card: { id: second, en_title: 'Film 2' },
          position: 1200,
          duration: 6000,
          play_href: `/en/play/${second}`,
        },
        {
          card: { id: first, en_title: 'Film 1' },
          position: 600,
          duration: 6000,
          play_href: `/en/play/${first}`,
        },
      ],
    });

    app.clock.advance(1);
    await save(first, 700);
    const persian = await (await app.as(token, '/me/continue-watching')).json();
    expect(persian.items.map((item: { card: { id: number } }) => item.card.id)).toEqual([first, second]);
    expect(persian.items[0].play_href).toBe(`/play/${first}`);
  });

  it("says where the profile left off in one title (the title page's resume line), not once finished", async () => {
    const [first = 0, , third = 0] = films;
    expect(await resumePoint(app.ctx, profileId, first, 'en')).toEqual({
      position: 700,
      duration: 6000,
      episode: null,
      playHref: `/en/play/${first}`,
    });
    expect(await resumePoint(app.ctx, profileId, third, 'fa')).toBeNull();
  });

  it('asks for a login', async () => {
    expect((await app.request('/me/continue-watching')).status).toBe(401);
  });
});
