import { describe, expect, it } from 'vitest';
import { audioLabel, audioPreferenceOf, preferredAudio, type AudioTrack } from '~/lib/player/audio';
import en from '~/i18n/en.json';
import fa from '~/i18n/fa.json';
import { defaultPreferences } from '~/shared/preferences';

/** Issue 29: which audio track the player starts with, and how the audio menu names each. */
const tracks: AudioTrack[] = [
  { lang: 'en', kind: 'original', default: true },
  { lang: 'fa', kind: 'dub', default: false },
  { lang: 'en', kind: 'description', default: false },
];
const prefer = (audio_language: string, audio_description = false) => ({
  ...defaultPreferences,
  audio_language,
  audio_description,
});

describe('the audio track a profile starts with', () => {
  it("keeps the package's default without a profile, with 'auto', or with one track", () => {
    expect(preferredAudio(tracks, null)).toBe(-1);
    expect(preferredAudio(tracks, defaultPreferences)).toBe(-1);
    expect(preferredAudio(tracks.slice(0, 1), prefer('en'))).toBe(-1);
  });

  it('takes the language asked for, the description only when asked for', () => {
    expect(preferredAudio(tracks, prefer('fa'))).toBe(1);
    expect(preferredAudio(tracks, prefer('en'))).toBe(0);
    expect(preferredAudio(tracks, prefer('en', true))).toBe(2);
    expect(preferredAudio(tracks, prefer('auto', true))).toBe(2);
    // No Persian description: the Persian dub rather than another language's description.
    expect(preferredAudio(tracks, prefer('fa', true))).toBe(1);
    expect(preferredAudio(tracks, prefer('de'))).toBe(-1);
  });

  it('remembers a chosen track as its language and whether it describes the picture', () => {
    expect(audioPreferenceOf(tracks[1]!)).toEqual({ audio_language: 'fa', audio_description: false });
    expect(audioPreferenceOf(tracks[2]!)).toEqual({ audio_language: 'en', audio_description: true });
  });
});

describe('audio menu labels', () => {
  it("name each track in the page's language", () => {
    expect(tracks.map((track) => audioLabel(track, tracks, 'fa', fa.player))).toEqual([
      'انگلیسی (اصلی)',
      'فارسی (دوبله)',
      'توصیف صوتی',
    ]);
    expect(tracks.map((track) => audioLabel(track, tracks, 'en', en.player))).toEqual([
      'English (original)',
      'Persian (dub)',
      'Audio description',
    ]);
  });

  it('say the language of a description when there are two', () => {
    const two: AudioTrack[] = [...tracks, { lang: 'fa', kind: 'description', default: false }];
    expect(audioLabel(two[3]!, two, 'en', en.player)).toBe('Audio description (Persian)');
    expect(audioLabel(two[3]!, two, 'fa', fa.player)).toBe('توصیف صوتی (فارسی)');
  });
});
