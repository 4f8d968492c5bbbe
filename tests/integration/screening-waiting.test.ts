import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertTitle } from './playback-fixtures';

/**
 * The waiting room's count (issue 30): ticket holders with the room open, never anyone else, never
 * names; a page not heard from for 40 s has left; the count is cached a few seconds per instance.
 */
let app: AccountsApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app?.close();
});

let phones = 0;
async function viewer(screening: number | null): Promise<string> {
  const { token, me } = await app.signUp(`0937${String(3_000_000 + ++phones).padStart(7, '0')}`);
  if (screening !== null) {
    await app.ctx.database.db.insert(tickets).values({
      code: `WAIT${phones}X${screening}`,
      productId: screening,
      kind: 'live',
      ownerUserId: me.id,
      source: 'script',
    });
  }
  return token;
}

describe(`the waiting room's count on ${databaseUnderTest}`, () => {
  it('counts ticket holders with the room open, and only them', async () => {
    const startsAt = new Date(app.clock.now().getTime() + 3600_000);
    const id = await insertTitle(app, {
      kind: 'screening',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
    });
    const holders = [await viewer(id), await viewer(id)];
    const other = await viewer(null);
    const here = (token: string) => app.as(token, `/screenings/${id}/presence`, { method: 'POST' });
    const count = async () => {
      const reply = await app.request(`/screenings/${id}/waiting`);
      expect(reply.status).toBe(200);
      return (await reply.json()) as { waiting: number; now: number };
    };
    expect((await here(other)).status).toBe(200);
    await here(holders[0]!);
    // Cached: the first count (0, before anyone) stands for a few seconds.
    expect(await (await here(holders[1]!)).json()).toMatchObject({ waiting: 0 });
    app.clock.advance(6);
    const body = await count();
    expect(body).toEqual({ waiting: 2, now: app.clock.now().getTime() });
    expect(Object.keys(body)).toEqual(['waiting', 'now']);
    // One page keeps saying it is here; the other closed.
    app.clock.advance(25);
    await here(holders[0]!);
    app.clock.advance(20);
    expect((await count()).waiting).toBe(1);
    expect((await app.request(`/screenings/${id}/presence`, { method: 'POST' })).status).toBe(401);
  });
});
