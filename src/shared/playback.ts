import { z } from 'zod';
import { locales } from '../lib/locale';
import { productCardSchema } from './catalog';
import { audioKinds } from './catalog-constants';
import { preferencesSchema } from './preferences';
import { idSchema, idTextSchema } from './ids';

/**
 * The play calls (issue 5), under /api/v1; shared by the server, the player island and tests.
 *
 * - GET /core/ip → `{ ip }`: the caller's address as the server sees it (the default streaming-IP lookup).
 * - GET /play-info/{id}?streaming_ip&episode&using_ticket, GET /play-info?using_ticket&streaming_ip,
 *   GET /live-play-info/{id} and /live-play-info?using_ticket (screenings only) → 200 `PlayInfo`.
 *   A series without `episode` plays the episode the profile is at (the next one once it was watched).
 *   A festival id plays the first title of its programme. A bearer token may be an account's or the
 *   limited one a ticket opened (`auth` in an earlier answer).
 * - GET /play-preview-info/{id} → `PlayInfo` of the trailer (`preview: true`), no login.
 * - Refusals `{ message, plans?, starts_at? }`: 204 empty (no playable media: "movie currently not
 *   available"), 401 login needed, 402 `plans: true` (a subscription, purchase or ticket would give
 *   access), 403 not in region / not available now / plans not available / ticket invalid, used,
 *   expired or on another network, 410 screening ended, 425 `starts_at` screening not started.
 * - GET /check-ticket/{code}, /check-live-ticket/{code} → `TicketCheck`; 401 when the ticket belongs to
 *   an account and no login was sent; 404 unknown code.
 * - POST /core/save-watch-time (login, selected profile) `SaveWatchTime` → `{ watched }`.
 * - POST /core/player-report (login optional, rate limited) `PlayerReport` → 201 `{ message }`.
 */

/** Ticket codes are typed by people: letters, digits and dashes, compared upper-case. */
export const ticketCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/)
  .transform((code) => code.toUpperCase());

const ipSchema = z.union([z.ipv4(), z.ipv6()]);

export const playQuerySchema = z.object({
  /** The client's address as the streaming network sees it (GET /core/ip or a provider's service). */
  streaming_ip: ipSchema.optional(),
  episode: idTextSchema.optional(),
  using_ticket: ticketCodeSchema.optional(),
});
export type PlayQuery = z.infer<typeof playQuerySchema>;

/** Which player page: the play call it makes and the kinds of title it accepts. */
export type PlayerPageKind = 'title' | 'preview' | 'test' | 'live' | 'ticket' | 'live-ticket';

/** What a player page offers after a 402: the title page opening its purchase dialog at once. */
export interface PlayerOffer {
  href: string;
  /** Named as the title page's Buy button names it. */
  label: string;
}

export const ticketPlayQuerySchema = playQuerySchema.extend({ using_ticket: ticketCodeSchema });

export const previewQuerySchema = z.object({ streaming_ip: ipSchema.optional() });

export const ipResponseSchema = z.object({ ip: z.string() }).meta({ id: 'ClientIp' });

/** Subtitles come in the product's languages. */
const languageSchema = z.enum(locales);

export const playStreamSchema = z
  .object({
    /** Signed master playlist (VOD, or a live playlist for screenings); absolute path. */
    master: z.string(),
    subtitles: z.array(
      z.object({ lang: languageSchema, label: z.string(), url: z.string(), default: z.boolean() }),
    ),
    /**
     * The audio tracks in the order of the master playlist's audio renditions (the player's audio menu
     * labels them in the page's language); empty when the sound is inside the video.
     */
    audio: z.array(z.object({ lang: z.string(), kind: z.enum(audioKinds), default: z.boolean() })),
    /** Signed thumbs.vtt of the seek previews, or null. */
    thumbnails: z.string().nullable(),
    /** When the signed URLs stop working: ask for play-info again after it. */
    expires_at: z.string(),
  })
  .meta({ id: 'PlayStream' });

const episodeRefSchema = z.object({
  id: z.number().int(),
  season: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  en_title: z.string(),
});

/** A festival ticket covers its programme, a live one a screening (the database column takes these). */
export const ticketKinds = ['festival', 'live'] as const;
export type TicketKind = (typeof ticketKinds)[number];

/** The limited "account" a ticket code without login opens: it may only play that ticket's titles. */
export const ticketMeSchema = z
  .object({
    limited: z.literal(true),
    ticket: z.object({ code: z.string(), kind: z.enum(ticketKinds), product_id: z.number().int() }),
  })
  .meta({ id: 'TicketMe' });
export type TicketMe = z.infer<typeof ticketMeSchema>;

export const playInfoSchema = z
  .object({
    product: productCardSchema,
    episode: episodeRefSchema.nullable(),
    stream: playStreamSchema,
    /** Seconds. */
    duration: z.number(),
    /** Where to start (seconds): the saved position, 0 when none or when it was watched to the end. */
    resume_at: z.number(),
    watched: z.boolean(),
    markers: z.object({
      intro: z.object({ start: z.number(), end: z.number() }).nullable(),
      credits: z.number().nullable(),
    }),
    next_episode: episodeRefSchema.nullable(),
    /** The next episode starts by itself after a countdown at the end (the profile's setting). */
    autoplay_next: z.boolean(),
    /** The profile's audio and subtitle preferences; null without a profile (a ticket, a trailer). */
    preferences: preferencesSchema.nullable(),
    live: z.object({ starts_at: z.string(), ends_at: z.string(), now: z.string() }).nullable(),
    preview: z.boolean(),
    /** Present when a ticket code was used without login: keep the token for the next play calls. */
    auth: z.object({ me: ticketMeSchema, token: z.string() }).optional(),
  })
  .meta({ id: 'PlayInfo' });
export type PlayInfo = z.infer<typeof playInfoSchema>;

export const playRefusalSchema = z
  .object({
    message: z.string(),
    /** 402: something on sale would give access (the client shows the purchase options). */
    plans: z.boolean().optional(),
    /** 425: when the screening starts (the page counts down). */
    starts_at: z.string().optional(),
  })
  .meta({ id: 'PlayRefusal' });

export const ticketStatusSchema = z.enum(['valid', 'used', 'expired', 'wrong_network']);
export type TicketCheckStatus = z.infer<typeof ticketStatusSchema>;

export const ticketCheckSchema = z
  .object({
    status: ticketStatusSchema,
    kind: z.enum(ticketKinds),
    product: productCardSchema,
    /** Screenings: when it runs. */
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'TicketCheck' });
export type TicketCheck = z.infer<typeof ticketCheckSchema>;

/** GET /me/tickets: the account's tickets, newest first, each as a check would describe it. */
export const ownTicketsSchema = z
  .object({ tickets: z.array(ticketCheckSchema.extend({ code: z.string() })) })
  .meta({ id: 'OwnTickets' });
export type OwnTickets = z.infer<typeof ownTicketsSchema>;

export const ownTicketsQuerySchema = z.object({
  product_id: idTextSchema.optional(),
});

export const ticketParamSchema = z.object({
  code: ticketCodeSchema.meta({ param: { name: 'code', in: 'path' }, example: 'FEST-2026' }),
});

export const checkTicketQuerySchema = z.object({ streaming_ip: ipSchema.optional() });

/** At or past this share of the duration (or past the credits marker) a title counts as watched. */
export const WATCHED_SHARE = 0.95;

export const saveWatchTimeSchema = z
  .object({
    product_id: idSchema,
    episode_id: idSchema.nullable().optional(),
    /** Seconds. */
    position: z.number().min(0).max(86_400),
    duration: z.number().positive().max(86_400),
  })
  .meta({ id: 'SaveWatchTime' });
export type SaveWatchTime = z.infer<typeof saveWatchTimeSchema>;

export const watchTimeSavedSchema = z.object({ watched: z.boolean() }).meta({ id: 'WatchTimeSaved' });

/** What a viewer may report from the player (the database column takes its values from here). */
export const playerProblems = ['no_playback', 'buffering', 'quality', 'audio', 'subtitles', 'other'] as const;
export type PlayerProblem = (typeof playerProblems)[number];
export const playerProblemSchema = z.enum(playerProblems);

export const playerReportSchema = z
  .object({
    product_id: idSchema,
    episode_id: idSchema.nullable().optional(),
    position: z.number().min(0).max(86_400),
    problem: playerProblemSchema,
    description: z.string().trim().max(2000).optional(),
    /** The User-Agent or the player's own summary of the browser. */
    browser: z.string().trim().min(1).max(400),
    network: z.object({
      streaming_ip: ipSchema.nullable().optional(),
      /** navigator.connection.effectiveType and downlink (Mbit/s), where the browser tells. */
      effective_type: z.string().max(20).optional(),
      downlink: z.number().min(0).max(100_000).optional(),
    }),
  })
  .meta({ id: 'PlayerReport' });
export type PlayerReport = z.infer<typeof playerReportSchema>;

export const messageSchema = z.object({ message: z.string() });

/** POST /staff/grants (staff): what scripts/grant.mjs sends until payments write these rows. */
export const grantRequestSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('subscription'),
      user_name: z.string().min(3).max(200),
      plan: z.string().trim().min(1).max(40).default('granted'),
      days: z.number().int().positive().max(3660),
    }),
    z.object({
      type: z.literal('title'),
      user_name: z.string().min(3).max(200),
      product_id: idSchema,
    }),
    z.object({
      type: z.literal('ticket'),
      product_id: idSchema,
      /** Owner; without one the code works for whoever types it (and the first account claims it). */
      user_name: z.string().min(3).max(200).optional(),
      code: ticketCodeSchema.optional(),
      valid_until: z.iso.datetime().optional(),
    }),
  ])
  .meta({ id: 'GrantRequest' });
export type GrantRequest = z.infer<typeof grantRequestSchema>;

export const grantResultSchema = z
  .object({
    message: z.string(),
    type: z.enum(['subscription', 'title', 'ticket']),
    id: z.number().int(),
    /** Tickets: the code to hand out. */
    code: z.string().optional(),
    ends_at: z.string().optional(),
  })
  .meta({ id: 'GrantResult' });
