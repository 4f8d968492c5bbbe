import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGrant } from '~/server/staff/grants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { en, insertFestival, insertTitle, IRANIAN } from './playback-fixtures';

const HOUR_MS = 3600 * 1000;

describe(`GET /me/tickets on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let owner: string;
  let other: string;
  const at = (hours: number) => new Date(app.clock.now().getTime() + hours * HOUR_MS);
  const grant = (request: Parameters<typeof writeGrant>[1]) =>
    writeGrant(app.ctx.database.db, request, app.clock.now(), 'script');
  const list = (token: string, query = '') =>
    app.request(`/me/tickets${query}`, {
      clientAddress: IRANIAN,
      headers: { authorization: `Bearer ${token}`, ...en },
    });

  beforeAll(async () => {
    app = await startAccountsApp();
    owner = (await app.signUp('09125550131')).token;
    other = (await app.signUp('09125550132')).token;
  });
  afterAll(() => app.close());

  it("lists the account's own tickets, newest first, with their status and title", async () => {
    const film = await insertTitle(app, { asset: 'testcard' });
    const festival = await insertFestival(app, [film]);
    const over = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-4),
      endsAt: at(-2),
      asset: 'bars',
    });
    const [startsAt, endsAt] = [at(-1), at(1)];
    const running = await insertTitle(app, { kind: 'screening', startsAt, endsAt, asset: 'bars' });
    const festivalTicket = await grant({ type: 'ticket', product_id: festival, user_name: '09125550131' });
    app.clock.advance(1);
    const ended = await grant({ type: 'ticket', product_id: over, user_name: '09125550131' });
    app.clock.advance(1);
    const live = await grant({ type: 'ticket', product_id: running, user_name: '09125550131' });
    await grant({ type: 'ticket', product_id: running, user_name: '09125550132' });
    await grant({ type: 'ticket', product_id: running });

    const reply = await list(owner);
    expect(reply.status).toBe(200);
    const { tickets } = await reply.json();
    expect(tickets).toMatchObject([
      {
        code: live.code,
        status: 'valid',
        kind: 'live',
        product: { id: running, kind: 'screening' },
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
      },
      { code: ended.code, status: 'expired', kind: 'live', product: { id: over } },
      { code: festivalTicket.code, status: 'valid', kind: 'festival', product: { id: festival } },
    ]);

    const ofOneTitle = await (await list(owner, `?product_id=${running}`)).json();
    expect(ofOneTitle.tickets.map((ticket: { code: string }) => ticket.code)).toEqual([live.code]);
    expect((await (await list(other)).json()).tickets).toHaveLength(1);
  });

  it('asks for a login and checks its query', async () => {
    expect((await app.request('/me/tickets')).status).toBe(401);
    expect((await list(owner, '?product_id=abc')).status).toBe(422);
  });
});
