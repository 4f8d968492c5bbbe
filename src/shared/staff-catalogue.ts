import { z } from 'zod';
import { locales } from '../lib/locale';
import { artworkImageSchema, audioKinds, audioTrackSchema, productKindSchema } from './catalog';
import { idSchema, idTextSchema } from './ids';
import { ageRatings, mediaJobStatuses } from './staff-catalogue-constants';
import { customIssue } from './validation';

/**
 * The staff console's catalogue section (issue 17, docs/decisions/0031), under /api/v1/staff/catalogue.
 * Roles: catalogue (and admin). Persian texts are `x`, English `en_x`, as in the viewers' catalogue.
 *
 * - GET /titles?q&kind&page → `StaffTitlePage`; GET /titles/{id} → `StaffTitle`.
 * - POST /titles `TitleInput` → 201 `{ message, title }`; PUT /titles/{id} `TitleInput` → `{ message, title }`
 *   (the whole title each time; its kind never changes).
 * - PUT /titles/{id}/artwork/{poster|cover} with the picture as the body (`image/*`) → `{ message, title }`.
 * - PUT /titles/{id}/video?episode_id with the source video as the body (`video/*`), streamed to disk
 *   → 202 `{ message, job }`; GET /media-jobs/{id} → `MediaJob`, polled while it is packaged.
 * - PUT /titles/{id}/audio?lang&kind&episode_id with an extra audio track as the body (`audio/*`: a dub,
 *   an audio description) → 201 `{ message, audio }`; the video's upload then names the tracks it is
 *   packaged with: `?audio=<id>,<id>&audio_lang=<the language of the video's own sound>` (issue 29).
 * - GET /options → `CatalogueOptions` (genres, categories, credit roles to choose from).
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
const moment = z.iso.datetime({ offset: true }).nullable().default(null);
const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => COUNTRY_PATTERN.test(value), customIssue('country_invalid'));
const positiveMoney = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null);

export const creditInputSchema = z.object({
  role: z.enum(['director', 'writer', 'producer', 'other']),
  name: text(120),
  en_name: text(120),
});

export const episodeInputSchema = z.object({
  number: z.number().int().min(1).max(999),
  title: text(200),
  en_title: text(200),
  synopsis: optionalText(4000),
  en_synopsis: optionalText(4000),
  duration_minutes: z.number().int().min(1).max(1000).nullable().default(null),
});

export const seasonInputSchema = z.object({
  number: z.number().int().min(1).max(99),
  title: text(200),
  en_title: text(200),
  episodes: z.array(episodeInputSchema).max(200).default([]),
});

export const saleInputSchema = z
  .object({
    /** Films, series and music: watched with a subscription. */
    in_subscription: z.boolean().default(true),
    /** Films, series and music: bought on their own (needs prices). */
    purchasable: z.boolean().default(true),
    /** Minor units: rials and cents. Both or neither. */
    price_irr: positiveMoney,
    price_usd: positiveMoney,
  })
  .superRefine((sale, issue) => {
    if ((sale.price_irr === null) !== (sale.price_usd === null)) {
      const missing = sale.price_irr === null ? 'price_irr' : 'price_usd';
      issue.addIssue({ code: 'custom', path: [missing], ...customIssue('price_both_currencies') });
    }
  });

const windowChecked = <T extends z.ZodType<TitleFields>>(schema: T) =>
  schema.superRefine((title, issue) => {
    if (title.available_from && title.available_until && title.available_until <= title.available_from) {
      issue.addIssue({ code: 'custom', path: ['available_until'], ...customIssue('window_order') });
    }
    if (title.kind === 'screening') {
      for (const field of ['starts_at', 'ends_at'] as const) {
        if (!title[field]) issue.addIssue({ code: 'custom', path: [field], ...customIssue('required') });
      }
    }
    if (title.starts_at && title.ends_at && title.ends_at <= title.starts_at) {
      issue.addIssue({ code: 'custom', path: ['ends_at'], ...customIssue('window_order') });
    }
    if (title.kind !== 'series' && title.seasons.length > 0) {
      issue.addIssue({ code: 'custom', path: ['seasons'], ...customIssue('seasons_only_series') });
    }
    if (title.kind !== 'festival' && title.programme.length > 0) {
      issue.addIssue({ code: 'custom', path: ['programme'], ...customIssue('programme_only_festival') });
    }
    const numbers = title.seasons.map((season) => season.number);
    if (new Set(numbers).size !== numbers.length) {
      issue.addIssue({ code: 'custom', path: ['seasons'], ...customIssue('numbers_repeat') });
    }
    title.seasons.forEach((season, index) => {
      const episodes = season.episodes.map((episode) => episode.number);
      if (new Set(episodes).size !== episodes.length) {
        issue.addIssue({
          code: 'custom',
          path: ['seasons', index, 'episodes'],
          ...customIssue('numbers_repeat'),
        });
      }
    });
  });

const titleFieldsSchema = z.object({
  kind: productKindSchema,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(80)
    .refine((value) => SLUG_PATTERN.test(value), customIssue('slug_invalid')),
  title: text(200),
  en_title: text(200),
  synopsis: text(4000),
  en_synopsis: text(4000),
  /** A category slug from `CatalogueOptions.categories`. */
  category: text(40),
  release_date: z.iso.date().nullable().default(null),
  duration_minutes: z.number().int().min(1).max(1000).nullable().default(null),
  country: country.nullable().default(null),
  age_rating: z.enum(ageRatings).nullable().default(null),
  subtitle_languages: z.array(z.enum(locales)).max(locales.length).default([]),
  /** Countries where it may be shown (ISO 3166-1 alpha-2); empty means everywhere. */
  regions: z.array(country).max(250).default([]),
  is_free: z.boolean().default(false),
  /** The licence window; null is open on that side. */
  available_from: moment,
  available_until: moment,
  /** Online screenings: when it runs (required for them). */
  starts_at: moment,
  ends_at: moment,
  /** Genre slugs from `CatalogueOptions.genres`. */
  genres: z.array(text(40)).max(20).default([]),
  credits: z.array(creditInputSchema).max(100).default([]),
  /** Series only. */
  seasons: z.array(seasonInputSchema).max(50).default([]),
  /** Festivals only: the ids of the titles in the programme, in order. */
  programme: z.array(z.number().int().positive()).max(200).default([]),
  sale: saleInputSchema.default({
    in_subscription: true,
    purchasable: true,
    price_irr: null,
    price_usd: null,
  }),
});
type TitleFields = z.output<typeof titleFieldsSchema>;

export const titleInputSchema = windowChecked(titleFieldsSchema).meta({ id: 'StaffTitleInput' });
export type TitleInput = z.output<typeof titleInputSchema>;

export const mediaJobSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    episode_id: z.number().int().nullable(),
    status: z.enum(mediaJobStatuses),
    progress: z.number().int().min(0).max(100),
    asset: z.string(),
    source_bytes: z.number().int(),
    /** The language of the video's own sound, when it was sent with more audio tracks. */
    audio_lang: z.string().nullable(),
    /** The extra audio tracks packaged with it. */
    audio: z.array(audioTrackSchema),
    error: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'StaffMediaJob' });
export type MediaJob = z.infer<typeof mediaJobSchema>;

export const staffTitleSchema = titleFieldsSchema
  .extend({
    id: z.number().int(),
    /** The viewers' page of the title, in the language asked for. */
    href: z.string(),
    poster: artworkImageSchema,
    cover: artworkImageSchema,
    /** The package that plays the title itself, if any. */
    asset: z.string().nullable(),
    /** Episodes with their ids (to upload each one's video). */
    seasons: z.array(
      seasonInputSchema.extend({
        id: z.number().int(),
        episodes: z.array(episodeInputSchema.extend({ id: z.number().int(), asset: z.string().nullable() })),
      }),
    ),
    /** The latest upload of each video of the title, newest first. */
    media_jobs: z.array(mediaJobSchema),
    /** Why viewers cannot buy it although it is for sale: `no_video` until something plays. */
    not_on_sale: z.enum(['no_video']).nullable(),
    published_at: z.iso.datetime(),
  })
  .meta({ id: 'StaffTitle' });
export type StaffTitle = z.infer<typeof staffTitleSchema>;

export const staffTitleSummarySchema = z
  .object({
    id: z.number().int(),
    kind: productKindSchema,
    slug: z.string(),
    title: z.string(),
    en_title: z.string(),
    poster: artworkImageSchema,
    playable: z.boolean(),
    published_at: z.iso.datetime(),
  })
  .meta({ id: 'StaffTitleSummary' });

export const staffTitlePageSchema = z
  .object({
    titles: z.array(staffTitleSummarySchema),
    page: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'StaffTitlePage' });
export type StaffTitlePage = z.infer<typeof staffTitlePageSchema>;

export const staffTitleQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ param: { name: 'q', in: 'query' } }),
  kind: productKindSchema.optional().meta({ param: { name: 'kind', in: 'query' } }),
  page: z.coerce
    .number()
    .int()
    .positive()
    .max(10_000)
    .default(1)
    .meta({ param: { name: 'page', in: 'query' } }),
});

const namedSchema = z.object({ slug: z.string(), name: z.string(), en_name: z.string() });
export const catalogueOptionsSchema = z
  .object({
    genres: z.array(namedSchema),
    categories: z.array(namedSchema),
    credit_roles: z.array(z.string()),
    age_ratings: z.array(z.string()),
  })
  .meta({ id: 'StaffCatalogueOptions' });
export type CatalogueOptions = z.infer<typeof catalogueOptionsSchema>;

export const titleParamSchema = z.object({
  id: idTextSchema.meta({ param: { name: 'id', in: 'path' }, example: 8 }),
});
export const artworkParamSchema = titleParamSchema.extend({
  shape: z.enum(['poster', 'cover']).meta({ param: { name: 'shape', in: 'path' }, example: 'poster' }),
});
const languageCode = z.string().regex(/^[a-z]{2,3}$/);

export const videoQuerySchema = z.object({
  /** Series: the episode the video plays. */
  episode_id: idTextSchema.optional().meta({ param: { name: 'episode_id', in: 'query' } }),
  /** Extra audio tracks uploaded before (their ids, comma-separated, at most eight). */
  audio: z
    .string()
    .regex(/^[0-9a-f]{16}(?:,[0-9a-f]{16}){0,7}$/)
    .optional()
    .meta({ param: { name: 'audio', in: 'query' } }),
  /** With `audio`: the language of the video's own sound (ISO 639: fa, en, ...). */
  audio_lang: languageCode.optional().meta({ param: { name: 'audio_lang', in: 'query' } }),
});

export const audioQuerySchema = z.object({
  episode_id: idTextSchema.optional().meta({ param: { name: 'episode_id', in: 'query' } }),
  lang: languageCode.meta({ param: { name: 'lang', in: 'query' }, example: 'fa' }),
  kind: z.enum(audioKinds).meta({ param: { name: 'kind', in: 'query' }, example: 'dub' }),
});

export const stagedAudioSchema = audioTrackSchema
  .extend({ id: z.string(), bytes: z.number().int() })
  .meta({ id: 'StaffStagedAudio' });
export type StagedAudio = z.infer<typeof stagedAudioSchema>;
export const audioAnswerSchema = z.object({ message: z.string(), audio: stagedAudioSchema });
export type AudioAnswer = z.infer<typeof audioAnswerSchema>;

export const titleAnswerSchema = z.object({ message: z.string(), title: staffTitleSchema });
export type TitleAnswer = z.infer<typeof titleAnswerSchema>;
export const mediaJobAnswerSchema = z.object({ message: z.string(), job: mediaJobSchema });
export type MediaJobAnswer = z.infer<typeof mediaJobAnswerSchema>;

/**
 * Cafe sessions of a title (issue 14's cafes), scheduled from the title in the console:
 * GET /titles/{id}/cafe-sessions → `TitleCafeSessions`; POST /titles/{id}/cafe-sessions `CafeSessionInput`
 * → 201 `{ message, session }`; PUT /cafe-sessions/{id} → `{ message, session }`; DELETE
 * /cafe-sessions/{id} → `{ message }` (only while no seat is held or sold).
 */
export const cafeSessionInputSchema = z
  .object({
    cafe_id: idSchema,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    seats: z.number().int().min(1).max(10_000),
    /** Per seat, before VAT, in rials and cents. */
    price_irr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    price_usd: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .superRefine((session, issue) => {
    if (Date.parse(session.ends_at) <= Date.parse(session.starts_at)) {
      issue.addIssue({ code: 'custom', path: ['ends_at'], ...customIssue('window_order') });
    }
  })
  .meta({ id: 'StaffCafeSessionInput' });
export type CafeSessionInput = z.output<typeof cafeSessionInputSchema>;

export const staffCafeSessionSchema = z
  .object({
    id: z.number().int(),
    cafe_id: z.number().int(),
    product_id: z.number().int(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime(),
    seats: z.number().int(),
    /** Held by payments in progress, and sold. */
    reserved: z.number().int(),
    sold: z.number().int(),
    price_irr: z.number().int(),
    price_usd: z.number().int(),
  })
  .meta({ id: 'StaffCafeSession' });
export type StaffCafeSession = z.infer<typeof staffCafeSessionSchema>;

export const titleCafeSessionsSchema = z
  .object({
    cafes: z.array(
      z.object({ id: z.number().int(), name: z.string(), en_name: z.string(), capacity: z.number().int() }),
    ),
    /** Soonest first, past ones included. */
    sessions: z.array(staffCafeSessionSchema),
  })
  .meta({ id: 'StaffTitleCafeSessions' });
export type TitleCafeSessions = z.infer<typeof titleCafeSessionsSchema>;

export const cafeSessionAnswerSchema = z.object({ message: z.string(), session: staffCafeSessionSchema });
