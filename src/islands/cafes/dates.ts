import { formatDate, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';

/** Cafe sessions happen in Iran: their times are read in Tehran time, as their title pages show them. */
export function sessionTime(at: string, locale: Locale): string {
  return formatDate(at, locale, { ...longDateTime, timeZone: 'Asia/Tehran' });
}
