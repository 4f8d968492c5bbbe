import { defaultLocale, isLocale, type Locale } from '../../lib/locale';

function supported(tag: string): Locale | undefined {
  const language = tag.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The language of a request: Accept-Language-site (what the site's API client sends), else the first
 * supported tag of Accept-Language, else Persian.
 */
export function requestLocale(headers: Headers): Locale {
  const site = headers.get('accept-language-site');
  const fromSite = site ? supported(site) : undefined;
  if (fromSite) return fromSite;
  for (const tag of headers.get('accept-language')?.split(',') ?? []) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}
