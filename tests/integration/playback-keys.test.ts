import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGrant } from '~/server/staff/grants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { GERMAN, insertTitle, IRANIAN } from './playback-fixtures';

const HOUR = 3600;

/** From play-info to the decryption key, as the player goes: the key follows the access rules. */
describe(`keys of played titles on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  beforeAll(async () => {
    app = await startAccountsApp();
    token = (await app.signUp('09125550201')).token;
  });
  afterAll(() => app.close());

  const get = (url: string, address = IRANIAN) =>
    app.request(url.replace(/^\/api\/v1/, ''), { clientAddress: address });
  /** The key URL of the first variant of a play-info answer. */
  async function keyUrl(master: string, address = IRANIAN): Promise<string> {
    const masterText = await (await get(master, address)).text();
    const variant = masterText.split('\n').find((line) => line && !line.startsWith('#'))!;
    const variantPath = new URL(variant, `http://player${master}`).pathname;
    const variantText = await (await get(variantPath, address)).text();
    return /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variantText)![1]!;
  }

  it('hands the key to the buyer inside the 8-hour window only', async () => {
    const id = await insertTitle(app, { asset: 'testcard' });
    await writeGrant(
      app.ctx.database.db,
      { type: 'title', user_name: '09125550201', product_id: id },
      app.clock.now(),
      'script',
    );
    const res = await app.as(token, `/play-info/${id}`, { clientAddress: IRANIAN });
    expect(res.status).toBe(200);
    const key = await keyUrl((await res.json()).stream.master);
    const served = await get(key);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(16);
    app.clock.advance(8 * HOUR);
    expect((await get(key)).status).toBe(403);
  });

  it('hands a live ticket session the key on its own network only', async () => {
    const now = app.clock.now().getTime();
    const id = await insertTitle(app, {
      kind: 'screening',
      startsAt: new Date(now - HOUR * 1000),
      endsAt: new Date(now + HOUR * 1000),
      asset: 'bars',
    });
    const { code } = await writeGrant(
      app.ctx.database.db,
      { type: 'ticket', product_id: id },
      app.clock.now(),
      'script',
    );
    const res = await app.request(`/live-play-info?using_ticket=${code}`, { clientAddress: IRANIAN });
    expect(res.status).toBe(200);
    const key = await keyUrl((await res.json()).stream.master);
    expect((await get(key, IRANIAN)).status).toBe(200);
    expect((await get(key, GERMAN)).status).toBe(403);
  });
});
