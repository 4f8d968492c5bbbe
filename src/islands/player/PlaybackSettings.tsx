import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import type { PlayInfo } from '~/shared/playback';
import type { Engine } from './engine';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

interface PlaybackSettingsProps {
  locale: Locale;
  strings: PlayerStrings;
  engine: Engine;
  info: PlayInfo;
  /** The quality chosen (-1: automatic), kept by the panel's owner while the panel is closed. */
  quality: number;
  onQuality: (index: number) => void;
  /** The subtitle language shown, or 'off'; the controls draw the cues. */
  subtitle: string;
  onSubtitle: (lang: string) => void;
  speed: number;
  onSpeed: (rate: number) => void;
}

/** The settings of the settings panel: quality (when the stream has several), subtitles and speed. */
export function PlaybackSettings({
  locale,
  strings,
  engine,
  info,
  quality,
  onQuality,
  subtitle,
  onSubtitle,
  speed,
  onSpeed,
}: PlaybackSettingsProps) {
  const live = Boolean(info.live);
  const qualities = engine.qualities;
  const playing = engine.playingQuality();
  const playingHeight = qualities.find((level) => level.index === playing)?.height;

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
        />
      )}
      {info.stream.subtitles.length > 0 && (
        <Choice
          label={strings.subtitles}
          value={subtitle}
          onChange={onSubtitle}
          options={[
            { value: 'off', label: strings.off },
            ...info.stream.subtitles.map((track) => ({ value: track.lang, label: track.label })),
          ]}
          locale={locale}
        />
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
        />
      )}
    </>
  );
}

function Choice({
  label,
  value,
  onChange,
  options,
  locale,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  locale: Locale;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-bold">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
