import { z } from 'zod';
import { locales } from '../lib/locale';
import { AUTO, subtitleColors, subtitleSizes, type Preferences } from './preferences-constants';

/**
 * How a profile likes to watch (issue 29): its audio, its subtitles and how they look. The player
 * starts with them and saves what the viewer changes there; the profile page sets them too.
 *
 * - `Profile.preferences` (GET /me, GET /me/profiles) and `PlayInfo.preferences` carry them.
 * - POST /me/preferences (JSON, the profile selected on this device) `PreferencesUpdate` → `{ profile }`.
 * - POST /me/profiles/{id} (the profile form, multipart) takes the same fields as strings.
 */

export {
  AUTO,
  defaultPreferences,
  subtitleColors,
  subtitleSizes,
  type Preferences,
  type SubtitleColor,
  type SubtitleSize,
} from './preferences-constants';

/** 'auto', or an ISO 639 language code as HLS writes it in LANGUAGE (fa, en, fr, ...). */
export const audioLanguageSchema = z.string().regex(/^(?:auto|[a-z]{2,3})$/);
/** 'auto': Persian on Persian pages when the title has it, else off; 'off': never. */
export const subtitleLanguageSchema = z.enum([AUTO, 'off', ...locales]);

export const preferencesSchema = z
  .object({
    audio_language: audioLanguageSchema,
    audio_description: z.boolean(),
    subtitle_language: subtitleLanguageSchema,
    subtitle_size: z.enum(subtitleSizes),
    subtitle_box: z.boolean(),
    subtitle_color: z.enum(subtitleColors),
  })
  .meta({ id: 'PlaybackPreferences' }) satisfies z.ZodType<Preferences>;

/** Any of the fields; what is left out stays as it was. */
export const preferencesUpdateSchema = preferencesSchema.partial().strict().meta({ id: 'PreferencesUpdate' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
