import { z } from 'zod';
import { idSchema } from './ids';

/*
 * The screening chat (issue 30, docs/decisions/0048).
 * - GET /screenings/{id}/chat (ticket holder or moderator, else 403): the room and its last messages.
 * - GET /screenings/{id}/chat/stream: server-sent events, `message` (a ChatMessage), `deleted`
 *   (`{ id }`), `room` (a ChatRoomState); a comment line every 20 s keeps proxies from closing it.
 * - POST /screenings/{id}/chat `{ body }` → 201 ChatMessage; 422 (empty, too long, control characters,
 *   field `body`), 403 (no ticket, muted, chat closed), 429 with Retry-After (rate limit, slow mode).
 * - POST /chat-messages/{id}/report → 200 `{ message }` (once per viewer; again changes nothing).
 * - GET /screenings/{id}/chat/replay?until=<seconds> → messages with `offset` seconds from the start.
 * - Staff (moderator): DELETE /staff/chat-messages/{id}, POST /staff/screenings/{id}/chat/mutes
 *   `{ user_id }`, PATCH /staff/screenings/{id}/chat `{ closed?, slow_mode_seconds? }`,
 *   GET /staff/screenings/{id}/chat/reports. Every one is audited (chat.delete, chat.mute, chat.room).
 */

export const MAX_CHAT_MESSAGE_LENGTH = 500;
export const MAX_SLOW_MODE_SECONDS = 600;
/** Messages a room answers with when a viewer arrives. */
export const CHAT_HISTORY_SIZE = 50;

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    author: z.string(),
    avatar_url: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomStateSchema = z
  .object({
    closed: z.boolean(),
    slow_mode_seconds: z.number().int(),
  })
  .meta({ id: 'ChatRoomState' });
export type ChatRoomState = z.infer<typeof chatRoomStateSchema>;

export const chatRoomSchema = z
  .object({
    room: chatRoomStateSchema,
    messages: z.array(chatMessageSchema),
    /** The viewer may delete, mute and close (role moderator). */
    moderator: z.boolean(),
    muted: z.boolean(),
    user_id: z.number().int(),
  })
  .meta({ id: 'ChatRoom' });
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const postChatMessageSchema = z
  .object({ body: z.string().trim().min(1).max(MAX_CHAT_MESSAGE_LENGTH) })
  .meta({ id: 'PostChatMessage' });

export const chatRoomChangeSchema = z
  .object({
    closed: z.boolean().optional(),
    slow_mode_seconds: z.number().int().min(0).max(MAX_SLOW_MODE_SECONDS).optional(),
  })
  .meta({ id: 'ChatRoomChange' });
export type ChatRoomChange = z.infer<typeof chatRoomChangeSchema>;

export const chatMuteSchema = z.object({ user_id: idSchema }).meta({ id: 'ChatMute' });

export const chatReplayQuerySchema = z.object({
  /** Seconds from the screening's start; messages written up to then. */
  until: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
});

export const chatReplaySchema = z
  .object({
    starts_at: z.string(),
    messages: z.array(chatMessageSchema.extend({ offset: z.number() })),
  })
  .meta({ id: 'ChatReplay' });
export type ChatReplay = z.infer<typeof chatReplaySchema>;

export const chatReportsSchema = z
  .object({
    messages: z.array(chatMessageSchema.extend({ reports: z.number().int(), deleted: z.boolean() })),
  })
  .meta({ id: 'ChatReports' });

/** One server-sent event of the stream, as the island reads it. */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'deleted'; id: number }
  | { type: 'room'; room: ChatRoomState };

export const chatScreeningsSchema = z
  .object({
    screenings: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        en_title: z.string(),
        starts_at: z.string(),
        ends_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'ChatScreenings' });
export type ChatScreenings = z.infer<typeof chatScreeningsSchema>;
export type ChatReports = z.infer<typeof chatReportsSchema>;
