import { useId } from 'react';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { audioLabel } from '~/lib/player/audio';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import type { PlayInfo } from '~/shared/playback';
import { subtitleColors, subtitleSizes, type Preferences } from '~/shared/preferences-constants';
import type { Engine } from './engine';

/** How subtitles look: the profile's choice, changed here or on the profile page. */
export type SubtitleStyle = Pick<Preferences, 'subtitle_size' | 'subtitle_box' | 'subtitle_color'>;

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

interface PlaybackSettingsProps {
  locale: Locale;
  strings: PlayerStrings;
  engine: Engine;
  info: PlayInfo;
  /** The quality chosen (-1: automatic), kept by the panel's owner while the panel is closed. */
  quality: number;
  onQuality: (index: number) => void;
  /** Switches the audio track (its playlist index). */
  onAudio: (index: number) => void;
  /** The subtitle language shown, or 'off'; the controls draw the cues. */
  subtitle: string;
  onSubtitle: (lang: string) => void;
  subtitleStyle: SubtitleStyle;
  onSubtitleStyle: (style: Partial<SubtitleStyle>) => void;
  speed: number;
  onSpeed: (rate: number) => void;
}

/**
 * The settings of the settings panel: quality (when the stream has several), audio (when it has
 * several tracks), subtitles with their look, and speed.
 */
export function PlaybackSettings({
  locale,
  strings,
  engine,
  info,
  quality,
  onQuality,
  onAudio,
  subtitle,
  onSubtitle,
  subtitleStyle,
  onSubtitleStyle,
  speed,
  onSpeed,
}: PlaybackSettingsProps) {
  const live = Boolean(info.live);
  const qualities = engine.qualities;
  const playing = engine.playingQuality();
  const playingHeight = qualities.find((level) => level.index === playing)?.height;
  const tracks = info.stream.audio;
  const audioCount = engine.audioTrackCount();
  const boxId = useId();

  return (
    <>
      {qualities.length > 1 && (
        <Choice
          label={strings.quality}
          value={String(quality)}
          onChange={(value) => onQuality(Number(value))}
          options={[
            {
              value: '-1',
              label: playingHeight
                ? fillText(strings.autoWith, { quality: `${playingHeight}p` }, locale)
                : strings.auto,
            },
            ...[...qualities]
              .sort((a, b) => b.height - a.height)
              .map((level) => ({ value: String(level.index), label: `${level.height}p` })),
          ]}
          locale={locale}
          name="quality"
        />
      )}
      {audioCount > 1 && (
        <Choice
          label={strings.audio.label}
          value={String(engine.audioTrack())}
          onChange={(value) => onAudio(Number(value))}
          options={Array.from({ length: audioCount }, (_, index) => {
            const track = tracks[index];
            return {
              value: String(index),
              label: track ? audioLabel(track, tracks, locale, strings) : String(index + 1),
            };
          })}
          locale={locale}
          name="audio"
        />
      )}
      {info.stream.subtitles.length > 0 && (
        <>
          <Choice
            label={strings.subtitles}
            value={subtitle}
            onChange={onSubtitle}
            options={[
              { value: 'off', label: strings.off },
              ...info.stream.subtitles.map((track) => ({ value: track.lang, label: track.label })),
            ]}
            locale={locale}
            name="subtitles"
          />
          {subtitle !== 'off' && (
            <>
              <Choice
                label={strings.subtitleStyle.size}
                value={subtitleStyle.subtitle_size}
                onChange={(size) => onSubtitleStyle({ subtitle_size: size })}
                options={subtitleSizes.map((size) => ({
                  value: size,
                  label: strings.subtitleStyle.sizes[size],
                }))}
                locale={locale}
                name="subtitle-size"
              />
              <Choice
                label={strings.subtitleStyle.color}
                value={subtitleStyle.subtitle_color}
                onChange={(color) => onSubtitleStyle({ subtitle_color: color })}
                options={subtitleColors.map((color) => ({
                  value: color,
                  label: strings.subtitleStyle.colors[color],
                }))}
                locale={locale}
                name="subtitle-color"
              />
              <label htmlFor={boxId} className="flex min-h-11 items-center gap-3 text-sm font-bold">
                <input
                  id={boxId}
                  type="checkbox"
                  checked={subtitleStyle.subtitle_box}
                  onChange={(event) => onSubtitleStyle({ subtitle_box: event.target.checked })}
                  className="size-5 shrink-0 accent-white"
                  data-setting="subtitle-box"
                />
                {strings.subtitleStyle.box}
              </label>
            </>
          )}
        </>
      )}
      {!live && (
        <Choice
          label={strings.speed}
          value={String(speed)}
          onChange={(value) => onSpeed(Number(value))}
          options={SPEEDS.map((rate) => ({
            value: String(rate),
            label: rate === 1 ? strings.normal : `${rate}×`,
          }))}
          locale={locale}
          name="speed"
        />
      )}
    </>
  );
}

/** A labelled select; the value handed back is the chosen option's own (typed) value. */
function Choice<T extends string>({
  label,
  value,
  onChange,
  options,
  locale,
  name,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
  locale: Locale;
  /** What the setting is, for tests and support (data-setting). */
  name: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-bold">
      {label}
      <select
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        data-setting={name}
        className="min-h-11 rounded-lg border border-white/30 bg-neutral-800 px-3 font-normal text-white"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {localDigits(option.label, locale)}
          </option>
        ))}
      </select>
    </label>
  );
}
