import { TEHRAN } from './schedule-time';

/**
 * Iran's calendar days, the business's days (the console's dates, totals and "today", the demo's
 * evening sessions), for the server and the console's islands alike. Tehran's offset is read from
 * Intl's Asia/Tehran zone, never written down: Iran has kept UTC+03:30 all year since 2022, but the
 * rule lives here, in the time zone database, should that change again.
 */

const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TEHRAN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Tehran's wall clock at `at`, as if it were UTC (its date and time read off with getUTC… or
 * toISOString): 2026-11-23T16:00Z → 2026-11-23T19:30Z.
 */
export function tehranWallClock(at: Date): Date {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((part) => [part.type, part.value]));
  const field = (name: string) => Number(parts[name]);
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
    ),
  );
}

/** How far Tehran's clock is ahead of UTC at `at`, in milliseconds. */
function tehranOffset(at: Date): number {
  return tehranWallClock(at).getTime() - (at.getTime() - at.getUTCMilliseconds());
}

/** The Iranian day `at` falls on, as YYYY-MM-DD: 2026-11-22T20:30Z → '2026-11-23'. */
export function iranDay(at: Date): string {
  return tehranWallClock(at).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) an Iranian day: ('2026-03-20', 1) → '2026-03-21'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The moment Tehran's clock shows `time` (HH:MM) on an Iranian day: ('2026-11-23', '19:30') →
 * 2026-11-23T16:00Z. The offset is looked up at that moment, so a change of offset is kept.
 */
export function tehranTime(day: string, time = '00:00'): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  const guess = asUtc - tehranOffset(new Date(asUtc));
  return new Date(asUtc - tehranOffset(new Date(guess)));
}

/** The first moment of an Iranian day: '2026-11-23' → 2026-11-22T20:30Z. */
export function iranDayStart(day: string): Date {
  return tehranTime(day);
}

/** 00:00 in Tehran of the day `at` falls on there. */
export function startOfIranDay(at: Date): Date {
  return iranDayStart(iranDay(at));
}
