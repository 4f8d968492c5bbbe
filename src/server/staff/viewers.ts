import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { translate, type MessageKey } from '../../shared/messages';
import { staffAllows, type StaffRole } from '../../shared/staff-constants';
import {
  VIEWER_SEARCH_LIMIT,
  type ViewerActionResponse,
  type ViewerDetail,
  type ViewerSearch,
  type ViewerSummary,
} from '../../shared/staff-viewers';
import { endAllSessions, toActiveSession } from '../auth';
import { ownPayments } from '../commerce';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { sessions, staffRoles, users } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { listOwnTickets } from '../playback';
import { ownOrders } from '../shop';
import { listProfiles, toProfile, type UserRow } from '../users';
import { accountMatch } from './account-search';
import { recordAudit } from '../core/audit';

/**
 * Viewers as support sees them (issue 17): found by phone, e-mail or name, with everything they own,
 * their sessions ended and the account blocked or unblocked. Every change is audited in its
 * transaction. A blocked account cannot log in (openSession) and its tokens are refused
 * (authenticate); blocking also ends its sessions, so unblocking does not bring an old token back.
 */

async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number, StaffRole[]>> {
  const held = new Map<number, StaffRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return held;
  const rows = await db
    .select()
    .from(staffRoles)
    .where(inArray(staffRoles.userId, userIds))
    .orderBy(asc(staffRoles.role));
  for (const row of rows) held.get(row.userId)?.push(row.role);
  return held;
}

function toSummary(user: UserRow, roles: StaffRole[]): ViewerSummary {
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    blocked_at: user.blockedAt?.toISOString() ?? null,
    deleted: user.deletedAt !== null,
    staff_roles: roles,
  };
}

/** GET /staff/viewers?q: the first accounts that match, oldest first. */
export async function searchViewers(db: Db, q: string): Promise<ViewerSearch> {
  const rows = await db
    .select()
    .from(users)
    .where(accountMatch(q))
    .orderBy(asc(users.id))
    .limit(VIEWER_SEARCH_LIMIT + 1);
  const found = rows.slice(0, VIEWER_SEARCH_LIMIT);
  const roles = await rolesByUser(
    db,
    found.map((row) => row.id),
  );
  return {
    viewers: found.map((row) => toSummary(row, roles.get(row.id)!)),
    has_more: rows.length > VIEWER_SEARCH_LIMIT,
  };
}

async function findViewer(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('viewer_not_found');
  return user;
}

/** GET /staff/viewers/{id}: the account and what it holds. */
export async function viewerDetail(ctx: AppContext, userId: number, locale: Locale): Promise<ViewerDetail> {
  const { db } = ctx.database;
  const user = await findViewer(db, userId);
  const [roles, profiles, live, tickets, payments, orders] = await Promise.all([
    rolesByUser(db, [userId]),
    listProfiles(db, userId),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id)),
    listOwnTickets(ctx, userId, undefined, locale),
    ownPayments(db, userId, { page: 1 }, locale),
    ownOrders(db, userId),
  ]);
  return {
    viewer: toSummary(user, roles.get(userId)!),
    profiles: profiles.map(toProfile),
    sessions: live.map(toActiveSession),
    tickets: tickets.tickets,
    payments: payments.orders,
    orders,
  };
}

async function answer(
  ctx: AppContext,
  userId: number,
  message: MessageKey,
  locale: Locale,
): Promise<ViewerActionResponse> {
  return { viewer: await viewerDetail(ctx, userId, locale), message: translate(message, locale) };
}

/** DELETE /staff/viewers/{id}/sessions/{session}: that device is logged out at once. */
export async function endViewerSession(
  ctx: AppContext,
  staffId: number,
  userId: number,
  sessionId: number,
  locale: Locale,
): Promise<ViewerActionResponse> {
  await ctx.database.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ endedAt: ctx.clock.now() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning();
    if (!ended) throw notFound('session_not_found');
    await recordAudit(tx, {
      actorId: staffId,
      action: 'session.end',
      targetType: 'user',
      targetId: userId,
      before: { session: toActiveSession(ended), ended: false },
      after: { session: toActiveSession(ended), ended: true },
    });
  });
  return answer(ctx, userId, 'viewer_sessions_ended', locale);
}

/** The ids of the account's live sessions, for the audit entry of ending them. */
async function liveSessionIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(asc(sessions.id));
  return rows.map((row) => row.id);
}

/** DELETE /staff/viewers/{id}/sessions: every device of the account is logged out. */
export async function endViewerSessions(
  ctx: AppContext,
  staffId: number,
  userId: number,
  locale: Locale,
): Promise<ViewerActionResponse> {
  await findViewer(ctx.database.db, userId);
  await ctx.database.db.transaction(async (tx) => {
    const live = await liveSessionIds(tx, userId);
    await endAllSessions(tx, userId, ctx.clock.now());
    await recordAudit(tx, {
      actorId: staffId,
      action: 'session.end_all',
      targetType: 'user',
      targetId: userId,
      before: { live_sessions: live },
      after: { live_sessions: [] },
    });
  });
  return answer(ctx, userId, 'viewer_sessions_ended', locale);
}

/** Who blocks: nobody themselves, and a staff member only by an admin. */
function checkMayBlock(
  staff: { id: number; roles: readonly StaffRole[] },
  userId: number,
  targetRoles: StaffRole[],
) {
  if (staff.id === userId) throw new DomainError('forbidden', 'block_self_refused');
  if (targetRoles.length > 0 && !staffAllows(staff.roles, ['admin'])) {
    throw new DomainError('forbidden', 'block_staff_refused');
  }
}

/**
 * POST /staff/viewers/{id}/block and /unblock. Blocking ends every session in the same transaction;
 * doing what is already done changes nothing and records nothing.
 */
export async function setViewerBlocked(
  ctx: AppContext,
  staff: { id: number; roles: readonly StaffRole[] },
  userId: number,
  blocked: boolean,
  locale: Locale,
): Promise<ViewerActionResponse> {
  const { db } = ctx.database;
  const roles = (await rolesByUser(db, [userId])).get(userId)!;
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('viewer_not_found');
    if (blocked) checkMayBlock(staff, userId, roles);
    if ((user.blockedAt !== null) === blocked) return;
    const now = ctx.clock.now();
    const live = blocked ? await liveSessionIds(tx, userId) : [];
    await tx
      .update(users)
      .set({ blockedAt: blocked ? now : null, updatedAt: now })
      .where(eq(users.id, userId));
    if (blocked) await endAllSessions(tx, userId, now);
    await recordAudit(tx, {
      actorId: staff.id,
      action: blocked ? 'viewer.block' : 'viewer.unblock',
      targetType: 'user',
      targetId: userId,
      before: {
        blocked_at: user.blockedAt?.toISOString() ?? null,
        ...(blocked ? { live_sessions: live } : {}),
      },
      after: { blocked_at: blocked ? now.toISOString() : null, ...(blocked ? { live_sessions: [] } : {}) },
    });
  });
  return answer(ctx, userId, blocked ? 'viewer_blocked' : 'viewer_unblocked', locale);
}
