import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as accessModule from '~/server/playback/access';
import { loadTicket } from '~/server/playback/access';
import { writeGrant } from '~/server/staff/grants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertFestival, insertTitle } from './playback-fixtures';

// Counts the codes actually looked up: a 429 alone does not tell a guess refused from one looked up.
vi.mock('~/server/playback/access', async (original) => {
  const access = await original<typeof accessModule>();
  return { ...access, loadTicket: vi.fn(access.loadTicket) };
});

/**
 * Issue 24 (10): the wrong-ticket-code limit was read before the lookup and counted after it, so codes
 * sent at once were all looked up. Now each try is counted first and given back when the code was right.
 */
describe(`ticket code guessing on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let code: string | undefined;
  const check = (path: string, address: string) => app.request(path, { clientAddress: address });

  beforeAll(async () => {
    app = await startAccountsApp();
    const festival = await insertFestival(app, [await insertTitle(app, { asset: 'testcard' })]);
    ({ code } = await writeGrant(
      app.ctx.database.db,
      { type: 'ticket', product_id: festival },
      app.clock.now(),
      'script',
    ));
  });
  afterAll(() => app.close());

  it('looks up at most ten of thirty wrong codes sent at once from one address', async () => {
    vi.mocked(loadTicket).mockClear();
    const guesses = Array.from({ length: 30 }, (_, i) => check(`/check-ticket/GUESS-${i}`, '198.51.100.41'));
    const statuses: Record<number, number> = {};
    for (const reply of await Promise.all(guesses))
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    expect({ looked: vi.mocked(loadTicket).mock.calls.length, statuses }).toEqual({
      looked: 10,
      statuses: { 404: 10, 429: 20 },
    });
  });

  it('does not count right codes: viewers behind one address checking good codes are not held back', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await check(`/check-ticket/${code}`, '198.51.100.42')).status);
    expect(statuses).toEqual(Array<number>(12).fill(200));
  });
});
