import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import {
  CHAT_HISTORY_SIZE,
  type ChatMessage,
  type ChatReplay,
  type ChatRoom,
  type ChatRoomChange,
  type ChatRoomState,
} from '../../shared/chat';
import type { StaffRole } from '../../shared/staff-constants';
import type { Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import { recordAudit } from '../core/audit';
import { defaultAvatarPath } from '../core/avatars';
import { defineRateLimit } from '../core/rate-limit';
import type { Db } from '../db/client';
import {
  chatMessages,
  chatMutes,
  chatReports,
  chatRooms,
  festivalTitles,
  products,
  profiles,
  staffRoles,
  tickets,
  users,
} from '../db/schema';
import { DomainError, notFound } from '../errors';
import { uploadedAvatarPath } from '../users/me';
import { announceChatEvent, announceNewMessage } from './bus';

/** Any viewer, whatever the slow mode: at most 5 messages in 10 seconds in one screening. */
export const chatMessageLimit = defineRateLimit({ name: 'chat_message', limit: 5, windowSeconds: 10 });

interface Screening {
  id: number;
  startsAt: Date;
  endsAt: Date;
}

/** Who reads and writes (see readerAccess). */
interface ReaderAccess {
  screening: Screening;
  moderator: boolean;
}

/** What a message written, or the room opened, decides on as well (see chatAccess). */
interface ChatAccess extends ReaderAccess {
  room: ChatRoomState;
  muted: boolean;
  /** The viewer's last message in this chat, for the slow mode; null before the first. */
  lastMessageAt: Date | null;
  /** The profile the viewer writes as (its name and avatar go beside the message), if any. */
  profile: { name: string; avatarId: number | null; avatarFile: string | null } | null;
}

async function screeningOf(db: Db, productId: number): Promise<Screening> {
  const [row] = await db
    .select({ id: products.id, kind: products.kind, startsAt: products.startsAt, endsAt: products.endsAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || row.kind !== 'screening' || !row.startsAt || !row.endsAt) throw notFound('product_not_found');
  return { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt };
}

/** Staff roles that moderate a chat (admin may do everything: staffAllows). */
const MODERATING: StaffRole[] = ['admin', 'moderator'];

/** Whether the user moderates chats (a moderator or admin), as a column of a query. */
function moderates(db: Db, userId: number) {
  return sql<boolean>`${exists(
    db
      .select({ userId: staffRoles.userId })
      .from(staffRoles)
      .where(and(eq(staffRoles.userId, userId), inArray(staffRoles.role, MODERATING))),
  )}`.mapWith(Boolean);
}

/**
 * Whether the user holds a ticket for the screening, as a column of a query: its own live ticket, or
 * the pass of a festival whose programme holds it.
 */
function holdsTicket(db: Db, userId: number, productId: number) {
  return sql<boolean>`${exists(
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.ownerUserId, userId),
          or(
            and(eq(tickets.kind, 'live'), eq(tickets.productId, productId)),
            and(
              eq(tickets.kind, 'festival'),
              inArray(
                tickets.productId,
                db
                  .select({ id: festivalTitles.festivalId })
                  .from(festivalTitles)
                  .where(eq(festivalTitles.productId, productId)),
              ),
            ),
          ),
        ),
      ),
  )}`.mapWith(Boolean);
}

type AccessRow = {
  kind: string;
  startsAt: Date | null;
  endsAt: Date | null;
  moderator: boolean;
  ticket: boolean;
};

/** A moderator (or admin), or a ticket holder; anyone else 403, and 404 for anything but a screening. */
function admitted(row: AccessRow | undefined, productId: number): ReaderAccess {
  if (!row || row.kind !== 'screening' || !row.startsAt || !row.endsAt) throw notFound('product_not_found');
  if (!row.moderator && !row.ticket) throw new DomainError('forbidden', 'chat_ticket_required');
  return {
    screening: { id: productId, startsAt: row.startsAt, endsAt: row.endsAt },
    moderator: row.moderator,
  };
}

/**
 * Who may read and write a screening's chat: a moderator, or the owner of a ticket for it. One query
 * (it took five as separate reads): every stream opened runs it, 2,000 at once in bench/chat.mjs.
 */
async function readerAccess(db: Db, userId: number, productId: number): Promise<ReaderAccess> {
  const [row] = await db
    .select({
      kind: products.kind,
      startsAt: products.startsAt,
      endsAt: products.endsAt,
      moderator: moderates(db, userId),
      ticket: holdsTicket(db, userId, productId),
    })
    .from(products)
    .where(eq(products.id, productId));
  return admitted(row, productId);
}

/**
 * readerAccess together with what a message written (or the room opened) needs: the room's state, a
 * mute, the viewer's last message and the profile written as. Still one query, so a message costs one
 * round trip for its checks instead of the eight it took as separate reads.
 */
async function chatAccess(db: Db, auth: Authenticated, productId: number): Promise<ChatAccess> {
  const userId = auth.user.id;
  const [row] = await db
    .select({
      kind: products.kind,
      startsAt: products.startsAt,
      endsAt: products.endsAt,
      moderator: moderates(db, userId),
      ticket: holdsTicket(db, userId, productId),
      closed: chatRooms.closed,
      slowModeSeconds: chatRooms.slowModeSeconds,
      muted: sql<boolean>`${exists(
        db
          .select({ userId: chatMutes.userId })
          .from(chatMutes)
          .where(and(eq(chatMutes.productId, productId), eq(chatMutes.userId, userId))),
      )}`.mapWith(Boolean),
      lastMessageAt: sql<Date | null>`(${db
        .select({ at: max(chatMessages.createdAt) })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.productId, productId)))})`.mapWith(
        chatMessages.createdAt,
      ),
      profileName: profiles.name,
      avatarId: profiles.avatarId,
      avatarFile: profiles.avatarFile,
    })
    .from(products)
    .leftJoin(chatRooms, eq(chatRooms.productId, products.id))
    .leftJoin(profiles, eq(profiles.id, auth.session.profileId ?? -1))
    .where(eq(products.id, productId));
  const access = admitted(row, productId);
  const { closed, slowModeSeconds, muted, lastMessageAt, profileName, avatarId, avatarFile } = row!;
  return {
    ...access,
    room: { closed: closed ?? false, slow_mode_seconds: slowModeSeconds ?? 0 },
    muted,
    lastMessageAt,
    profile: profileName === null ? null : { name: profileName, avatarId, avatarFile },
  };
}

async function roomState(db: Db, productId: number): Promise<ChatRoomState> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.productId, productId));
  return { closed: row?.closed ?? false, slow_mode_seconds: row?.slowModeSeconds ?? 0 };
}

const messageFields = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
  profileName: profiles.name,
  avatarId: profiles.avatarId,
  avatarFile: profiles.avatarFile,
  userName: users.name,
};

type MessageRow = {
  id: number;
  userId: number;
  body: string;
  createdAt: Date;
  profileName: string | null;
  avatarId: number | null;
  avatarFile: string | null;
  userName: string;
};

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    user_id: row.userId,
    author: row.profileName ?? row.userName,
    avatar_url: row.avatarFile ? uploadedAvatarPath(row.avatarFile) : defaultAvatarPath(row.avatarId ?? 1),
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

function visibleMessages(db: Db) {
  return db
    .select(messageFields)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(profiles, eq(profiles.id, chatMessages.profileId));
}

/** GET /screenings/{id}/chat: the room, its last messages (oldest first) and what the viewer may do. */
export async function openChat(ctx: AppContext, auth: Authenticated, productId: number): Promise<ChatRoom> {
  const db = ctx.database.db;
  const { moderator, room, muted } = await chatAccess(db, auth, productId);
  const rows = await visibleMessages(db)
    .where(and(eq(chatMessages.productId, productId), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_HISTORY_SIZE);
  return { room, messages: rows.reverse().map(toMessage), moderator, muted, user_id: auth.user.id };
}

/** Checks the viewer may follow the chat (the stream, before it starts streaming). */
export async function assertChatReader(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
): Promise<void> {
  await readerAccess(ctx.database.db, auth.user.id, productId);
}

/**
 * POST /screenings/{id}/chat: until the screening ends, for a viewer not muted, while the chat is open;
 * the per-viewer limit and the slow mode answer 429 with the seconds to wait (moderators skip the slow
 * mode). The message reaches every stream of the screening when its statement commits. Three round
 * trips after the session's: the checks (one query), the shared rate limiter's count, and the insert
 * with its NOTIFY (one statement).
 */
export async function postChatMessage(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  body: string,
): Promise<ChatMessage> {
  const db = ctx.database.db;
  const { screening, moderator, room, muted, lastMessageAt, profile } = await chatAccess(db, auth, productId);
  const now = ctx.clock.now();
  if (now >= screening.endsAt) throw new DomainError('forbidden', 'chat_ended');
  if (room.closed && !moderator) throw new DomainError('forbidden', 'chat_closed');
  if (muted) throw new DomainError('forbidden', 'chat_muted');
  if (room.slow_mode_seconds > 0 && !moderator && lastMessageAt) {
    const since = now.getTime() - room.slow_mode_seconds * 1000;
    if (lastMessageAt.getTime() > since) {
      const wait = Math.max(1, Math.ceil((lastMessageAt.getTime() - since) / 1000));
      throw new DomainError(
        'rate_limited',
        { key: 'chat_slow_mode', params: { count: wait } },
        { retryAfter: wait },
      );
    }
  }
  await ctx.rateLimiter.consume(chatMessageLimit, `${productId}:${auth.user.id}`);
  // The id is the database's: the insert sets it into the message and its notice.
  const draft = toMessage({
    id: 0,
    userId: auth.user.id,
    body,
    createdAt: now,
    profileName: profile?.name ?? null,
    avatarId: profile?.avatarId ?? null,
    avatarFile: profile?.avatarFile ?? null,
    userName: auth.user.name,
  });
  const inserted = db
    .$with('inserted')
    .as(
      db
        .insert(chatMessages)
        .values({ productId, userId: auth.user.id, profileId: auth.session.profileId, body, createdAt: now })
        .returning({ id: chatMessages.id }),
    );
  const [row] = await db
    .with(inserted)
    .select({ id: inserted.id, notified: announceNewMessage(productId, draft, sql`${inserted.id}`) })
    .from(inserted);
  return { ...draft, id: row!.id };
}

/** POST /chat-messages/{id}/report: a viewer of the room flags a message for the moderators, once. */
export async function reportChatMessage(
  ctx: AppContext,
  auth: Authenticated,
  messageId: number,
): Promise<void> {
  const db = ctx.database.db;
  const [message] = await db
    .select({ productId: chatMessages.productId })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  if (!message) throw notFound();
  await readerAccess(db, auth.user.id, message.productId);
  await db.insert(chatReports).values({ messageId, userId: auth.user.id }).onConflictDoNothing();
}

/** DELETE /staff/chat-messages/{id}: hides it from everyone at once (audited as chat.delete). */
export async function deleteChatMessage(
  ctx: AppContext,
  moderatorId: number,
  messageId: number,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for('update');
    if (!before) throw notFound();
    if (before.deletedAt) return;
    await tx
      .update(chatMessages)
      .set({ deletedAt: ctx.clock.now(), deletedBy: moderatorId })
      .where(eq(chatMessages.id, messageId));
    await recordAudit(tx, {
      actorId: moderatorId,
      action: 'chat.delete',
      targetType: 'chat_message',
      targetId: messageId,
      before: { product_id: before.productId, user_id: before.userId, body: before.body },
      after: { deleted: true },
    });
    await announceChatEvent(tx, before.productId, { type: 'deleted', id: messageId });
  });
}

/** POST /staff/screenings/{id}/chat/mutes: the viewer writes nothing more in this screening (chat.mute). */
export async function muteChatViewer(
  ctx: AppContext,
  moderatorId: number,
  productId: number,
  userId: number,
): Promise<void> {
  await screeningOf(ctx.database.db, productId);
  await ctx.database.db.transaction(async (tx) => {
    const added = await tx
      .insert(chatMutes)
      .values({ productId, userId, mutedBy: moderatorId })
      .onConflictDoNothing()
      .returning({ userId: chatMutes.userId });
    if (added.length === 0) return;
    await recordAudit(tx, {
      actorId: moderatorId,
      action: 'chat.mute',
      targetType: 'screening',
      targetId: productId,
      before: null,
      after: { user_id: userId },
    });
  });
}

/** PATCH /staff/screenings/{id}/chat: closes or opens the chat, sets the slow mode (chat.room). */
export async function changeChatRoom(
  ctx: AppContext,
  moderatorId: number,
  productId: number,
  change: ChatRoomChange,
): Promise<ChatRoomState> {
  await screeningOf(ctx.database.db, productId);
  return ctx.database.db.transaction(async (tx) => {
    const before = await roomState(tx, productId);
    const after: ChatRoomState = {
      closed: change.closed ?? before.closed,
      slow_mode_seconds: change.slow_mode_seconds ?? before.slow_mode_seconds,
    };
    await tx
      .insert(chatRooms)
      .values({ productId, closed: after.closed, slowModeSeconds: after.slow_mode_seconds })
      .onConflictDoUpdate({
        target: chatRooms.productId,
        set: { closed: after.closed, slowModeSeconds: after.slow_mode_seconds, updatedAt: ctx.clock.now() },
      });
    await recordAudit(tx, {
      actorId: moderatorId,
      action: 'chat.room',
      targetType: 'screening',
      targetId: productId,
      before,
      after,
    });
    await announceChatEvent(tx, productId, { type: 'room', room: after });
    return after;
  });
}

/** GET /staff/screenings/{id}/chat/reports: reported messages, most reported first. */
export async function reportedChatMessages(ctx: AppContext, productId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select({ ...messageFields, deletedAt: chatMessages.deletedAt, reports: count(chatReports.userId) })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(profiles, eq(profiles.id, chatMessages.profileId))
    .where(eq(chatMessages.productId, productId))
    .groupBy(chatMessages.id, profiles.id, users.id)
    .orderBy(desc(count(chatReports.userId)), asc(chatMessages.id));
  return {
    messages: rows.map((row) => ({
      ...toMessage(row),
      reports: row.reports,
      deleted: row.deletedAt !== null,
    })),
  };
}

/**
 * GET /screenings/{id}/chat/replay: the messages not deleted, each with its offset in seconds from the
 * screening's start (the moment of the film it was written at), up to `until` when given.
 */
export async function replayChat(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  until: number | undefined,
): Promise<ChatReplay> {
  const { screening } = await readerAccess(ctx.database.db, auth.user.id, productId);
  const rows = await visibleMessages(ctx.database.db)
    .where(and(eq(chatMessages.productId, productId), isNull(chatMessages.deletedAt)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const start = screening.startsAt.getTime();
  const messages = rows
    .map((row) => ({ ...toMessage(row), offset: (row.createdAt.getTime() - start) / 1000 }))
    .filter((message) => until === undefined || message.offset <= until);
  return { starts_at: screening.startsAt.toISOString(), messages };
}

/** GET /staff/chat/screenings: screenings not yet over that start within a week, soonest first. */
export async function chatScreenings(ctx: AppContext) {
  const now = ctx.clock.now();
  const rows = await ctx.database.db
    .select({
      id: products.id,
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      startsAt: products.startsAt,
      endsAt: products.endsAt,
    })
    .from(products)
    .where(
      and(
        eq(products.kind, 'screening'),
        gt(products.endsAt, now),
        lte(products.startsAt, new Date(now.getTime() + 7 * 24 * 3600_000)),
      ),
    )
    .orderBy(asc(products.startsAt), asc(products.id));
  return {
    screenings: rows.map((row) => ({
      id: row.id,
      title: row.titleFa,
      en_title: row.titleEn,
      starts_at: row.startsAt!.toISOString(),
      ends_at: row.endsAt!.toISOString(),
    })),
  };
}
