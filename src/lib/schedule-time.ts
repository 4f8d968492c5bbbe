import { formatDate, longDateTime } from './format';
import type { Locale } from './locale';

/** Screenings and cafe sessions are scheduled in Iran, and the server renders their times there. */
export const TEHRAN = 'Asia/Tehran';

const tehranLabel: Record<Locale, string> = { fa: 'به وقت تهران', en: 'Tehran time' };
const timeOfDay: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/**
 * The one way a screening, cafe session or countdown time is written: in the viewer's own time zone,
 * with Tehran's beside it where the two differ ("27 November 2026, 13:29 (21:59 Tehran time)", the
 * date too when Tehran is already on another day); in Tehran, or where the viewer's zone is not known
 * (the server's HTML, before any script), Tehran's, named as such. Persian pages get Persian digits and
 * the Solar Hijri calendar (formatDate).
 */
export function scheduleTime(at: Date | string | number, locale: Locale, zone: string = TEHRAN): string {
  const tehran = formatDate(at, locale, { ...longDateTime, timeZone: TEHRAN });
  const label = tehranLabel[locale];
  if (zone === TEHRAN) return `${tehran} (${label})`;
  const own = formatDate(at, locale, { ...longDateTime, timeZone: zone });
  if (own === tehran) return `${tehran} (${label})`;
  const sameDay =
    formatDate(at, locale, { ...day, timeZone: zone }) ===
    formatDate(at, locale, { ...day, timeZone: TEHRAN });
  const beside = sameDay ? formatDate(at, locale, { ...timeOfDay, timeZone: TEHRAN }) : tehran;
  return `${own} (${beside} ${label})`;
}

/** The browser's time zone; Tehran where it cannot be told (the server, an odd or missing zone). */
export function viewerZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A zone Intl names but cannot format with would throw later, in the middle of a render.
    if (zone) new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone || TEHRAN;
  } catch {
    return TEHRAN;
  }
}
