import { describe, expect, it } from 'vitest';
import { bestEstimate, estimateOf, sampleOf } from '~/lib/player/clock';
import {
  DEADBAND_MS,
  MAX_NUDGE,
  JOIN_SEEK_COOLDOWN_MS,
  JOIN_SEEK_MS,
  JOIN_SEEKS,
  SEEK_COOLDOWN_MS,
  SEEK_MS,
  driftOf,
  nextSeekLag,
  passStartOf,
  passTimestampOffset,
  syncAction,
  type SyncInput,
} from '~/lib/player/sync';

/**
 * Everyone on the same frame (issue 30): the player's estimate of the server's clock and the controller
 * that turns the drift from the schedule into an action.
 */

describe('clock estimate', () => {
  it('puts the server halfway through the round trip', () => {
    // Sent at 1000 local, answered at 1100 local; the server said 6050: 5000 ahead, within 50.
    expect(estimateOf({ sent: 1000, received: 1100, server: 6050 })).toEqual({ offset: 5000, rtt: 100 });
  });

  it('keeps the sample with the least round trip, whatever the order', () => {
    // The true offset is -30 000 (a device clock 30 s fast); queueing delays one way or the other
    // spoil the slow samples by up to half their round trip.
    const samples = [
      { sent: 0, received: 400, server: -30_000 + 50 }, // answered early in a slow trip: off by 150
      { sent: 1000, received: 1020, server: -30_000 + 1012 }, // 20 ms trip, off by 2
      { sent: 2000, received: 2300, server: -30_000 + 2290 }, // off by 140
      { sent: 3000, received: 3060, server: -30_000 + 3000 }, // off by 30
    ];
    const best = bestEstimate(samples)!;
    expect(best.rtt).toBe(20);
    expect(Math.abs(best.offset - -30_000)).toBeLessThanOrEqual(best.rtt / 2);
    expect(bestEstimate([...samples].reverse())).toEqual(best);
  });

  it('ignores impossible samples and has no estimate without any', () => {
    expect(bestEstimate([])).toBeNull();
    expect(bestEstimate([{ sent: 10, received: 5, server: 100 }])).toBeNull();
    expect(bestEstimate([{ sent: 10, received: 20, server: Number.NaN }])).toBeNull();
  });
});

describe('clock sample', () => {
  it('takes the network stack’s times of the exchange when the browser gives them', () => {
    // The page ran the lines around fetch 100 ms and 300 ms late (busy decoding): the exchange itself
    // took 20 ms, from 990 to 1010 on the page's clock; the server said 6000 halfway.
    const timed = sampleOf(890, 1310, 6000, { requestStart: 90, responseStart: 110 }, 900);
    expect(timed).toEqual({ sent: 990, received: 1010, server: 6000 });
    expect(estimateOf(timed)).toEqual({ offset: 5000, rtt: 20 });
    // By the page's lines alone the estimate is 100 ms off (and says it may be 210 ms off).
    expect(estimateOf(sampleOf(890, 1310, 6000, undefined, 900))).toEqual({ offset: 4900, rtt: 420 });
    // A timing entry without its times (another origin without Timing-Allow-Origin) is not used.
    expect(sampleOf(890, 1310, 6000, { requestStart: 0, responseStart: 0 }, 900)).toEqual({
      sent: 890,
      received: 1310,
      server: 6000,
    });
  });
});

describe('sync controller', () => {
  const input = (driftMs: number, more: Partial<SyncInput> = {}): SyncInput => ({
    driftMs,
    rate: 1,
    sinceSeekMs: Infinity,
    seekLagMs: 0,
    joining: false,
    ...more,
  });

  it('drift is the program time on screen against the server now', () => {
    expect(driftOf(10_050, 10_000)).toBe(50);
    expect(driftOf(9_700, 10_000)).toBe(-300);
  });

  it('leaves a player within the deadband alone', () => {
    expect(syncAction(input(0))).toEqual({ type: 'none' });
    expect(syncAction(input(DEADBAND_MS))).toEqual({ type: 'none' });
    expect(syncAction(input(-DEADBAND_MS))).toEqual({ type: 'none' });
  });

  it('slows down when ahead and speeds up when behind, more for more drift, within a few per cent', () => {
    const ahead = syncAction(input(60));
    const behind = syncAction(input(-60));
    const farBehind = syncAction(input(-300));
    expect(ahead.type === 'rate' && ahead.rate).toBeLessThan(1);
    expect(behind.type === 'rate' && behind.rate).toBeGreaterThan(1);
    expect(farBehind.type === 'rate' && farBehind.rate).toBeGreaterThan(
      behind.type === 'rate' ? behind.rate : 9,
    );
    for (const drift of [30, -30, 100, -100, 399, -399]) {
      const action = syncAction(input(drift));
      expect(action.type).toBe('rate');
      if (action.type === 'rate') expect(Math.abs(action.rate - 1)).toBeLessThanOrEqual(MAX_NUDGE + 1e-9);
    }
  });

  it('keeps nudging inside the deadband until settled, then plays at normal speed', () => {
    // Not nudging, 15 ms is left alone; nudging, it goes on gently until settled.
    expect(syncAction(input(15))).toEqual({ type: 'none' });
    expect(syncAction(input(15, { rate: 0.99 }))).toEqual({ type: 'rate', rate: 0.995 });
    expect(syncAction(input(3, { rate: 0.99 }))).toEqual({ type: 'rate', rate: 1 });
  });

  it('does not set the rate again when it is the one already wanted', () => {
    const first = syncAction(input(-100));
    expect(first.type).toBe('rate');
    expect(syncAction(input(-100, { rate: first.type === 'rate' ? first.rate : 1 }))).toEqual({
      type: 'none',
    });
  });

  it('seeks over a large drift, to the schedule plus what seeks take to land', () => {
    expect(syncAction(input(-3_000))).toEqual({ type: 'seek', by: 3 });
    expect(syncAction(input(SEEK_MS + 100, { seekLagMs: 100 }))).toEqual({ type: 'seek', by: -0.4 });
    expect(syncAction(input(-(SEEK_MS + 1)))).toMatchObject({ type: 'seek' });
  });

  it('does not chase a seek with another one at once: it nudges meanwhile', () => {
    const soon = syncAction(input(-1_000, { sinceSeekMs: SEEK_COOLDOWN_MS - 1 }));
    expect(soon).toEqual({ type: 'rate', rate: 1 + MAX_NUDGE });
    expect(syncAction(input(-1_000, { sinceSeekMs: SEEK_COOLDOWN_MS }))).toMatchObject({ type: 'seek' });
  });

  it('a viewer joining seeks straight to the schedule, not nudging for seconds', () => {
    // The first frame of a join, 368 ms behind (measured in the benchmark): playing on, the nudge
    // would need 7 s; joining, one seek aimed ahead by what seeks take to land.
    expect(syncAction(input(-368, { rate: 1, seekLagMs: 80 }))).toMatchObject({ type: 'rate' });
    expect(syncAction(input(-368, { seekLagMs: 80, joining: true }))).toEqual({ type: 'seek', by: 0.448 });
    // Landed 70 ms behind: once it has landed, another seek, aimed by the lag it learned.
    const landed = input(-70, { seekLagMs: 115, joining: true });
    expect(syncAction({ ...landed, sinceSeekMs: JOIN_SEEK_COOLDOWN_MS - 1 })).toMatchObject({ type: 'rate' });
    expect(syncAction({ ...landed, sinceSeekMs: JOIN_SEEK_COOLDOWN_MS })).toEqual({
      type: 'seek',
      by: 0.185,
    });
    // Within JOIN_SEEK_MS it is on the schedule: the nudge finishes the job.
    expect(syncAction(input(-JOIN_SEEK_MS, { joining: true }))).toMatchObject({ type: 'rate' });
  });

  it('learns what seeks take to land, bounded', () => {
    // Aimed 80 ms ahead, landed 40 ms behind: they take about 120 ms; halfway there.
    expect(nextSeekLag(80, -40)).toBe(100);
    expect(nextSeekLag(100, 0)).toBe(100);
    expect(nextSeekLag(0, -60_000)).toBe(1_000);
    expect(nextSeekLag(50, 500)).toBe(0);
  });

  it('converges: a simulated player that joined 2.5 s late ends within 20 ms and stays there', () => {
    // A 250 ms tick; a seek lands 120 ms late; the rate acts on the drift between ticks.
    let drift = -2_500;
    let rate = 1;
    let sinceSeek = Infinity;
    let lag = 80;
    let landing = false;
    // Joining as live-sync.ts does: until within JOIN_SEEK_MS, or after JOIN_SEEKS seeks.
    let joining = true;
    let joinSeeks = 0;
    const history: number[] = [];
    for (let tick = 0; tick < 80; tick++) {
      if (landing) {
        lag = nextSeekLag(lag, drift);
        landing = false;
      }
      if (Math.abs(drift) <= JOIN_SEEK_MS || joinSeeks >= JOIN_SEEKS) joining = false;
      const action = syncAction({ driftMs: drift, rate, sinceSeekMs: sinceSeek, seekLagMs: lag, joining });
      if (action.type === 'rate') rate = action.rate;
      if (action.type === 'seek') {
        drift += action.by * 1000 - 120;
        rate = 1;
        sinceSeek = 0;
        landing = true;
        if (joining) joinSeeks += 1;
      }
      drift += (rate - 1) * 250;
      sinceSeek += 250;
      history.push(drift);
    }
    // Joining, it seeks at once and lands 40 ms short (aimed 80 ms ahead, the seek took 120): within
    // 50 ms from the first tick on (it nudged for 7 s from 370 ms before), within 20 ms from 10 s on.
    for (const early of history) expect(Math.abs(early)).toBeLessThanOrEqual(50);
    for (const late of history.slice(40)) expect(Math.abs(late)).toBeLessThanOrEqual(20);
  });
});

describe('a looping package crosses its boundary', () => {
  // The demo package as it is: 60 s, 90 kHz timestamps; its pictures run from 1.480 s to 61.480 s,
  // its sound from 1.4587 s to 61.4908 s (before the first picture and past the last).
  const TS = 90_000;
  const LOOP_MS = 60_000;
  const passes = [0, 1, 2].map((n) => ({ startMs: 1_000_000 + n * LOOP_MS, durationMs: LOOP_MS }));
  /** Where a timestamp of a pass plays in the player's timeline (s), given the pass's offset. */
  const at = (pts: number, baseTime: number) => (pts * TS - baseTime) / TS;

  it('finds the pass a program date belongs to', () => {
    expect(passStartOf(passes, 1_000_000)).toBe(1_000_000);
    expect(passStartOf(passes, 1_059_999)).toBe(1_000_000);
    expect(passStartOf(passes, 1_060_000)).toBe(1_060_000);
    expect(passStartOf(passes, 999_999)).toBeNull();
    expect(passStartOf(passes, 1_180_000)).toBeNull();
  });

  it('maps the next pass one pass later: its first picture follows the last one without a gap', () => {
    // A viewer joined in the middle of pass 0: hls.js put segment 10's earliest sample (the sound at
    // 21.4003 s) at its playlist position, 20 s.
    const first = {
      baseTime: Math.round((21.4003 - 20) * TS),
      timescale: TS,
      passStartMs: passes[0]!.startMs,
    };
    const next = passTimestampOffset(first, passes[1]!.startMs);
    // Pass 0's last picture ends at 61.480 s of its timestamps; pass 1's first picture is 1.480 s of its own.
    expect(at(1.48, next)).toBeCloseTo(at(61.48, first.baseTime), 6);
    // Every picture of pass 1 plays exactly one pass after the same picture of pass 0 ...
    expect(at(30.04, next) - at(30.04, first.baseTime)).toBeCloseTo(60, 6);
    // ... and the pass after it two passes after (a viewer back from a long stall skips one).
    const third = passTimestampOffset(first, passes[2]!.startMs);
    expect(at(1.48, third) - at(1.48, first.baseTime)).toBeCloseTo(120, 6);
    // What hls.js guessed without it: the new pass's earliest decode time (1.400 s) at the end of the
    // previous segment's latest sample (the sound, 61.4908 s), so the first picture came ~90 ms late.
    const guessed = Math.round((1.4 - at(61.4908, first.baseTime)) * TS);
    expect((at(1.48, guessed) - at(61.48, first.baseTime)) * 1000).toBeCloseTo(90.8, 0);
  });
});
