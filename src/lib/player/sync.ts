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
 */
export const DEADBAND_MS = 25;
export const SETTLED_MS = 8;
export const SEEK_MS = 400;
export const MAX_NUDGE = 0.05;
/** The drift a nudge removes in about this time (the proportional gain). */
export const NUDGE_HORIZON_MS = 2_000;
export const SEEK_COOLDOWN_MS = 1_500;
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
}

export type SyncAction =
  | { type: 'rate'; rate: number }
  /** Move the position by this many seconds (forward when positive). */
  | { type: 'seek'; by: number }
  | { type: 'none' };

const round = (rate: number) => Math.round(rate / RATE_STEP) * RATE_STEP;

export function syncAction({ driftMs, rate, sinceSeekMs, seekLagMs }: SyncInput): SyncAction {
  const size = Math.abs(driftMs);
  if (size > SEEK_MS && sinceSeekMs >= SEEK_COOLDOWN_MS) {
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
