import type { Locale } from './shell';

export type Alternates = Record<Locale, string>;

/** SPEC §2: without a page's own alternates, the other language's home page is the alternate. */
export const defaultAlternates: Alternates = { fa: '/', en: '/en' };

/** The Persian and English addresses of one page of the site, e.g. ('/about') → /about and /en/about. */
export function alternatesOf(route: string): Alternates {
  const path = route === '' ? '/' : route;
  return { fa: path, en: path === '/' ? '/en' : `/en${path}` };
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'fa' ? 'en' : 'fa';
}
