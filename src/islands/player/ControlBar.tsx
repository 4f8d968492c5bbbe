import type { ReactNode, RefObject } from 'react';
import type { Locale } from '~/lib/locale';
import { SEEK_STEP } from '~/lib/player/hotkeys';
import type { PlayerStrings } from '~/lib/player/text';
import { formatTime } from '~/lib/player/time';
import type { PlayInfo } from '~/shared/playback';
import { Icon, iconButton, icons } from './icons';
import { toggleFullscreen } from './media';
import { SeekBar } from './SeekBar';

interface ControlBarProps {
  locale: Locale;
  strings: PlayerStrings;
  video: HTMLVideoElement;
  container: RefObject<HTMLDivElement | null>;
  info: PlayInfo;
  shown: boolean;
  paused: boolean;
  time: number;
  duration: number;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
  /** The settings button with its panel. */
  settings: ReactNode;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onSeekBy: (seconds: number) => void;
  onToggleMute: () => void;
  /** The volume slider moved; shown at once, like the timeline. */
  onVolume: (level: number) => void;
  onReport: () => void;
}

/** The bar under the picture: the timeline, then play, seek, sound, time, report, settings and screen. */
export function ControlBar({
  locale,
  strings,
  video,
  container,
  info,
  shown,
  paused,
  time,
  duration,
  muted,
  volume,
  fullscreen,
  settings,
  onTogglePlay,
  onSeek,
  onSeekBy,
  onToggleMute,
  onVolume,
  onReport,
}: ControlBarProps) {
  const live = Boolean(info.live);
  const pipSupported =
    typeof document !== 'undefined' && document.pictureInPictureEnabled && !video.disablePictureInPicture;
  return (
    <div
      className={`bg-gradient-to-t from-black/90 to-transparent px-2 pt-8 pb-2 transition-opacity duration-300 md:px-4 ${shown ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
    >
      {!live && (
        <SeekBar
          key={info.stream.thumbnails}
          locale={locale}
          strings={strings}
          time={time}
          duration={duration}
          thumbnails={info.stream.thumbnails}
          onSeek={onSeek}
        />
      )}
      {/* Media controls keep their left-to-right order in Persian too, like the timeline above them. */}
      <div className="flex items-center sm:gap-1" dir="ltr">
        <button
          type="button"
          className={iconButton}
          onClick={onTogglePlay}
          aria-label={paused ? strings.play : strings.pause}
          aria-keyshortcuts="k Space"
        >
          <Icon path={paused ? icons.play : icons.pause} />
        </button>
        {!live && (
          <>
            <button
              type="button"
              className={iconButton}
              onClick={() => onSeekBy(-SEEK_STEP)}
              aria-label={strings.rewind}
              aria-keyshortcuts="j ArrowLeft"
            >
              <Icon path={icons.rewind} />
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => onSeekBy(SEEK_STEP)}
              aria-label={strings.forward}
              aria-keyshortcuts="l ArrowRight"
            >
              <Icon path={icons.forward} />
            </button>
          </>
        )}
        {/* Phones have volume keys; the bar keeps its room for the rest (M still mutes). */}
        <button
          type="button"
          className={`${iconButton} max-sm:hidden`}
          onClick={onToggleMute}
          aria-label={muted ? strings.unmute : strings.mute}
          aria-keyshortcuts="m"
        >
          <Icon path={muted ? icons.muted : icons.volume} />
        </button>
        <input
          type="range"
          dir="ltr"
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          onChange={(event) => onVolume(Number(event.target.value))}
          aria-label={strings.volume}
          className="hidden h-11 w-24 accent-white sm:block"
        />
        {live ? (
          <span className="ms-2 rounded bg-accent px-2 text-sm font-bold text-accent-ink">
            {strings.live}
          </span>
        ) : (
          <span
            className="ms-1 text-xs whitespace-nowrap tabular-nums sm:ms-2 sm:text-sm"
            dir="ltr"
            data-time
          >
            {formatTime(time, locale)} / {formatTime(duration, locale)}
          </span>
        )}
        {info.preview && (
          <span className="ms-2 rounded border border-white/60 px-2 text-sm max-sm:hidden">
            {strings.preview}
          </span>
        )}
        <span className="flex-1" />
        {/* On phones the report button lives in the settings panel, so the bar fits 360 px. */}
        <button
          type="button"
          className={`${iconButton} max-sm:hidden`}
          onClick={onReport}
          aria-label={strings.report.open}
          aria-haspopup="dialog"
        >
          <Icon path={icons.report} />
        </button>
        {settings}
        {pipSupported && (
          <button
            type="button"
            className={iconButton}
            onClick={() => {
              if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
              else void video.requestPictureInPicture().catch(() => {});
            }}
            aria-label={strings.pip}
          >
            <Icon path={icons.pip} />
          </button>
        )}
        <button
          type="button"
          className={iconButton}
          onClick={() => toggleFullscreen(container.current, video)}
          aria-label={fullscreen ? strings.exitFullscreen : strings.fullscreen}
          aria-keyshortcuts="f"
        >
          <Icon path={fullscreen ? icons.exitFullscreen : icons.fullscreen} />
        </button>
      </div>
    </div>
  );
}
