import { and, count, countDistinct, eq, gte, isNull, ne, sum } from 'drizzle-orm';
import { startOfIranDay } from '../../lib/iran-day';
import { staffAllows, type StaffRole } from '../../shared/staff-constants';
import type { Dashboard } from '../../shared/staff-dashboard';
import type { AppContext } from '../context';
import { comments, contactMessages, payments, playerReports, sessions, users } from '../db/schema';

const ACTIVE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Who sees what: money (payments and revenue) only finance and admin; each queue the roles that work
 * it, as its inbox routes allow (admin passes everywhere).
 */
const MONEY_ROLES: readonly StaffRole[] = ['finance'];
const QUEUE_ROLES = {
  comments: ['moderator'],
  contact_messages: ['support'],
  player_reports: ['moderator', 'support'],
} as const satisfies Record<keyof Dashboard['open'], readonly StaffRole[]>;

/** GET /staff/dashboard: today's figures and the queues waiting for staff, as far as `roles` may see. */
export async function dashboard(ctx: AppContext, roles: readonly StaffRole[]): Promise<Dashboard> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const since = startOfIranDay(now);
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);
  const sees = (allowed: readonly StaffRole[]) => staffAllows(roles, allowed);
  const fulfilledToday = and(gte(payments.createdAt, since), eq(payments.status, 'fulfilled'));
  const money = async (): Promise<Dashboard['money']> => {
    const [[started], [fulfilled], revenue] = await Promise.all([
      db.select({ n: count() }).from(payments).where(gte(payments.createdAt, since)),
      db.select({ n: count() }).from(payments).where(fulfilledToday),
      db
        .select({ currency: payments.currency, amount: sum(payments.gatewayPart).mapWith(Number) })
        .from(payments)
        .where(fulfilledToday)
        .groupBy(payments.currency)
        .orderBy(payments.currency),
    ]);
    return {
      payments_started: started?.n ?? 0,
      payments_fulfilled: fulfilled?.n ?? 0,
      revenue: revenue.map((row) => ({ currency: row.currency, amount: row.amount ?? 0 })),
    };
  };
  const queue = async (name: keyof typeof QUEUE_ROLES): Promise<number | undefined> => {
    if (!sees(QUEUE_ROLES[name])) return undefined;
    const [row] =
      name === 'comments'
        ? await db.select({ n: count() }).from(comments).where(eq(comments.status, 'pending'))
        : name === 'contact_messages'
          ? await db.select({ n: count() }).from(contactMessages).where(ne(contactMessages.status, 'done'))
          : await db.select({ n: count() }).from(playerReports).where(ne(playerReports.status, 'done'));
    return row?.n ?? 0;
  };
  const [[signups], [active], moneyFigures, pending, contact, reports] = await Promise.all([
    db.select({ n: count() }).from(users).where(gte(users.createdAt, since)),
    db
      .select({ n: countDistinct(sessions.userId) })
      .from(sessions)
      .where(and(isNull(sessions.endedAt), gte(sessions.lastSeenAt, activeSince))),
    sees(MONEY_ROLES) ? money() : null,
    queue('comments'),
    queue('contact_messages'),
    queue('player_reports'),
  ]);
  const open: Dashboard['open'] = {};
  if (pending !== undefined) open.comments = pending;
  if (contact !== undefined) open.contact_messages = contact;
  if (reports !== undefined) open.player_reports = reports;
  return {
    since: since.toISOString(),
    signups: signups?.n ?? 0,
    active_viewers: active?.n ?? 0,
    money: moneyFigures,
    open,
  };
}
