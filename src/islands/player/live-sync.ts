import { useEffect } from 'react';
import { CLOCK_REMEASURE_MS, measureClock, serverTime } from '~/lib/player/clock';
import { JOIN_SEEK_MS, JOIN_SEEKS, driftOf, nextSeekLag, syncAction } from '~/lib/player/sync';
import type { Engine } from './engine';
import { applyRate, markProgramTime, markSyncDrift, seekTo } from './media';

/** How often the frame on screen is compared with the schedule. */
const TICK_MS = 250;
/** What a seek is first expected to take to land, before any was measured. */
const FIRST_SEEK_LAG_MS = 80;
/**
 * A seek has landed once this much has played from its target: at its 'playing' event the frame is
 * the target's but the clock has not started yet (on a busy machine for 100 ms and more), so a drift
 * read then is ahead by what is still to come, and learning the seek lag from it aimed the next one
 * wrong. Waited for at most LANDING_MS.
 */
const LANDED_S = 0.05;
const LANDING_MS = 2_000;

/** Where the schedule is now in the video's own timeline, or null before the program dates are known. */
export function schedulePosition(video: HTMLVideoElement, engine: Engine): number | null {
  const programTime = engine.programTime();
  if (programTime === null) return null;
  return video.currentTime - driftOf(programTime, serverTime()) / 1000;
}

/**
 * Holds a screening's player on the schedule (decision record 0051): measures the server's clock at
 * once and again every minute, when the network comes back and when the page is shown again; four
 * times a second compares the frame on screen with the schedule and nudges the rate or seeks as
 * syncAction says. A paused player is left alone: on resume it is far from the schedule and seeks
 * back to it (a screening is an event: everyone watches the same moment). A stalled one is also left
 * alone until it plays again, so the fragment it waits for is not thrown away by a seek. After the
 * press, a resume or any seek of its own it is joining (syncAction's JOIN_SEEK_MS): it seeks until it
 * lands within 50 ms rather than nudging for seconds. Not after a stall under 400 ms: when a busy
 * machine stalls every viewer at once, seeks aimed by a lag learned on a slow seek overshot (by up to
 * 400 ms in a loaded benchmark), where a nudge does not.
 */
export function useLiveSync(video: HTMLVideoElement, engine: Engine, live: boolean): void {
  useEffect(() => {
    if (!live) return;
    // Until the first measurement is in, the clock is the page's render time, which can be seconds
    // late on a busy device: acting on it would seek to the wrong moment and back again. The player
    // started measuring at the press (Player.tsx), so this joins that measurement, mostly done by now.
    let clockReady = false;
    void measureClock().finally(() => (clockReady = true));
    const remeasure = setInterval(() => void measureClock(), CLOCK_REMEASURE_MS);
    const onOnline = () => void measureClock();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void measureClock();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);

    let lastSeek = -Infinity;
    let seekLag = FIRST_SEEK_LAG_MS;
    /** The position the last seek aimed at, until it has landed. */
    let landing: number | null = null;
    // Joining: until the frames are on the schedule again, after the press, a resume or a seek.
    let joining = true;
    let joinSeeks = 0;
    const rejoin = () => {
      joining = true;
      joinSeeks = 0;
    };
    const tick = () => {
      if (video.paused || video.ended) {
        if (video.playbackRate !== 1) applyRate(video, 1);
        rejoin();
        return;
      }
      if (!clockReady || video.seeking || video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
      const programTime = engine.programTime();
      if (programTime === null) return;
      const now = serverTime();
      const drift = driftOf(programTime, now);
      markProgramTime(video, programTime);
      markSyncDrift(video, drift);
      if (landing !== null) {
        if (video.currentTime < landing + LANDED_S && performance.now() - lastSeek < LANDING_MS) return;
        landing = null;
        seekLag = nextSeekLag(seekLag, drift);
      }
      if (Math.abs(drift) <= JOIN_SEEK_MS || joinSeeks >= JOIN_SEEKS) joining = false;
      const action = syncAction({
        driftMs: drift,
        rate: video.playbackRate,
        sinceSeekMs: performance.now() - lastSeek,
        seekLagMs: seekLag,
        joining,
      });
      if (action.type === 'rate') applyRate(video, action.rate);
      else if (action.type === 'seek') {
        if (video.playbackRate !== 1) applyRate(video, 1);
        lastSeek = performance.now();
        landing = video.currentTime + action.by;
        // Any seek starts a join: what it lands off by is sought again, not nudged for seconds.
        if (!joining) rejoin();
        joinSeeks += 1;
        seekTo(video, landing);
      }
    };
    const ticker = setInterval(tick, TICK_MS);
    // Back from a pause, the seek comes before the first stale frame, not a tick later.
    video.addEventListener('playing', tick);
    return () => {
      clearInterval(ticker);
      clearInterval(remeasure);
      video.removeEventListener('playing', tick);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      if (video.playbackRate !== 1) applyRate(video, 1);
    };
  }, [video, engine, live]);
}
