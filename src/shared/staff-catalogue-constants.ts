/**
 * The staff console's catalogue section (issue 17): plain values without zod, for the database
 * schema, the server and the console's islands.
 */

/** queued (uploaded, waiting its turn) → packaging → ready (attached to the title) | failed. */
export const mediaJobStatuses = ['queued', 'packaging', 'ready', 'failed'] as const;
export type MediaJobStatus = (typeof mediaJobStatuses)[number];

/**
 * A source video is streamed to disk, never buffered: a feature film's master fits. Astro's request cap
 * (astro.config.mjs, which every /api/v1 body passes through first) sits just above it.
 */
export const MAX_VIDEO_UPLOAD_BYTES = 8 * 1024 ** 3;
/** An extra audio track of a title (a dub, a description): a feature's uncompressed WAV fits. */
export const MAX_AUDIO_UPLOAD_BYTES = 2 * 1024 ** 3;
/**
 * The languages the console offers for audio tracks (ISO 639-1): Persian and the languages films
 * shown here come in most. Any other code may be sent through the API.
 */
export const AUDIO_LANGUAGES = [
  'fa',
  'en',
  'ar',
  'tr',
  'fr',
  'de',
  'es',
  'it',
  'ru',
  'ko',
  'ja',
  'zh',
  'hi',
] as const;
/** Posters and covers: a large print-quality picture fits. */
export const MAX_ARTWORK_UPLOAD_BYTES = 16 * 1024 ** 2;

/** The content types a source video may come as (anything ffmpeg reads; these are what browsers send). */
export const VIDEO_UPLOAD_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-matroska',
  'video/webm',
  'video/mp2t',
  'application/octet-stream',
] as const;
export const ARTWORK_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** Age ratings shown to viewers. */
export const ageRatings = ['G', 'PG', '12', '15', '18'] as const;

/** Seconds between progress reads while a package is being made (the console polls). */
export const MEDIA_JOB_POLL_MS = 1000;
