import { z } from 'zod';
import { locales } from '../lib/locale';

/**
 * How a profile likes to watch (issue 29): its audio, its subtitles and how they look. The player
 * starts with them and saves what the viewer changes there; the profile page sets them too.
 *
 * - `Profile.preferences` (GET /me, GET /me/profiles) and `PlayInfo.preferences` carry them.
 * - POST /me/preferences (JSON, the profile selected on this device) `PreferencesUpdate` → `{ profile }`.
 * - POST /me/profiles/{id} (the profile form, multipart) takes the same fields as strings.
 */

export const subtitleSizes = ['small', 'medium', 'large'] as const;
export type SubtitleSize = (typeof subtitleSizes)[number];
/** Each drawn with a dark outline, and on a dark box when `subtitle_box`: readable on any picture. */
export const subtitleColors = ['white', 'yellow', 'cyan'] as const;
export type SubtitleColor = (typeof subtitleColors)[number];

/** 'auto': the title's default audio (its original, or the one its package marks as default). */
export const AUTO = 'auto';
/** 'auto', or an ISO 639 language code as HLS writes it in LANGUAGE (fa, en, fr, ...). */
export const audioLanguageSchema = z.string().regex(/^(?:auto|[a-z]{2,3})$/);
/** 'auto': Persian on Persian pages when the title has it, else off; 'off': never. */
export const subtitleLanguageSchema = z.enum([AUTO, 'off', ...locales]);

export const preferencesSchema = z
  .object({
    audio_language: audioLanguageSchema,
    /** The audio description track, when a title has one in the chosen language. */
    audio_description: z.boolean(),
    subtitle_language: subtitleLanguageSchema,
    subtitle_size: z.enum(subtitleSizes),
    /** A dark box behind the lines (else only the outline). */
    subtitle_box: z.boolean(),
    subtitle_color: z.enum(subtitleColors),
  })
  .meta({ id: 'PlaybackPreferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  audio_language: AUTO,
  audio_description: false,
  subtitle_language: AUTO,
  subtitle_size: 'medium',
  subtitle_box: true,
  subtitle_color: 'white',
};

/** Any of the fields; what is left out stays as it was. */
export const preferencesUpdateSchema = preferencesSchema.partial().strict().meta({ id: 'PreferencesUpdate' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
