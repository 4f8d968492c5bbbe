import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { newStaffMember } from './staff-fixtures';

const DAY_MS = 86_400_000;

/**
 * A staff subscription grant (POST /staff/grants, scripts/grant.mjs) writes through the entitlements
 * payments use: days granted to a viewer who is subscribed already come after the running period, as
 * a bought month does, never on top of it.
 */
describe(`staff subscription grants on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let staffToken: string;
  const grant = async (user_name: string, days: number) => {
    const res = await app.as(staffToken, '/staff/grants', {
      json: { type: 'subscription', user_name, days },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number; ends_at: string };
  };
  const periods = async (userId: number) =>
    (
      await app.ctx.database.db
        .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.startsAt))
    ).map((row) => [row.startsAt.getTime(), row.endsAt.getTime()]);

  beforeAll(async () => {
    app = await startAccountsApp();
    staffToken = (await newStaffMember(app, 'support')).token;
  });
  afterAll(() => app.close());

  it('extends a running subscription instead of overlapping it', async () => {
    const { me } = await app.signUp('09125557001');
    const start = app.clock.now().getTime();
    const first = await grant('09125557001', 30);
    expect(Date.parse(first.ends_at)).toBe(start + 30 * DAY_MS);
    app.clock.advance(10 * 86_400);
    const second = await grant('۰۹۱۲ ۵۵۵ ۷۰۰۱', 30);
    // 60 days after the first grant, not 30 days after the second (which ended 20 days too early).
    expect(Date.parse(second.ends_at)).toBe(start + 60 * DAY_MS);
    expect(await periods(me.id)).toEqual([
      [start, start + 30 * DAY_MS],
      [start + 30 * DAY_MS, start + 60 * DAY_MS],
    ]);
  });

  it('two grants at once add up, one after the other', async () => {
    const { me } = await app.signUp('09125557002');
    const start = app.clock.now().getTime();
    await Promise.all([grant('09125557002', 7), grant('09125557002', 7)]);
    expect(await periods(me.id)).toEqual([
      [start, start + 7 * DAY_MS],
      [start + 7 * DAY_MS, start + 14 * DAY_MS],
    ]);
  });

  it('starts now for a viewer whose subscription has ended', async () => {
    await app.signUp('09125557003');
    await grant('09125557003', 1);
    app.clock.advance(2 * 86_400);
    const again = await grant('09125557003', 5);
    expect(Date.parse(again.ends_at)).toBe(app.clock.now().getTime() + 5 * DAY_MS);
  });
});
