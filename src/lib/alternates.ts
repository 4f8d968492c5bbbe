import { localPath, locales, type Locale } from './locale';

export type Alternates = Record<Locale, string>;

/** The Persian and English addresses of one page of the site, e.g. ('/about') → /about and /en/about. */
export function alternatesOf(route: string): Alternates {
  const path = route === '' ? '/' : route;
  return Object.fromEntries(locales.map((locale) => [locale, localPath(path, locale)])) as Alternates;
}

/** SPEC §2: without a page's own alternates, the other language's home page is the alternate. */
export const defaultAlternates: Alternates = alternatesOf('/');
