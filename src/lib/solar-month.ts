/**
 * Solar Hijri months (`1405-09`: Azar 1405) as ranges of days (YYYY-MM-DD), for the server and the
 * console's islands alike. The calendar is Intl's (`persian`), never a table of ours: a day's month is
 * read off its Solar Hijri date, and a month's first day is found near its estimate.
 */

const DAY_MS = 86_400_000;

const persian = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** A day's Solar Hijri year, month and day: '2026-11-26' → [1405, 9, 5]. */
function solarParts(day: string): [number, number, number] {
  const parts = persian.formatToParts(new Date(`${day}T12:00:00Z`));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return [field('year'), field('month'), field('day')];
}

const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Solar Hijri month a day falls in: '2026-11-26' → '1405-09'. */
export function solarMonthOf(day: string): string {
  const [year, month] = solarParts(day);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The first day of a Solar Hijri month, found within a few days of its estimate. */
function firstDay(year: number, month: number): string {
  // 1 Farvardin falls on 20 or 21 March; months 1-6 have 31 days, 7-11 have 30.
  const offset = month <= 7 ? (month - 1) * 31 : 186 + (month - 7) * 30;
  const estimate = Date.UTC(year + 621, 2, 21) + offset * DAY_MS;
  for (let shift = -4; shift <= 4; shift++) {
    const day = dayAt(estimate + shift * DAY_MS);
    const [y, m, d] = solarParts(day);
    if (y === year && m === month && d === 1) return day;
  }
  throw new Error(`no first day found for ${year}-${month}`);
}

/** The first and last day (both included) of a Solar Hijri month: '1405-09' → 2026-11-22 … 2026-12-21. */
export function solarMonthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const from = firstDay(year, number);
  const next = number === 12 ? firstDay(year + 1, 1) : firstDay(year, number + 1);
  return { from, to: dayAt(Date.parse(`${next}T00:00:00Z`) - DAY_MS) };
}

/** The Solar Hijri month of `day` and the `count - 1` before it, newest first. */
export function recentSolarMonths(day: string, count: number): string[] {
  const months: string[] = [];
  let [year, month] = solarParts(day);
  for (let i = 0; i < count; i++) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}
