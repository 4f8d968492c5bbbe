import type { Locale } from '../locale';
import type { Preferences } from '~/shared/preferences';
import type { PlayInfo } from '~/shared/playback';
import { fillText, type PlayerStrings } from './text';

/**
 * The audio tracks of a title as the player offers them (issue 29). The play call lists them in the
 * order of the master playlist's audio renditions, which is also the order of hls.js's `audioTracks`
 * and of the browser's own `audioTracks`: a track is known by its index in both.
 */
export type AudioTrack = PlayInfo['stream']['audio'][number];

/** The HLS characteristic that marks a track narrating the picture (RFC 8216bis, CHARACTERISTICS). */
export const DESCRIBES_VIDEO = 'public.accessibility.describes-video';

/** "Persian (dub)", "English (original)", "Audio description": in the page's language. */
export function audioLabel(track: AudioTrack, tracks: AudioTrack[], locale: Locale, strings: PlayerStrings) {
  const language = languageName(track.lang, locale);
  if (track.kind === 'description') {
    // The language is said only when two descriptions would otherwise read the same.
    const several = tracks.filter((other) => other.kind === 'description').length > 1;
    return several ? fillText(strings.audio.descriptionIn, { language }, locale) : strings.audio.description;
  }
  return fillText(track.kind === 'dub' ? strings.audio.dub : strings.audio.original, { language }, locale);
}

function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The track the profile prefers, or -1 for the package's own default: its language (the audio
 * description in that language when the profile asks for one, else the plain track), then any audio
 * description when only that was asked for.
 */
export function preferredAudio(tracks: AudioTrack[], preferences: Preferences | null): number {
  if (!preferences || tracks.length < 2) return -1;
  const { audio_language: language, audio_description: description } = preferences;
  const described = (track: AudioTrack) => (track.kind === 'description') === description;
  if (language !== 'auto') {
    const exact = tracks.findIndex((track) => track.lang === language && described(track));
    if (exact !== -1) return exact;
    return tracks.findIndex((track) => track.lang === language && track.kind !== 'description');
  }
  return description ? tracks.findIndex((track) => track.kind === 'description') : -1;
}

/** What the profile remembers when the viewer picks a track. */
export function audioPreferenceOf(
  track: AudioTrack,
): Pick<Preferences, 'audio_language' | 'audio_description'> {
  return { audio_language: track.lang, audio_description: track.kind === 'description' };
}
