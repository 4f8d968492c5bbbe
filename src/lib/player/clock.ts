/**
 * The server's clock as seen from the browser: screenings start by the server's time, and every viewer
 * of one shows the frame the schedule names for the server's now, so a device clock off by seconds (or
 * by minutes) must not matter. The page brings a first estimate (the time the server rendered it, which
 * also carries that page's transfer); then the player measures properly, NTP-style: several requests to
 * GET /api/v1/time, each giving the server's time against the middle of its round trip, keeping the
 * sample with the least round-trip time (its error is at most half of it), measured again from time to
 * time (decision record 0051). Times are kept against the page's monotonic clock (performance.now), so
 * a device clock set while the page is open changes nothing.
 */

/** One exchange: the local send and receive instants and the server's time in its answer (all ms). */
export interface ClockSample {
  sent: number;
  received: number;
  server: number;
}

export interface ClockEstimate {
  /** Server time minus local time. */
  offset: number;
  /** Round trip of the sample it comes from: the estimate is within half of it. */
  rtt: number;
}

/** The estimate one sample gives: the server answered, on average, halfway through the round trip. */
export function estimateOf(sample: ClockSample): ClockEstimate {
  const rtt = Math.max(0, sample.received - sample.sent);
  return { offset: sample.server - (sample.sent + sample.received) / 2, rtt };
}

/** The estimate of the sample with the least round trip (the least room for a one-sided delay). */
export function bestEstimate(samples: readonly ClockSample[]): ClockEstimate | null {
  let best: ClockEstimate | null = null;
  for (const sample of samples) {
    if (!(sample.received >= sample.sent) || !Number.isFinite(sample.server)) continue;
    const estimate = estimateOf(sample);
    if (!best || estimate.rtt < best.rtt) best = estimate;
  }
  return best;
}

/** The page's clock: milliseconds since the epoch at page load, advanced monotonically. */
const localNow = () => performance.timeOrigin + performance.now();

let current: ClockEstimate = { offset: 0, rtt: Infinity };
let measured = false;

/** The page's first, coarse estimate (the render time); a measured one is never replaced by it. */
export function syncClock(serverNow: number): void {
  if (!measured) current = { offset: serverNow - localNow(), rtt: Infinity };
}

export function serverTime(): number {
  return localNow() + current.offset;
}

/** The estimate in use (for the sync test and support to read). */
export function clockEstimate(): ClockEstimate & { measured: boolean } {
  return { ...current, measured };
}

/** Samples per measurement, a little apart so one queueing burst does not spoil all of them. */
const SAMPLES = 5;
const SAMPLE_GAP_MS = 150;
/** How often the clock is measured again: device clocks drift, and a sleeping laptop's more. */
export const CLOCK_REMEASURE_MS = 60_000;

/** The network stack's own times of an exchange (Resource Timing), relative to the page's time origin. */
export interface ExchangeTiming {
  requestStart: number;
  responseStart: number;
}

/**
 * One exchange's sample: by the network stack's times when the browser gives them (the request sent,
 * the first byte of the answer), else by the lines around fetch. A page busy decoding video runs those
 * lines late, and only one way: the benchmark at load 40 saw an estimate 125 ms off for a minute. The
 * network stack's times are not held up by the page.
 */
export function sampleOf(
  sent: number,
  received: number,
  server: number,
  timing: ExchangeTiming | undefined,
  origin: number,
): ClockSample {
  if (timing && timing.requestStart > 0 && timing.responseStart >= timing.requestStart) {
    return { sent: origin + timing.requestStart, received: origin + timing.responseStart, server };
  }
  return { sent, received, server };
}

/** One exchange as the page saw it, and its own address (to find its timing entry by). */
async function exchange(
  url: string,
): Promise<{ target: string; sent: number; received: number; server: number } | null> {
  // The API ignores the query: it only makes the address, and so the timing entry, this exchange's.
  const unique = `${Math.round(localNow())}-${Math.random().toString(36).slice(2)}`;
  const target = new URL(`${url}?sample=${unique}`, location.href).href;
  const sent = localNow();
  try {
    const response = await fetch(target, { cache: 'no-store' });
    const received = localNow();
    if (!response.ok) return null;
    const { now } = (await response.json()) as { now?: unknown };
    return typeof now === 'number' ? { target, sent, received, server: now } : null;
  } catch {
    return null;
  }
}

/**
 * Resource Timing entries of the clock's requests while a measurement runs: an observer sees them even
 * when the page's timing buffer is full of segment requests (it is after a few minutes of playing).
 */
function watchTimings(): { timings: () => Map<string, ExchangeTiming>; stop: () => void } {
  const found = new Map<string, ExchangeTiming>();
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      if (entry.name.includes('?sample=')) found.set(entry.name, entry as PerformanceResourceTiming);
    }
  };
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'resource' });
  } catch {
    observer = null;
  }
  return {
    timings: () => {
      if (observer) keep(observer.takeRecords());
      return found;
    },
    stop: () => observer?.disconnect(),
  };
}

let running: Promise<void> | null = null;

/**
 * Measures the clock now (once at a time): SAMPLES exchanges in turn, the best one kept. A newer
 * measurement replaces an older one even with a longer round trip, since the clocks may have drifted
 * apart since; a measurement that got no answer at all keeps the previous estimate.
 */
export function measureClock(url = '/api/v1/time'): Promise<void> {
  running ??= (async () => {
    const watch = watchTimings();
    const exchanges = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, SAMPLE_GAP_MS));
      const done = await exchange(url);
      if (done) exchanges.push(done);
    }
    // Read at the end: an entry is reported when its answer is complete, not always before fetch returns.
    const timings = watch.timings();
    watch.stop();
    const samples = exchanges.map(({ target, sent, received, server }) =>
      sampleOf(sent, received, server, timings.get(target), performance.timeOrigin),
    );
    const best = bestEstimate(samples);
    if (best) {
      current = best;
      measured = true;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
