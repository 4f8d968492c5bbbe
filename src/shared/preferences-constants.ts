import type { Locale } from '../lib/locale';

/**
 * The values of a profile's playback preferences (src/shared/preferences.ts holds their schemas), kept
 * apart from zod so the player and the profile page carry only these few words.
 */

export const subtitleSizes = ['small', 'medium', 'large'] as const;
export type SubtitleSize = (typeof subtitleSizes)[number];
/** Each drawn with a dark outline, and on a dark box when `subtitle_box`: readable on any picture. */
export const subtitleColors = ['white', 'yellow', 'cyan'] as const;
export type SubtitleColor = (typeof subtitleColors)[number];

/** 'auto': the title's default audio, or for subtitles the page's language when the title has it. */
export const AUTO = 'auto';

export interface Preferences {
  /** 'auto', or an ISO 639 language code as HLS writes it in LANGUAGE (fa, en, fr, ...). */
  audio_language: string;
  /** The audio description track, when a title has one in the chosen language. */
  audio_description: boolean;
  /** 'auto': Persian on Persian pages when the title has it, else off; 'off': never. */
  subtitle_language: typeof AUTO | 'off' | Locale;
  subtitle_size: SubtitleSize;
  /** A dark box behind the lines (else only the outline). */
  subtitle_box: boolean;
  subtitle_color: SubtitleColor;
}

export const defaultPreferences: Preferences = {
  audio_language: AUTO,
  audio_description: false,
  subtitle_language: AUTO,
  subtitle_size: 'medium',
  subtitle_box: true,
  subtitle_color: 'white',
};
