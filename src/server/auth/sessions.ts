import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { MAX_ACTIVE_SESSIONS, type SessionOpened } from '../../shared/auth';
import type { ActiveSession, Device } from '../../shared/users';
import type { AppContext } from '../context';
import { noteRequest } from '../core/log';
import type { Db } from '../db/client';
import { profiles, sessions, users } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { describeMe, lockUser, type UserRow } from '../users';
import { deviceLabel } from './device';
import { newToken, tokenHash } from './secrets';

export type SessionRow = typeof sessions.$inferSelect;

/** Who is behind a request with a live bearer token. */
export interface Authenticated {
  session: SessionRow;
  user: UserRow;
}

/** Where a login comes from, recorded on its session. */
export interface SessionOrigin {
  userAgent: string | undefined;
  clientAddress: string;
  country: string | null;
}

/** last_seen_at is a hint for the devices page; writing it on every request would be waste. */
const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export function toActiveSession(row: SessionRow): ActiveSession {
  return {
    id: row.id,
    device: row.device,
    place: row.country,
    last_seen_at: row.lastSeenAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

async function activeSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the user's live sessions; false when there is no such live session of theirs. */
async function endUserSession(db: Db, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every live session of the user: their tokens stop working at once. */
export async function endAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/**
 * Runs `claim` (which checks and uses up whatever proves the login: a code, a password, a cross-login
 * code, and returns the user id) and opens a session, in one transaction under the user's row lock.
 * With MAX_ACTIVE_SESSIONS live sessions already (after ending `removeSessionId`, if it is one of them)
 * it throws a 409 listing them; the transaction then rolls back and the claim is not used up, so the
 * client can retry naming a device to remove.
 */
export async function openSession(
  ctx: AppContext,
  origin: SessionOrigin,
  claim: (tx: Db) => Promise<number>,
  removeSessionId?: number,
): Promise<SessionOpened> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const token = newToken();
  const { userId, profileId } = await db.transaction(async (tx) => {
    const userId = await claim(tx);
    if (!(await lockUser(tx, userId))) throw new DomainError('validation', 'login_expired');
    await refuseBlocked(tx, userId);
    if (removeSessionId !== undefined) await endUserSession(tx, userId, removeSessionId, now);
    const active = await activeSessions(tx, userId);
    if (active.length >= MAX_ACTIVE_SESSIONS) {
      throw new DomainError('conflict', 'too_many_sessions', {
        extra: { next: 'MORE_THAN_3_ACTIVE_SESSION', active_sessions: active.map(toActiveSession) },
      });
    }
    // With one profile there is nobody to choose; with more, the client asks who is watching.
    const owned = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
    const profileId = owned.length === 1 ? (owned[0]?.id ?? null) : null;
    await tx.insert(sessions).values({
      tokenHash: tokenHash(token),
      userId,
      profileId,
      device: deviceLabel(origin.userAgent),
      country: origin.country,
      clientAddress: origin.clientAddress,
      createdAt: now,
      lastSeenAt: now,
    });
    return { userId, profileId };
  });
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('unauthenticated');
  return {
    next: profileId === null ? 'SELECT_PROFILE' : 'DONE',
    token,
    me: await describeMe(db, user, profileId),
    active_sessions: (await activeSessions(db, userId)).map(toActiveSession),
  };
}

/** A blocked account logs in nowhere; the refusal says so, in the viewer's language. */
async function refuseBlocked(tx: Db, userId: number): Promise<void> {
  const [user] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (user?.blockedAt) throw new DomainError('forbidden', 'account_blocked');
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/;

/** The token of an `Authorization: Bearer <token>` header; undefined for anything else. */
export function bearerToken(header: string | null | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

/**
 * The live session and user of a bearer token, or null; marks the session as seen. A blocked account's
 * sessions are dead too: blocking ends them, and this covers one opened in the moment before.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<Authenticated | null> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash(token)), isNull(sessions.endedAt)));
  if (!row || row.user.blockedAt) return null;
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (row.session.lastSeenAt < staleBefore) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.session.id), lt(sessions.lastSeenAt, staleBefore)));
  }
  noteRequest({ userId: row.user.id });
  return row;
}

export async function logout(ctx: AppContext, auth: Authenticated): Promise<void> {
  await endUserSession(ctx.database.db, auth.user.id, auth.session.id, ctx.clock.now());
}

/** The account's live sessions, most recently used first, marking the one asking. */
export async function listDevices(ctx: AppContext, auth: Authenticated): Promise<Device[]> {
  const rows = await activeSessions(ctx.database.db, auth.user.id);
  return rows.map((row) => ({ ...toActiveSession(row), current: row.id === auth.session.id }));
}

/** Ends one of the account's sessions (its token dies at once); 404 for anyone else's or an ended one. */
export async function endDevice(ctx: AppContext, auth: Authenticated, sessionId: number): Promise<Device[]> {
  if (!(await endUserSession(ctx.database.db, auth.user.id, sessionId, ctx.clock.now()))) {
    throw notFound('session_not_found');
  }
  return listDevices(ctx, auth);
}

/** Points this device's session at one of the user's profiles. */
export async function selectSessionProfile(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
): Promise<void> {
  await ctx.database.db.update(sessions).set({ profileId }).where(eq(sessions.id, auth.session.id));
}
