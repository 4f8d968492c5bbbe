import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { localDigits } from '~/lib/format';
import { hotkeyOf, isOwnKeyTarget, SEEK_STEP } from '~/lib/player/hotkeys';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import { formatTime } from '~/lib/player/time';
import type { PlayInfo } from '~/shared/playback';
import { cueAt, subtitleCues, type Cue } from '~/lib/player/vtt';
import { localPath, type Locale } from '~/lib/locale';
import type { Engine } from './engine';
import { HotkeysDialog } from './HotkeysDialog';
import { NextUp } from './NextUp';
import { applyMuted, applyRate, applyVolume, markProgramTime, seekTo, toggleFullscreen } from './media';
import { SeekBar } from './SeekBar';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
/** Controls fade out after this long without pointer or keyboard activity while playing. */
const HIDE_AFTER_MS = 3000;
/** Two taps on the picture this close together are a double tap (full screen). */
const DOUBLE_TAP_MS = 300;
/** How long the volume level stays on screen after ↑ or ↓. */
const VOLUME_SHOWN_MS = 1500;
/** "Next episode" is offered this long before the end when no credits marker says otherwise. */
const NEXT_BEFORE_END = 20;

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-white';

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const icons = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  rewind: 'M11 18V6l-8.5 6zm.5-6 8.5 6V6z',
  forward: 'M4 18l8.5-6L4 6zm9-12v12l8.5-6z',
  volume: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted:
    'M16.5 12 19 9.5l1.4 1.4L17.9 13.4l2.5 2.5-1.4 1.4-2.5-2.5-2.5 2.5-1.4-1.4 2.5-2.5-2.5-2.5 1.4-1.4zM3 9v6h4l5 5V4L7 9z',
  settings:
    'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1L11 21h4l.4-2.9a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  pip: 'M19 7h-8v6h8zm4 12V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z',
  fullscreen: 'M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z',
  report: 'M12 2 1 21h22zm1 16h-2v-2h2zm0-4h-2v-4h2z',
  next: 'M6 18l8.5-6L6 6zm10-12v12h2V6z',
};

interface ControlsProps {
  locale: Locale;
  strings: PlayerStrings;
  video: HTMLVideoElement;
  container: RefObject<HTMLDivElement | null>;
  engine: Engine;
  /** Bumped by the engine when its list of qualities or the playing one changes. */
  qualityVersion: number;
  info: PlayInfo;
  visible: boolean;
  /** The report dialog is open: the shortcuts pause and the controls stay. */
  reporting: boolean;
  onReport: () => void;
  /** Plays the next episode in this player (the countdown at the end, or its "Play now"). */
  onNextEpisode: (episodeId: number) => void;
}

/** Subtitles are drawn by us (see vtt.ts): the default track is Persian on Persian pages. */
function defaultSubtitle(info: PlayInfo, locale: Locale): string {
  if (info.stream.subtitles.some((track) => track.lang === locale && locale === 'fa')) return 'fa';
  return info.stream.subtitles.find((track) => track.default && track.lang === locale)?.lang ?? 'off';
}

export function Controls({
  locale,
  strings,
  video,
  container,
  engine,
  qualityVersion,
  info,
  visible,
  reporting,
  onReport,
  onNextEpisode,
}: ControlsProps) {
  const live = Boolean(info.live);
  const [paused, setPaused] = useState(video.paused);
  const [ended, setEnded] = useState(video.ended);
  /** The viewer stayed with this episode when the countdown to the next one offered to move on. */
  const [nextCancelled, setNextCancelled] = useState(false);
  const [waiting, setWaiting] = useState(false);
  /** Frames are on screen: until then nothing else competes with the stream's first requests. */
  const [started, setStarted] = useState(() => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA);
  const [time, setTime] = useState(video.currentTime);
  const [duration, setDuration] = useState(info.duration || 0);
  const [muted, setMuted] = useState(video.muted);
  const [volume, setVolume] = useState(video.volume);
  const [speed, setSpeed] = useState(1);
  const [quality, setQuality] = useState(-1);
  const [subtitle, setSubtitle] = useState(() => defaultSubtitle(info, locale));
  const [loaded, setLoaded] = useState<{ lang: string; cues: Cue[] }>({ lang: 'off', cues: [] });
  const [fullscreen, setFullscreen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  /** The volume just set by ↑/↓, shown and announced for a moment; null when nothing is shown. */
  const [volumeShown, setVolumeShown] = useState<number | null>(null);
  const volumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [active, setActive] = useState(true);
  const shownAtPress = useRef(true);
  const lastTouchUp = useRef(0);
  const lastPointer = useRef('');
  const settings = useRef<HTMLDivElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const sync = () => {
      setPaused(video.paused);
      setEnded(video.ended);
      setTime(video.currentTime);
      if (Number.isFinite(video.duration) && video.duration > 0) setDuration(video.duration);
      setMuted(video.muted);
      setVolume(video.volume);
      if (live) {
        // Tests and support read the moment on screen (the same for every viewer of a screening).
        const programTime = engine.programTime();
        if (programTime) markProgramTime(video, programTime);
      }
    };
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'volumechange', 'seeked'];
    for (const name of events) video.addEventListener(name, sync);
    // Stalled for data (a seek past the buffer, a slow network): a spinner until frames come again.
    const stalled = () => setWaiting(true);
    const flowing = () => {
      setWaiting(false);
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) setStarted(true);
    };
    const moving = ['playing', 'canplay', 'seeked', 'pause'];
    video.addEventListener('waiting', stalled);
    for (const name of moving) video.addEventListener(name, flowing);
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
      video.removeEventListener('waiting', stalled);
      for (const name of moving) video.removeEventListener(name, flowing);
    };
  }, [video, engine, live]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container]);

  // The chosen subtitle file, fetched once playback has started (the first cue is a second in or
  // later); the cues belong to the language they were read for.
  useEffect(() => {
    const track = info.stream.subtitles.find((candidate) => candidate.lang === subtitle);
    if (!track || !started) return;
    const controller = new AbortController();
    fetch(track.url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => setLoaded({ lang: track.lang, cues: subtitleCues(text) }))
      .catch(() => {});
    return () => controller.abort();
  }, [info, subtitle, started]);

  const wake = useCallback(() => {
    setActive(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setActive(false), HIDE_AFTER_MS);
  }, []);
  useEffect(() => {
    hideTimer.current = setTimeout(() => setActive(false), HIDE_AFTER_MS);
    return () => clearTimeout(hideTimer.current);
  }, []);

  const togglePlay = useCallback(() => {
    if (video.paused) {
      // A screening resumes at the moment everyone else is watching.
      const livePosition = engine.livePosition();
      if (livePosition !== null && Number.isFinite(livePosition)) seekTo(video, livePosition);
      void video.play().catch(() => {});
    } else video.pause();
  }, [video, engine]);

  // Not the very last instant: a seek to the exact end can leave the stream waiting for a fragment
  // that does not exist. The slider shows the new time at once: a controlled range input whose value
  // stayed behind would be put back by React and report the old value as a second change.
  const seekToTime = useCallback(
    (seconds: number) => {
      const end = Number.isFinite(video.duration) ? video.duration : duration;
      const target = Math.min(Math.max(0, seconds), Math.max(0, end - 0.5));
      setTime(target);
      if (Math.abs(video.currentTime - target) >= 0.5) seekTo(video, target);
    },
    [video, duration],
  );

  const seekBy = useCallback(
    (by: number) => {
      if (live) return;
      seekToTime(video.currentTime + by);
    },
    [video, live, seekToTime],
  );

  const toggleMute = useCallback(() => {
    applyMuted(video, !video.muted);
  }, [video]);

  const changeVolume = useCallback(
    (by: number) => {
      const level = Math.round(Math.min(1, Math.max(0, (video.muted ? 0 : video.volume) + by)) * 100) / 100;
      applyVolume(video, level);
      setVolumeShown(level);
      clearTimeout(volumeTimer.current);
      volumeTimer.current = setTimeout(() => setVolumeShown(null), VOLUME_SHOWN_MS);
    },
    [video],
  );
  useEffect(() => () => clearTimeout(volumeTimer.current), []);

  // A layout effect: the listener that knows a dialog has closed is in place in the same commit that
  // removes the dialog, so a key pressed right after Escape is not swallowed by the previous listener.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (reporting || helpOpen || event.defaultPrevented || isOwnKeyTarget(event.target, event.key)) return;
      const action = hotkeyOf(event);
      if (!action) return;
      event.preventDefault();
      wake();
      if (action.type === 'seek') seekBy(action.by);
      else if (action.type === 'volume') changeVolume(action.by);
      else if (action.type === 'toggle-play') togglePlay();
      else if (action.type === 'fullscreen') toggleFullscreen(container.current, video);
      else if (action.type === 'help') setHelpOpen(true);
      else toggleMute();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reporting, helpOpen, wake, seekBy, changeVolume, togglePlay, toggleMute, container, video]);

  // The settings panel closes on Escape (focus back on its button) and on a press anywhere else.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      settingsButton.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (!settings.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [menuOpen]);

  const shown = visible && (active || paused || menuOpen || reporting || helpOpen);
  const cue = loaded.lang === subtitle ? cueAt(loaded.cues, time) : undefined;
  const intro = info.markers.intro;
  // A screening runs for everyone at once: nobody skips its intro.
  const inIntro = !live && intro !== null && time >= intro.start && time < intro.end - 1;
  const nextFrom = info.markers.credits ?? Math.max(0, duration - NEXT_BEFORE_END);
  const next = info.next_episode && duration > 0 && (time >= nextFrom || ended) ? info.next_episode : null;
  // At the credits (or the end) the next episode counts down to start by itself, unless the profile
  // turned that off or the viewer cancelled it; the plain "Next episode" button stays either way.
  const nextUp = next && info.autoplay_next && !nextCancelled ? next : null;
  const qualities = engine.qualities;
  const playing = engine.playingQuality();
  const playingHeight = qualities.find((level) => level.index === playing)?.height;
  const pipSupported =
    typeof document !== 'undefined' && document.pictureInPictureEnabled && !video.disablePictureInPicture;
  const subtitleLang = info.stream.subtitles.find((track) => track.lang === subtitle)?.lang;

  return (
    <div
      className={`absolute inset-0 flex flex-col justify-end ${shown ? '' : 'cursor-none'}`}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocusCapture={wake}
      data-controls={shown ? 'shown' : 'hidden'}
      data-quality-version={qualityVersion}
    >
      {/*
        Clicking the picture plays or pauses, as in every player (the buttons do the same by keyboard); a
        tap on a touch screen while the controls are hidden only brings them back. A double click or a
        double tap toggles full screen (F and the button do the same).
      */}
      <div
        className="min-h-0 flex-1"
        onPointerDown={(event) => {
          // Noted before the container's handler shows the controls for this very touch.
          shownAtPress.current = shown;
          lastPointer.current = event.pointerType;
        }}
        onPointerUp={(event) => {
          if (event.pointerType === 'touch') {
            // Touch browsers do not all send dblclick: two taps in quick succession are counted here.
            const now = event.timeStamp;
            const double = now - lastTouchUp.current < DOUBLE_TAP_MS;
            lastTouchUp.current = double ? 0 : now;
            if (double) {
              toggleFullscreen(container.current, video);
              return;
            }
            if (!shownAtPress.current) return;
          }
          togglePlay();
        }}
        onDoubleClick={() => {
          // A double tap was counted above; the browser's compatibility dblclick after it is not a second.
          if (lastPointer.current !== 'touch') toggleFullscreen(container.current, video);
        }}
        aria-hidden="true"
        data-picture
      />
      <p
        role="status"
        className={`pointer-events-none absolute inset-x-0 top-4 mx-auto w-fit rounded-lg bg-black/75 px-4 py-2 text-lg font-bold ${volumeShown === null ? 'sr-only' : ''}`}
        data-volume-level
      >
        {volumeShown === null
          ? ''
          : fillText(strings.volumeLevel, { level: Math.round(volumeShown * 100) }, locale)}
      </p>
      {waiting && (
        <span
          className="pointer-events-none absolute inset-0 m-auto size-14 animate-spin rounded-full border-4 border-white/30 border-t-white"
          aria-hidden="true"
          data-buffering
        />
      )}
      {cue && (
        <p
          className="pointer-events-none mx-auto mb-4 max-w-[90%] rounded bg-black/75 px-3 py-1 text-center text-lg leading-relaxed whitespace-pre-line md:text-2xl"
          lang={subtitleLang}
          dir={subtitleLang === 'fa' ? 'rtl' : 'auto'}
          style={{ unicodeBidi: 'plaintext' }}
          data-subtitle
        >
          {cue.text}
        </p>
      )}
      <div className="pointer-events-none flex justify-end gap-3 px-4 pb-3">
        {inIntro && intro && (
          <button
            type="button"
            className="button-primary pointer-events-auto"
            onClick={() => seekTo(video, intro.end)}
            data-skip-intro
          >
            {strings.skipIntro}
          </button>
        )}
        {next && !nextUp && (
          <a
            className="button-primary pointer-events-auto no-underline"
            href={localPath(`/play/${info.product.id}?episode=${next.id}`, locale)}
            data-next-episode
          >
            <Icon path={icons.next} />
            <span className="ms-2">
              {fillText(strings.nextEpisode, { title: locale === 'fa' ? next.title : next.en_title }, locale)}
            </span>
          </a>
        )}
      </div>
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
            onSeek={seekToTime}
          />
        )}
        {/* Media controls keep their left-to-right order in Persian too, like the timeline above them. */}
        <div className="flex items-center sm:gap-1" dir="ltr">
          <button
            type="button"
            className={iconButton}
            onClick={togglePlay}
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
                onClick={() => seekBy(-SEEK_STEP)}
                aria-label={strings.rewind}
                aria-keyshortcuts="j ArrowLeft"
              >
                <Icon path={icons.rewind} />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => seekBy(SEEK_STEP)}
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
            onClick={toggleMute}
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
            onChange={(event) => {
              // Shown at once, like the timeline: a controlled slider left behind would be put back.
              const level = Number(event.target.value);
              setVolume(level);
              setMuted(level === 0);
              applyVolume(video, level);
            }}
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
          <div className="relative" ref={settings}>
            <button
              ref={settingsButton}
              type="button"
              className={iconButton}
              onClick={() => setMenuOpen((open) => !open)}
              aria-label={strings.settings}
              aria-expanded={menuOpen}
              aria-controls="player-settings"
            >
              <Icon path={icons.settings} />
            </button>
            {menuOpen && (
              <div
                id="player-settings"
                dir={locale === 'fa' ? 'rtl' : 'ltr'}
                className="absolute end-0 bottom-12 flex w-64 flex-col gap-3 rounded-xl bg-neutral-900/95 p-4 text-start shadow-xl"
              >
                {qualities.length > 1 && (
                  <Choice
                    label={strings.quality}
                    value={String(quality)}
                    onChange={(value) => {
                      const index = Number(value);
                      setQuality(index);
                      engine.setQuality(index);
                    }}
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
                    onChange={setSubtitle}
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
                    onChange={(value) => {
                      const rate = Number(value);
                      setSpeed(rate);
                      applyRate(video, rate);
                    }}
                    options={SPEEDS.map((rate) => ({
                      value: String(rate),
                      label: rate === 1 ? strings.normal : `${rate}×`,
                    }))}
                    locale={locale}
                  />
                )}
                <button
                  type="button"
                  className="button-secondary border-white/30 text-white hover:bg-white/10 sm:hidden"
                  onClick={() => {
                    setMenuOpen(false);
                    onReport();
                  }}
                  aria-haspopup="dialog"
                >
                  {strings.report.open}
                </button>
                <button
                  type="button"
                  className="button-secondary border-white/30 text-white hover:bg-white/10 max-sm:hidden"
                  onClick={() => {
                    setMenuOpen(false);
                    setHelpOpen(true);
                  }}
                  aria-haspopup="dialog"
                  aria-keyshortcuts="Shift+?"
                >
                  {strings.help.open}
                </button>
              </div>
            )}
          </div>
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
      {nextUp && (
        <NextUp
          locale={locale}
          strings={strings}
          episode={nextUp}
          running={!paused || ended}
          onPlay={() => onNextEpisode(nextUp.id)}
          onCancel={() => setNextCancelled(true)}
        />
      )}
      {helpOpen && <HotkeysDialog locale={locale} strings={strings} onClose={() => setHelpOpen(false)} />}
    </div>
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
