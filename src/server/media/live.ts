import { LOOP_PASS_CLASS } from '../../shared/live';
import type { MediaPlaylist } from './packages';

/** Segments in a live window: about 12 s of 2 s segments, enough for hls.js to hold its distance. */
export const LIVE_WINDOW_SEGMENTS = 6;
/**
 * Segments listed after the one the schedule plays now (about 6 s): every player shows the frame of
 * its program date at that instant (issue 30, decision record 0051), so it needs the next segments
 * in its buffer before their time, not after.
 */
export const LIVE_LOOKAHEAD_SEGMENTS = 3;

export interface LiveEntry {
  uri: string;
  duration: number;
  /** Starts a new pass over the package (timestamps restart: the player must be told). */
  discontinuity: boolean;
  /** Wall-clock time this segment plays at for every viewer. */
  programDateTime: Date;
}

export interface LiveWindow {
  mediaSequence: number;
  discontinuitySequence: number;
  entries: LiveEntry[];
  /** The passes over the package the entries belong to, in order: the first frame of each and its number. */
  passes: { pass: number; startsAt: Date }[];
  /** How long one pass lasts (ms). */
  loopMs: number;
  /** When the segment playing now started: the window is the same for everyone from then... */
  since: Date;
  /** ...until the next segment starts and the window moves on. */
  changesAt: Date;
}

/**
 * The live window of a screening at `now`: the package loops from `startsAt`, segment n of the
 * endless stream is segment n mod N of the package, so the media sequence follows from the clock
 * alone and every viewer (and every server instance) computes the same window. The window ends with
 * the segment playing right now. Each pass after the first begins with a discontinuity, and the
 * discontinuity sequence equals the pass number of the window's first segment. `ahead` segments
 * after the current one follow it (none starting at or after `endsAt`), so players can hold the
 * schedule itself rather than a distance behind it.
 */
export function liveWindow(
  playlist: Pick<MediaPlaylist, 'segments'>,
  startsAt: Date,
  now: Date,
  size = LIVE_WINDOW_SEGMENTS,
  ahead = 0,
  endsAt: Date | null = null,
): LiveWindow {
  const durations = playlist.segments.map((segment) => Math.round(segment.duration * 1000));
  const count = durations.length;
  const starts: number[] = [];
  let loopMs = 0;
  for (const duration of durations) {
    starts.push(loopMs);
    loopMs += duration;
  }
  if (count === 0 || loopMs <= 0) throw new Error('live window of an empty playlist');
  const elapsed = Math.max(0, now.getTime() - startsAt.getTime());
  const pass = Math.floor(elapsed / loopMs);
  const offset = elapsed - pass * loopMs;
  let index = count - 1;
  while (starts[index]! > offset) index--;
  const current = pass * count + index;
  const first = Math.max(0, current - size + 1);
  const entries: LiveEntry[] = [];
  const passes: LiveWindow['passes'] = [];
  for (let n = first; n <= current + ahead; n++) {
    const loop = Math.floor(n / count);
    const i = n % count;
    const programDateTime = new Date(startsAt.getTime() + loop * loopMs + starts[i]!);
    if (n > current && endsAt && programDateTime >= endsAt) break;
    if (passes.at(-1)?.pass !== loop) {
      passes.push({ pass: loop, startsAt: new Date(startsAt.getTime() + loop * loopMs) });
    }
    entries.push({
      uri: playlist.segments[i]!.uri,
      duration: durations[i]! / 1000,
      discontinuity: i === 0 && n !== first && loop > 0,
      programDateTime,
    });
  }
  return {
    mediaSequence: first,
    discontinuitySequence: Math.floor(first / count),
    entries,
    passes,
    loopMs,
    since: new Date(startsAt.getTime() + pass * loopMs + starts[index]!),
    changesAt: new Date(startsAt.getTime() + pass * loopMs + starts[index]! + durations[index]!),
  };
}

/**
 * The window as an HLS media playlist: no ENDLIST, so players keep reloading it. Each pass with a
 * segment in the window is a date range (LOOP_PASS_CLASS) from its first frame for one pass: its
 * segments' timestamps restart (hence the discontinuity), and a player that knows where the pass
 * starts and how long the one before lasted maps the new timestamps exactly one pass further on, with
 * no gap and no overlap at the boundary, whatever the package's first samples look like.
 */
export function renderLivePlaylist(
  window: LiveWindow,
  targetDuration: number,
  keyLine: string | null,
): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (keyLine) lines.push(keyLine);
  const passes = window.passes.values();
  for (const [i, entry] of window.entries.entries()) {
    if (entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    // Before the first segment of each pass listed (the first entry's pass may have begun earlier).
    if (i === 0 || entry.discontinuity) {
      const { pass, startsAt } = passes.next().value!;
      lines.push(
        `#EXT-X-DATERANGE:ID="pass-${pass}",CLASS="${LOOP_PASS_CLASS}",START-DATE="${startsAt.toISOString()}",DURATION=${(window.loopMs / 1000).toFixed(3)}`,
      );
    }
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${entry.programDateTime.toISOString()}`,
      `#EXTINF:${entry.duration.toFixed(3)},`,
      entry.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}
