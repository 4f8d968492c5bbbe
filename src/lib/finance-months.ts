import { formatDate, localDigits } from './format';
import type { Locale } from './locale';
import { solarMonthDays, solarMonthOf } from './solar-month';

/**
 * The finance reports' months (issue 27): a Solar Hijri month in Persian, the month a tax return is
 * filed for, a Gregorian month in English. A month is named `YYYY-MM` in its own calendar and covers
 * Iranian days (lib/iran-day.ts), written as ISO dates, from its first to its last day. The server
 * bounds its queries with these days and the console names them, so both count the same days.
 */
export const calendars = ['persian', 'gregorian'] as const;
export type Calendar = (typeof calendars)[number];

/** The calendar each language picks months in. */
export const calendarOf: Record<Locale, Calendar> = { fa: 'persian', en: 'gregorian' };

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const pad = (n: number) => String(n).padStart(2, '0');

function parse(month: string): { year: number; month: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The first and last Iranian day of a month (Solar Hijri months as lib/solar-month.ts finds them). */
export function monthDays(calendar: Calendar, month: string): { from: string; to: string } {
  if (calendar === 'persian') return solarMonthDays(month);
  const { year, month: m } = parse(month);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${year}-${pad(m)}-01`, to: `${year}-${pad(m)}-${pad(last)}` };
}

/** The month an Iranian day falls in, in a calendar. */
export function monthOf(calendar: Calendar, day: string): string {
  return calendar === 'gregorian' ? day.slice(0, 7) : solarMonthOf(day);
}

/** The `count` months that end with `month`, oldest first (both calendars have twelve a year). */
export function monthsEnding(month: string, count: number): string[] {
  const { year, month: m } = parse(month);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (m - 1) - back;
    months.push(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}`);
  }
  return months;
}

/** A month's name without its year: 'آذر', 'November', 'Azar'. */
export function monthName(calendar: Calendar, month: string, locale: Locale): string {
  const { from } = monthDays(calendar, month);
  const tag = calendar === 'persian' ? `${locale === 'fa' ? 'fa-IR' : 'en-GB'}-u-ca-persian` : 'en-GB';
  return new Intl.DateTimeFormat(tag, { timeZone: 'UTC', month: 'long' }).format(
    new Date(`${from}T00:00:00Z`),
  );
}

/** A month as its language writes it: 'آذر ۱۴۰۵', 'November 2026', 'Azar 1405'. */
export function monthLabel(calendar: Calendar, month: string, locale: Locale): string {
  return `${monthName(calendar, month, locale)} ${localDigits(parse(month).year, locale)}`;
}

/** An Iranian day as its language writes it: '۵ آذر ۱۴۰۵', '26 November 2026'. */
export function dayLabel(day: string, locale: Locale): string {
  return formatDate(`${day}T00:00:00Z`, locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
