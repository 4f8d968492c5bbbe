export const locales = ['fa', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fa';

/** A text in both languages of the product. */
export type Localized = Record<Locale, string>;

/** Digits in the way the locale writes them (Persian digits in Persian text). */
export function formatNumber(value: number, locale: Locale): string {
  return value.toLocaleString(locale === 'fa' ? 'fa-IR' : 'en-US', { useGrouping: false });
}
