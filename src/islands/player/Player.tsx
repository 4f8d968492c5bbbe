import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { preferredAudio } from '~/lib/player/audio';
import { measureClock, syncClock } from '~/lib/player/clock';
import { requestPlay, type PlayOutcome } from '~/lib/player/play-api';
import { savePreferences } from '~/lib/player/preferences';
import { streamingIp } from '~/lib/player/streaming-ip';
import type { PlayerStrings } from '~/lib/player/text';
import type { PlayerOffer, PlayInfo } from '~/shared/playback';
import type { PreferencesUpdate } from '~/shared/preferences';
import type { Locale } from '~/lib/locale';
import { $token } from '~/stores/auth';
import { requestLogin } from '../catalog/session';
import { Controls } from './Controls';
import { ReportDialog } from './ReportDialog';
import { attach, loadHls, prefersNative, type Engine } from './engine';
import { Icon, icons } from './icons';
import { applyMuted, applyVolume } from './media';
import {
  isLive,
  playRequestOf,
  takesTickets,
  type ErrorAction,
  type Phase,
  type PlayMode,
} from './play-modes';
import { PlayerOverlay } from './PlayerOverlay';
import { useWatchTime, type WatchTarget } from './watch-time';

export interface PlayerProps {
  locale: Locale;
  strings: PlayerStrings;
  mode: PlayMode;
  /** null on the ticket pages, where the code decides the title (a festival's own ticket page has its id). */
  productId: number | null;
  episodeId: number | null;
  /** Server-rendered title (empty on ticket pages until the play call names it). */
  title: string;
  /** The title page (or home), for "ways to watch". */
  titleHref: string;
  /** A screening's start (ISO), so the page can count down before asking. */
  startsAt: string | null;
  /** The server's clock when it rendered the page (ms), to count down by the server's time. */
  serverNow: number;
  /** PUBLIC_STREAMING_IP_URLS, already split. */
  ipUrls: string[];
  /** What a 402 offers to buy (the title page opening its purchase dialog), if anything is sold here. */
  offer: PlayerOffer | null;
  /**
   * The title has several audio tracks (its catalogue entry says so): the first sign of intent fetches
   * the full hls.js build that plays them rather than the light one (decision record 0045).
   */
  alternateAudio?: boolean;
  /** Told when the first frame is on screen (the self-test shows the time). */
  onFirstFrame?: (milliseconds: number) => void;
}

export function Player(props: PlayerProps) {
  const { locale, strings, mode, productId, titleHref, ipUrls, offer, onFirstFrame } = props;
  const alternateAudio = props.alternateAudio ?? false;
  const prefetchHls = useCallback(() => void loadHls(alternateAudio).catch(() => {}), [alternateAudio]);
  /** The episode asked for: the page's, then the next one once the countdown at an episode's end ran out. */
  const episodeId = useRef(props.episodeId);
  const token = useStore($token);
  const container = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const engine = useRef<Engine | null>(null);
  const [engineReady, setEngineReady] = useState<Engine | null>(null);
  const [qualityVersion, setQualityVersion] = useState(0);
  const [info, setInfo] = useState<PlayInfo | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const startsAtMs = props.startsAt ? Date.parse(props.startsAt) : null;
  const [phase, setPhase] = useState<Phase>(() =>
    (mode === 'ticket' && productId === null) || mode === 'live-ticket'
      ? { name: 'ticket' }
      : startsAtMs !== null && startsAtMs > props.serverNow
        ? { name: 'countdown', startsAt: startsAtMs }
        : { name: 'idle' },
  );
  const pressedAt = useRef(0);
  /** The latest start(), for the engine's error handler to renew expired URLs with. */
  const restart = useRef<(code: string | null, at: number) => void>(() => {});
  const expiredRetries = useRef(0);
  const loginPending = useRef(false);
  const ticketToken = useRef<string | null>(null);
  const [reporting, setReporting] = useState(false);
  /** It started by itself without sound (browsers allow only that): "Unmute" shows until it has sound. */
  const [mutedStart, setMutedStart] = useState(false);
  const title = info ? (locale === 'fa' ? info.product.title : info.product.en_title) : props.title;

  useEffect(() => {
    syncClock(props.serverNow);
  }, [props.serverNow]);

  // The streaming address is asked for at once, so it is ready when the viewer presses play.
  useEffect(() => {
    void streamingIp(ipUrls);
  }, [ipUrls]);

  useEffect(
    () => () => {
      engine.current?.destroy();
      engine.current = null;
    },
    [],
  );

  const fail = useCallback((message: string, actions: ErrorAction[]) => {
    engine.current?.destroy();
    engine.current = null;
    setEngineReady(null);
    setPhase({ name: 'error', message, actions });
  }, []);

  const showOutcome = useCallback(
    (outcome: Exclude<PlayOutcome, { kind: 'ok' }>) => {
      const ticketAction = mode !== 'preview' ? (['ticket'] as const) : [];
      switch (outcome.kind) {
        case 'login':
          loginPending.current = true;
          fail(outcome.message || strings.errors.login, [
            'login',
            ...(takesTickets(mode) ? (['ticket'] as const) : []),
          ]);
          requestLogin();
          return;
        case 'unavailable':
          fail(strings.errors.unavailable, []);
          return;
        case 'not-started':
          setPhase({ name: 'countdown', startsAt: Date.parse(outcome.startsAt) });
          return;
        case 'needs-access':
          fail(outcome.message || strings.errors.unknown, [offer ? 'buy' : 'ways', ...ticketAction]);
          return;
        case 'network':
          fail(strings.errors.network, ['retry']);
          return;
        case 'refused':
          fail(outcome.message || strings.errors.unknown, ticket ? ['ticket'] : []);
      }
    },
    [fail, mode, offer, strings, ticket],
  );

  const start = useCallback(
    async (code: string | null = ticket, renewAt: number | null = null) => {
      if (!video) return;
      // A renewal is not a press: it neither counts as a first frame nor restarts from the saved point.
      pressedAt.current = renewAt === null ? performance.now() : 0;
      setPhase({ name: 'loading' });
      // A screening's clock is measured while the play call and the stream load, so the sync
      // (live-sync.ts) can act on the first frame rather than a second later (decision record 0051).
      if (isLive(mode)) void measureClock();
      // The module download overlaps the address lookup and the play call.
      const hls = prefersNative(video) ? null : loadHls(alternateAudio).catch(() => null);
      const ip = await streamingIp(ipUrls);
      const { path, query } = playRequestOf(mode, productId, episodeId.current, code);
      const outcome = await requestPlay({
        locale,
        token: $token.get() ?? ticketToken.current ?? undefined,
        path,
        query: { ...query, streaming_ip: ip },
      });
      if (outcome.kind !== 'ok') {
        showOutcome(outcome);
        return;
      }
      const next = outcome.info;
      // A ticket used without an account opens a limited session: it is not a login (GET /me would
      // refuse it and the account store would sign out), so only this player keeps it, for renewals.
      if (next.auth) ticketToken.current = next.auth.token;
      setInfo(next);
      await hls;
      const saved =
        !next.live && !next.watched && next.resume_at > 0 && next.resume_at < next.duration - 5
          ? next.resume_at
          : -1;
      const resume = next.live ? -1 : (renewAt ?? saved);
      // The audio the profile prefers, or after a renewal the one the viewer was listening to.
      const audioIndex =
        renewAt !== null && engine.current
          ? engine.current.audioTrack()
          : preferredAudio(next.stream.audio, next.preferences);
      const audio = next.stream.audio[audioIndex];
      engine.current?.destroy();
      try {
        const attached = await attach(video, next.stream.master, {
          startPosition: resume,
          alternateAudio: next.stream.audio.length > 1,
          audio: audio
            ? { index: audioIndex, lang: audio.lang, description: audio.kind === 'description' }
            : null,
          onTracks: () => setQualityVersion((version) => version + 1),
          onFatal: (kind, status) => {
            // Signed URLs are short-lived: a long pause outlives them, and a fresh play call renews them.
            // A screening's playlist answers 410 once it is over: the play call then says so in words.
            if ((status === 403 || status === 410) && expiredRetries.current < 1) {
              expiredRetries.current += 1;
              restart.current(code, video.currentTime);
              return;
            }
            fail(kind === 'network' ? strings.errors.network : strings.errors.playback, ['retry', 'report']);
          },
        });
        engine.current = attached;
        setEngineReady(attached);
      } catch {
        fail(strings.errors.unsupported, []);
        return;
      }
      try {
        await video.play();
      } catch (error) {
        if ((error as Error).name !== 'NotAllowedError') return;
        // Autoplay with sound refused (the countdown ended without a press): browsers allow it without
        // sound, so the screening starts on time and "Unmute" asks for the sound; refused even so, the
        // viewer presses play.
        applyMuted(video, true);
        try {
          await video.play();
          setMutedStart(true);
        } catch {
          applyMuted(video, false);
          setPhase({ name: 'idle' });
        }
      }
    },
    [video, ticket, ipUrls, mode, productId, locale, showOutcome, fail, strings, alternateAudio],
  );

  useEffect(() => {
    restart.current = (code, at) => void start(code, at);
  }, [start]);

  // A login finished after a 401: try again with the new session.
  useEffect(() => {
    if (token && loginPending.current) {
      loginPending.current = false;
      void start();
    }
  }, [token, start]);

  // The first frame: the poster overlay goes, and the time since the press is known.
  useEffect(() => {
    if (!video) return;
    const onPlaying = () => {
      expiredRetries.current = 0;
      setPhase((current) => (current.name === 'error' ? current : { name: 'playing' }));
      if (pressedAt.current) {
        onFirstFrame?.(Math.round(performance.now() - pressedAt.current));
        pressedAt.current = 0;
      }
    };
    video.addEventListener('playing', onPlaying);
    return () => video.removeEventListener('playing', onPlaying);
  }, [video, onFirstFrame]);

  const watchTarget = useMemo<WatchTarget | null>(
    () =>
      info && !info.preview && !info.live
        ? { productId: info.product.id, episodeId: info.episode?.id ?? null, duration: info.duration }
        : null,
    [info],
  );
  useWatchTime(video, watchTarget, token, locale);

  // The next episode plays in this same player, so the browser's permission to play with sound (given by
  // the press on the first episode) carries over; the address follows, for a reload or a share.
  // What the viewer changes in the player is the profile's from now on (a ticket's session has none).
  const rememberChoice = useCallback(
    (update: PreferencesUpdate) => {
      if (token && info?.preferences) savePreferences(locale, token, update);
    },
    [token, info, locale],
  );

  const playEpisode = useCallback(
    (id: number) => {
      // Pausing saves this episode's position (past its credits: watched) before the next one loads.
      video?.pause();
      episodeId.current = id;
      const url = new URL(location.href);
      url.searchParams.set('episode', String(id));
      history.replaceState(history.state, '', url);
      void start();
    },
    [video, start],
  );

  const onTicket = useCallback(
    (code: string) => {
      setTicket(code);
      void start(code);
    },
    [start],
  );

  // The sound on, by "Unmute", the bar's button or slider, or the M key: the button has done its job.
  useEffect(() => {
    if (!video || !mutedStart) return;
    const onVolume = () => {
      if (!video.muted && video.volume > 0) setMutedStart(false);
    };
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, [video, mutedStart]);

  const overlay = phase.name !== 'playing' && !(phase.name === 'loading' && video && video.currentTime > 0);

  return (
    <div
      ref={container}
      className="relative isolate flex h-full w-full items-center justify-center overflow-hidden text-white"
      data-player
      // hls.js is fetched on the first sign of intent (the pointer over the player, a touch, focus or a
      // key), not at idle time: its 110 KiB would otherwise be parsed while the page is still settling,
      // and a viewer who reads the page and leaves never pays for it.
      onPointerOver={prefetchHls}
      onPointerDown={prefetchHls}
      onFocus={prefetchHls}
      onKeyDown={prefetchHls}
      data-state={phase.name}
    >
      {/* Transparent until it has frames, so the page's poster backdrop shows through while loading. */}
      <video
        ref={setVideo}
        className={`h-full w-full object-contain ${phase.name === 'playing' ? 'bg-black' : ''}`}
        playsInline
        preload="none"
        aria-label={title}
        hidden={phase.name !== 'playing' && phase.name !== 'loading' && !(phase.name === 'idle' && info)}
      />
      {engineReady && info && video && (
        <Controls
          key={info.stream.master}
          locale={locale}
          strings={strings}
          video={video}
          container={container}
          engine={engineReady}
          qualityVersion={qualityVersion}
          info={info}
          visible={phase.name === 'playing' || phase.name === 'loading'}
          reporting={reporting}
          onReport={() => setReporting(true)}
          onNextEpisode={playEpisode}
          onPreferences={rememberChoice}
        />
      )}
      {mutedStart && video && phase.name === 'playing' && (
        <button
          type="button"
          className="absolute start-3 top-3 z-20 inline-flex min-h-11 min-w-11 items-center gap-2 rounded-full bg-black/80 px-4 text-base font-bold text-white ring-1 ring-white/50 hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          onClick={() => {
            if (video.volume === 0) applyVolume(video, 1);
            applyMuted(video, false);
          }}
          data-unmute
        >
          <Icon path={icons.muted} />
          {strings.unmuteStart}
        </button>
      )}
      {overlay && (
        <PlayerOverlay
          locale={locale}
          strings={strings}
          mode={mode}
          phase={phase}
          title={title}
          live={Boolean(info?.live)}
          serverNow={props.serverNow}
          ipUrls={ipUrls}
          titleHref={titleHref}
          offer={offer}
          onPlay={() => {
            // After a refused autoplay the stream is attached already: only play is missing.
            if (engine.current && video) void video.play();
            else void start();
          }}
          onStart={() => void start()}
          onTicket={onTicket}
          onTicketForm={() => setPhase({ name: 'ticket' })}
          onReport={info ? () => setReporting(true) : null}
        />
      )}
      {reporting && info && video && (
        <ReportDialog
          locale={locale}
          strings={strings}
          info={info}
          video={video}
          ipUrls={ipUrls}
          onClose={() => setReporting(false)}
        />
      )}
    </div>
  );
}
