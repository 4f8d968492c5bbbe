import { and, count, countDistinct, eq, gte, isNull, ne, sum } from 'drizzle-orm';
import type { Dashboard } from '../../shared/staff-dashboard';
import type { AppContext } from '../context';
import { comments, contactMessages, payments, playerReports, sessions, users } from '../db/schema';

/** Iran keeps UTC+03:30 all year (no daylight saving since 2022). */
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;
const ACTIVE_WINDOW_MS = 15 * 60 * 1000;

/** 00:00 in Tehran of the day `now` falls on there. */
export function startOfTehranDay(now: Date): Date {
  const local = new Date(now.getTime() + TEHRAN_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - TEHRAN_OFFSET_MS,
  );
}

/** GET /staff/dashboard: today's figures and the queues waiting for staff. */
export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const since = startOfTehranDay(now);
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);
  const fulfilledToday = and(gte(payments.createdAt, since), eq(payments.status, 'fulfilled'));
  const [[signups], [started], [fulfilled], revenue, [active], [pending], [contact], [reports]] =
    await Promise.all([
      db.select({ n: count() }).from(users).where(gte(users.createdAt, since)),
      db.select({ n: count() }).from(payments).where(gte(payments.createdAt, since)),
      db.select({ n: count() }).from(payments).where(fulfilledToday),
      db
        .select({ currency: payments.currency, amount: sum(payments.gatewayPart).mapWith(Number) })
        .from(payments)
        .where(fulfilledToday)
        .groupBy(payments.currency)
        .orderBy(payments.currency),
      db
        .select({ n: countDistinct(sessions.userId) })
        .from(sessions)
        .where(and(isNull(sessions.endedAt), gte(sessions.lastSeenAt, activeSince))),
      db.select({ n: count() }).from(comments).where(eq(comments.status, 'pending')),
      db.select({ n: count() }).from(contactMessages).where(ne(contactMessages.status, 'done')),
      db.select({ n: count() }).from(playerReports).where(ne(playerReports.status, 'done')),
    ]);
  return {
    since: since.toISOString(),
    signups: signups?.n ?? 0,
    payments_started: started?.n ?? 0,
    payments_fulfilled: fulfilled?.n ?? 0,
    revenue: revenue.map((row) => ({ currency: row.currency, amount: row.amount ?? 0 })),
    active_viewers: active?.n ?? 0,
    open: {
      comments: pending?.n ?? 0,
      contact_messages: contact?.n ?? 0,
      player_reports: reports?.n ?? 0,
    },
  };
}
