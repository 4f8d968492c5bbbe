import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  CHAT_HISTORY_SIZE,
  type ChatMessage,
  type ChatReplay,
  type ChatRoom,
  type ChatRoomChange,
  type ChatRoomState,
} from '../../shared/chat';
import { staffAllows } from '../../shared/staff-constants';
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
  products,
  profiles,
  tickets,
  users,
} from '../db/schema';
import { DomainError, notFound } from '../errors';
import { loadTitle } from '../playback/access';
import { rolesOf } from '../users';
import { uploadedAvatarPath } from '../users/me';
import { announceChatEvent } from './bus';

/** Any viewer, whatever the slow mode: at most 5 messages in 10 seconds in one screening. */
export const chatMessageLimit = defineRateLimit({ name: 'chat_message', limit: 5, windowSeconds: 10 });

interface Screening {
  id: number;
  startsAt: Date;
  endsAt: Date;
}

interface ChatAccess {
  screening: Screening;
  moderator: boolean;
}

async function screeningOf(db: Db, productId: number): Promise<Screening> {
  const [row] = await db
    .select({ id: products.id, kind: products.kind, startsAt: products.startsAt, endsAt: products.endsAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || row.kind !== 'screening' || !row.startsAt || !row.endsAt) throw notFound('product_not_found');
  return { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt };
}

/**
 * Who may read and write a screening's chat: a moderator (or admin), or the owner of a ticket for it
 * (its own live ticket, or the pass of a festival whose programme holds it). Anyone else: 403.
 */
async function chatAccess(ctx: AppContext, userId: number, productId: number): Promise<ChatAccess> {
  const db = ctx.database.db;
  const screening = await screeningOf(db, productId);
  const moderator = staffAllows(await rolesOf(db, userId), ['moderator']);
  if (moderator) return { screening, moderator };
  const title = await loadTitle(db, productId, true);
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.ownerUserId, userId),
        or(
          and(eq(tickets.kind, 'live'), eq(tickets.productId, productId)),
          title && title.festivalIds.length > 0
            ? and(eq(tickets.kind, 'festival'), inArray(tickets.productId, title.festivalIds))
            : undefined,
        ),
      ),
    )
    .limit(1);
  if (!ticket) throw new DomainError('forbidden', 'chat_ticket_required');
  return { screening, moderator };
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

async function isMuted(db: Db, productId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMutes.userId })
    .from(chatMutes)
    .where(and(eq(chatMutes.productId, productId), eq(chatMutes.userId, userId)));
  return row !== undefined;
}

/** GET /screenings/{id}/chat: the room, its last messages (oldest first) and what the viewer may do. */
export async function openChat(ctx: AppContext, auth: Authenticated, productId: number): Promise<ChatRoom> {
  const { moderator } = await chatAccess(ctx, auth.user.id, productId);
  const db = ctx.database.db;
  const [room, rows, muted] = await Promise.all([
    roomState(db, productId),
    visibleMessages(db)
      .where(and(eq(chatMessages.productId, productId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_HISTORY_SIZE),
    isMuted(db, productId, auth.user.id),
  ]);
  return { room, messages: rows.reverse().map(toMessage), moderator, muted, user_id: auth.user.id };
}

/** Checks the viewer may follow the chat (the stream route, before it starts streaming). */
export async function assertChatReader(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
): Promise<void> {
  await chatAccess(ctx, auth.user.id, productId);
}

/**
 * POST /screenings/{id}/chat: until the screening ends, for a viewer not muted, while the chat is open;
 * the per-viewer limit and the slow mode answer 429 with the seconds to wait (moderators skip the slow
 * mode). The message reaches every stream of the screening when its transaction commits.
 */
export async function postChatMessage(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  body: string,
): Promise<ChatMessage> {
  const { screening, moderator } = await chatAccess(ctx, auth.user.id, productId);
  const db = ctx.database.db;
  const now = ctx.clock.now();
  if (now >= screening.endsAt) throw new DomainError('forbidden', 'chat_ended');
  const room = await roomState(db, productId);
  if (room.closed && !moderator) throw new DomainError('forbidden', 'chat_closed');
  if (await isMuted(db, productId, auth.user.id)) throw new DomainError('forbidden', 'chat_muted');
  if (room.slow_mode_seconds > 0 && !moderator) {
    const since = new Date(now.getTime() - room.slow_mode_seconds * 1000);
    const [last] = await db
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, auth.user.id),
          eq(chatMessages.productId, productId),
          gt(chatMessages.createdAt, since),
        ),
      )
      .orderBy(desc(chatMessages.createdAt))
      .limit(1);
    if (last) {
      const wait = Math.max(1, Math.ceil((last.createdAt.getTime() - since.getTime()) / 1000));
      throw new DomainError(
        'rate_limited',
        { key: 'chat_slow_mode', params: { count: wait } },
        { retryAfter: wait },
      );
    }
  }
  await ctx.rateLimiter.consume(chatMessageLimit, `${productId}:${auth.user.id}`);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ productId, userId: auth.user.id, profileId: auth.session.profileId, body, createdAt: now })
      .returning({ id: chatMessages.id });
    const [row] = await visibleMessages(tx).where(eq(chatMessages.id, inserted!.id));
    const message = toMessage(row!);
    await announceChatEvent(tx, productId, { type: 'message', message });
    return message;
  });
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
  await chatAccess(ctx, auth.user.id, message.productId);
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
  const { screening } = await chatAccess(ctx, auth.user.id, productId);
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
