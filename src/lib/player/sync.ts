/**
 * Everyone on the same frame (issue 30, decision record 0051): the frame a screening's viewer sees
 * should be the one whose program date (EXT-X-PROGRAM-DATE-TIME) is the server's now. The drift is
 * how far ahead (+) or behind (-) of that the frame on screen is, in milliseconds; this decides what to
 * do about it, as a pure function so the thresholds are tested apart from any browser.
 *
 * - Within DEADBAND_MS: play at normal speed; a nudge under way goes on until within SETTLED_MS.
 * - Up to SEEK_MS: nudge the playback rate, in proportion to the drift, at most MAX_NUDGE either way
 *   (the browser keeps the pitch, so nobody hears it): 100 ms is gone in about 2 s.
 * - Beyond SEEK_MS (a late join, a resume after a pause, the way back from a stalled network): seek to
 *   the schedule, ahead by what the last seeks took to land (a seek is not instant), at most one seek
 *   per SEEK_COOLDOWN_MS so a slow seek is not chased by another.
 * - While joining (the first frames after the press, a resume or a seek), beyond JOIN_SEEK_MS: the
 *   picture has only just appeared (or just jumped), so a seek is no cut anybody hears, while nudging
 *   away the 0-2 s a join starts behind took up to 8 s. A seek that lands off by more is followed by
 *   another once it landed (JOIN_SEEK_COOLDOWN_MS), aimed better by the lag it measured.
 */
export const DEADBAND_MS = 25;
export const SETTLED_MS = 8;
export const SEEK_MS = 400;
export const MAX_NUDGE = 0.05;
/** The drift a nudge removes in about this time (the proportional gain). */
export const NUDGE_HORIZON_MS = 2_000;
export const SEEK_COOLDOWN_MS = 1_500;
export const JOIN_SEEK_MS = 50;
export const JOIN_SEEK_COOLDOWN_MS = 300;
/** Seeks a join makes at most: on a device whose seeks land anywhere, nudging does the rest. */
export const JOIN_SEEKS = 3;
/** Rates are rounded to this step, so a steady drift does not set a new rate on every tick. */
const RATE_STEP = 0.005;

export interface SyncInput {
  driftMs: number;
  /** The playback rate now (1 when not nudging). */
  rate: number;
  /** Since the last seek of the controller (Infinity if none). */
  sinceSeekMs: number;
  /** What seeks took to land lately: the schedule has moved on by then. */
  seekLagMs: number;
  /** The first frames after the press, a resume or a seek (see JOIN_SEEK_MS). */
  joining: boolean;
}

export type SyncAction =
  | { type: 'rate'; rate: number }
  /** Move the position by this many seconds (forward when positive). */
  | { type: 'seek'; by: number }
  | { type: 'none' };

const round = (rate: number) => Math.round(rate / RATE_STEP) * RATE_STEP;

export function syncAction({ driftMs, rate, sinceSeekMs, seekLagMs, joining }: SyncInput): SyncAction {
  const size = Math.abs(driftMs);
  const [seekBeyond, cooldown] = joining
    ? [JOIN_SEEK_MS, JOIN_SEEK_COOLDOWN_MS]
    : [SEEK_MS, SEEK_COOLDOWN_MS];
  if (size > seekBeyond && sinceSeekMs >= cooldown) {
    return { type: 'seek', by: (-driftMs + Math.max(0, seekLagMs)) / 1000 };
  }
  const nudging = rate !== 1;
  if (size <= SETTLED_MS || (!nudging && size <= DEADBAND_MS)) {
    return nudging ? { type: 'rate', rate: 1 } : { type: 'none' };
  }
  const nudge = Math.min(MAX_NUDGE, Math.max(-MAX_NUDGE, -driftMs / NUDGE_HORIZON_MS));
  // At least one step, so a drift just over the deadband is still worked on.
  const wanted = round(1 + nudge) === 1 ? 1 + Math.sign(nudge) * RATE_STEP : round(1 + nudge);
  return Math.abs(wanted - rate) < RATE_STEP / 2 ? { type: 'none' } : { type: 'rate', rate: wanted };
}

/**
 * How long seeks take to land, smoothed: the drift right after a seek (behind by the time it took)
 * is added to what the next seek aims ahead by. Bounded, so one freak seek (a fragment fetched over a
 * slow network) cannot send the next one far ahead of the schedule.
 */
export function nextSeekLag(previousLagMs: number, landedDriftMs: number): number {
  const lag = previousLagMs - landedDriftMs;
  return Math.min(1_000, Math.max(0, previousLagMs + (lag - previousLagMs) / 2));
}

/** The drift of the frame on screen from the schedule: its program date against the server's now. */
export const driftOf = (programTimeMs: number, serverNowMs: number) => programTimeMs - serverNowMs;

/** A pass of a looping screening as its playlist announces it (a date range of LOOP_PASS_CLASS). */
export interface LoopPass {
  startMs: number;
  durationMs: number;
}

/** The start of the pass a program date belongs to, or null when no announced pass holds it. */
export function passStartOf(passes: readonly LoopPass[], programTime: number): number | null {
  const pass = passes.find((p) => p.startMs <= programTime && programTime < p.startMs + p.durationMs);
  return pass ? pass.startMs : null;
}

/**
 * Where a pass's timestamps start in the player's timeline, from a pass already mapped: a looping
 * package plays the same media again, so the same timestamps belong exactly `passStart -
 * knownPassStart` later. (Without this, the player guesses each new pass's timeline from its first
 * samples; the demo package's sound and reordered pictures start before its first picture, and each
 * pass landed about 90 ms after the end of the one before: a hole every viewer stalled in at once.)
 * `baseTime` is the media timestamp (in `timescale` units per second) that plays at the timeline's 0.
 */
export function passTimestampOffset(
  known: { baseTime: number; timescale: number; passStartMs: number },
  passStartMs: number,
): number {
  return known.baseTime - Math.round(((passStartMs - known.passStartMs) / 1000) * known.timescale);
}
