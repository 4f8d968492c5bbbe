import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { hotkeyOf, isOwnKeyTarget } from '~/lib/player/hotkeys';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import type { PlayInfo } from '~/shared/playback';
import { cueAt, subtitleCues, type Cue } from '~/lib/player/vtt';
import { localPath, type Locale } from '~/lib/locale';
import { audioPreferenceOf } from '~/lib/player/audio';
import type { PreferencesUpdate } from '~/shared/preferences';
import { defaultPreferences } from '~/shared/preferences-constants';
import { ControlBar } from './ControlBar';
import type { Engine } from './engine';
import { HotkeysDialog } from './HotkeysDialog';
import { schedulePosition, useLiveSync } from './live-sync';
import { Icon, icons } from './icons';
import { useMediaState } from './media-state';
import { NextUp } from './NextUp';
import { applyMuted, applyVolume, seekTo, toggleFullscreen } from './media';
import { Picture } from './Picture';
import type { SubtitleStyle } from './PlaybackSettings';
import { SettingsMenu } from './SettingsMenu';

/** Controls fade out after this long without pointer or keyboard activity while playing. */
const HIDE_AFTER_MS = 3000;
/** How long the volume level stays on screen after ↑ or ↓. */
const VOLUME_SHOWN_MS = 1500;
/** "Next episode" is offered this long before the end when no credits marker says otherwise. */
const NEXT_BEFORE_END = 20;

interface ControlsProps {
  locale: Locale;
  strings: PlayerStrings;
  video: HTMLVideoElement;
  container: RefObject<HTMLDivElement | null>;
  engine: Engine;
  /** Bumped by the engine when its qualities or audio tracks, or the one playing, change. */
  qualityVersion: number;
  info: PlayInfo;
  visible: boolean;
  /** The report dialog is open: the shortcuts pause and the controls stay. */
  reporting: boolean;
  onReport: () => void;
  /** Plays the next episode in this player (the countdown at the end, or its "Play now"). */
  onNextEpisode: (episodeId: number) => void;
  /** The viewer changed the audio, the subtitles or their look: the profile remembers it. */
  onPreferences: (update: PreferencesUpdate) => void;
}

/**
 * Subtitles are drawn by us (see vtt.ts). The profile's language when the title has it, none when the
 * profile turned them off, else the default: Persian on Persian pages.
 */
function firstSubtitle(info: PlayInfo, locale: Locale): string {
  const wanted = info.preferences?.subtitle_language ?? 'auto';
  if (wanted === 'off') return 'off';
  if (info.stream.subtitles.some((track) => track.lang === wanted)) return wanted;
  if (info.stream.subtitles.some((track) => track.lang === locale && locale === 'fa')) return 'fa';
  return info.stream.subtitles.find((track) => track.default && track.lang === locale)?.lang ?? 'off';
}

const subtitleSizes = {
  small: 'text-base md:text-xl',
  medium: 'text-lg md:text-2xl',
  large: 'text-2xl md:text-4xl',
} as const;
/** Light colours on the dark box or outline: each well above 7:1 against black. */
const subtitleColors = { white: 'text-white', yellow: 'text-yellow-300', cyan: 'text-cyan-300' } as const;
/** Without the box, an outline keeps the line readable on a light picture. */
const subtitleOutline = '0 0 3px #000, 0 0 3px #000, 1px 1px 2px #000';

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
  onPreferences,
}: ControlsProps) {
  const live = Boolean(info.live);
  const { paused, ended, waiting, started, time, setTime, duration, muted, setMuted, volume, setVolume } =
    useMediaState(video, info.duration || 0);
  useLiveSync(video, engine, live);
  /** The viewer stayed with this episode when the countdown to the next one offered to move on. */
  const [nextCancelled, setNextCancelled] = useState(false);
  const [subtitle, setSubtitle] = useState(() => firstSubtitle(info, locale));
  const [subtitleStyle, setSubtitleStyle] = useState<SubtitleStyle>(() => {
    const { subtitle_size, subtitle_box, subtitle_color } = info.preferences ?? defaultPreferences;
    return { subtitle_size, subtitle_box, subtitle_color };
  });
  const [loaded, setLoaded] = useState<{ lang: string; cues: Cue[] }>({ lang: 'off', cues: [] });
  const [fullscreen, setFullscreen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  /** The volume just set by ↑/↓, shown and announced for a moment; null when nothing is shown. */
  const [volumeShown, setVolumeShown] = useState<number | null>(null);
  const volumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [active, setActive] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
      const livePosition = live ? schedulePosition(video, engine) : null;
      if (livePosition !== null && Number.isFinite(livePosition)) seekTo(video, livePosition);
      void video.play().catch(() => {});
    } else video.pause();
  }, [video, engine, live]);

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
    [video, duration, setTime],
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
  const subtitleLang = info.stream.subtitles.find((track) => track.lang === subtitle)?.lang;

  const chooseAudio = (index: number) => {
    engine.setAudioTrack(index);
    const track = info.stream.audio[index];
    if (track) onPreferences(audioPreferenceOf(track));
  };
  const chooseSubtitle = (lang: string) => {
    setSubtitle(lang);
    if (lang === 'off' || lang === 'fa' || lang === 'en') onPreferences({ subtitle_language: lang });
  };
  const styleSubtitles = (change: Partial<SubtitleStyle>) => {
    setSubtitleStyle((current) => ({ ...current, ...change }));
    onPreferences(change);
  };

  return (
    <div
      className={`absolute inset-0 flex flex-col justify-end ${shown ? '' : 'cursor-none'}`}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocusCapture={wake}
      data-controls={shown ? 'shown' : 'hidden'}
      data-quality-version={qualityVersion}
    >
      <Picture
        shown={shown}
        onTogglePlay={togglePlay}
        onToggleFullscreen={() => toggleFullscreen(container.current, video)}
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
          className={`pointer-events-none mx-auto mb-4 max-w-[90%] rounded px-3 py-1 text-center leading-relaxed whitespace-pre-line ${subtitleSizes[subtitleStyle.subtitle_size]} ${subtitleColors[subtitleStyle.subtitle_color]} ${subtitleStyle.subtitle_box ? 'bg-black/75' : ''}`}
          lang={subtitleLang}
          dir={subtitleLang === 'fa' ? 'rtl' : 'auto'}
          style={{
            unicodeBidi: 'plaintext',
            ...(subtitleStyle.subtitle_box ? {} : { textShadow: subtitleOutline }),
          }}
          data-subtitle
          data-size={subtitleStyle.subtitle_size}
          data-color={subtitleStyle.subtitle_color}
          data-box={subtitleStyle.subtitle_box}
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
      <ControlBar
        locale={locale}
        strings={strings}
        video={video}
        container={container}
        info={info}
        shown={shown}
        paused={paused}
        time={time}
        duration={duration}
        muted={muted}
        volume={volume}
        fullscreen={fullscreen}
        settings={
          <SettingsMenu
            locale={locale}
            strings={strings}
            video={video}
            engine={engine}
            info={info}
            open={menuOpen}
            setOpen={setMenuOpen}
            onAudio={chooseAudio}
            subtitle={subtitle}
            onSubtitle={chooseSubtitle}
            subtitleStyle={subtitleStyle}
            onSubtitleStyle={styleSubtitles}
            onReport={onReport}
            onHelp={() => setHelpOpen(true)}
          />
        }
        onTogglePlay={togglePlay}
        onSeek={seekToTime}
        onSeekBy={seekBy}
        onToggleMute={toggleMute}
        onVolume={(level) => {
          // Shown at once, like the timeline: a controlled slider left behind would be put back.
          setVolume(level);
          setMuted(level === 0);
          applyVolume(video, level);
        }}
        onReport={onReport}
      />
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
