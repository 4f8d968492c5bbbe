import type { Locale } from './locale';

/*
 * Digits are converted by code point arithmetic (Persian ۰ is U+06F0, Arabic-Indic ٠ is U+0660) rather than
 * with @persian-tools/persian-tools: its single entry point drags the phone-operator tables into every
 * island bundle that needs digits (about 10 kB gzip), see docs/decisions/0003-web-shell.md.
 */
const persianZero = 0x06f0;
const arabicZero = 0x0660;

/** Latin digits in any text become Persian ones (for display on Persian pages). */
export function toPersianDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (digit) => String.fromCharCode(persianZero + Number(digit)));
}

/** Persian or Arabic-Indic digits become Latin ones (what the API expects from typed numbers). */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= persianZero ? persianZero : arabicZero));
  });
}

/** Digits as the page's language writes them. */
export function localDigits(text: string | number, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(text) : String(text);
}

const intlLocale: Record<Locale, string> = { fa: 'fa-IR', en: 'en-US' };
/** Persian dates use the Solar Hijri calendar, as Iranian viewers read them. */
const dateLocale: Record<Locale, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/*
 * Building an Intl formatter costs far more than using one (it loads locale and calendar data), and
 * every page formats dates in its footer, so formatters are made once per locale and options.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(intlLocale[locale], options)).format(value);
}

const longDate: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** A day and the time on it, for records (payments, ledger lines, tickets). */
export const longDateTime: Intl.DateTimeFormatOptions = { ...longDate, hour: '2-digit', minute: '2-digit' };

export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = longDate,
): string {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  return cached(key, () => new Intl.DateTimeFormat(dateLocale[locale], options)).format(new Date(value));
}

/** The year as the page's calendar counts it (1405 for 2026 in Persian), for copyright lines. */
export function formatYear(value: Date, locale: Locale): string {
  return formatDate(value, locale, { year: 'numeric' });
}

/**
 * Phone numbers in a text (a user name, "name · +98912…") in the page's digits; an e-mail address or a
 * code, whose digits sit among Latin letters, stays as it is.
 */
export function localPhoneNumbers(text: string, locale: Locale): string {
  return text.replace(/(?<![\w@.])\+?[0-9]{5,}(?![\w@])/g, (phone) => localDigits(phone, locale));
}

const listSeparators: Record<Locale, string> = { fa: '، ', en: ', ' };

/** The comma between listed items in the language ("، " in Persian). */
export function listSeparator(locale: Locale): string {
  return listSeparators[locale];
}

/**
 * Items joined by the language's own comma, without "and": "Tehran, Enghelab Street" in English,
 * «تهران، خیابان انقلاب» in Persian. (Intl.ListFormat adds «و» before a Persian list's last item.)
 */
export function formatList(items: string[], locale: Locale): string {
  return items.join(listSeparator(locale));
}

/**
 * An international phone number grouped for reading: +982191012345 → +98 21 9101 2345. Shown inside a
 * dir="ltr" element so the plus sign and groups keep their order on Persian pages.
 */
export function formatPhone(international: string, locale: Locale): string {
  const match = /^\+98(\d{2})(\d{4})(\d{4})$/.exec(international);
  const grouped = match ? `+98 ${match[1]} ${match[2]} ${match[3]}` : international;
  return localDigits(grouped, locale);
}
