import { localDigits } from '../format';
import type { Locale } from '../locale';

/**
 * A media time as players write it: m:ss, or h:mm:ss from an hour on, in the page's digits. Callers put
 * it in a dir="ltr" element: the colon-separated groups read left to right in Persian too.
 */
export function formatTime(seconds: number, locale: Locale): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  const text = hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  return localDigits(text, locale);
}
