/**
 * The product's two languages and the one rule that ties them to addresses (SPEC §2): Persian at the
 * root, English under `/en`. Pages, the header, middleware, the response cache and the API all ask
 * here, so a new page or a sitemap cannot disagree with them.
 */
export const locales = ['fa', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fa';

/** A text in both languages of the product. */
export type Localized = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return locales.includes(value as Locale);
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'fa' ? 'en' : 'fa';
}

/** The language's path prefix; the default language has none. */
const prefix = (locale: Locale) => (locale === defaultLocale ? '' : `/${locale}`);

/**
 * A path of the site (as the Persian site writes it) in a language: ('/about', 'en') → /en/about,
 * ('/', 'en') → /en. Query and fragment ride along; addresses of other sites are left alone.
 */
export function localPath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const head = prefix(locale);
  if (head === '') return path;
  return /^\/(?:[?#]|$)/.test(path) ? `${head}${path.slice(1)}` : `${head}${path}`;
}

/**
 * The language of an address and the route it names in the Persian site: '/en/about/' → en, '/about';
 * '/en' → en, '/'. Segments are compared whole, so /english stays a Persian route.
 */
export function routeOf(pathname: string): { locale: Locale; route: string } {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0];
  const locale = first !== defaultLocale && isLocale(first) ? first : defaultLocale;
  const rest = locale === defaultLocale ? segments : segments.slice(1);
  return { locale, route: `/${rest.join('/')}` };
}

export function localeOf(pathname: string): Locale {
  return routeOf(pathname).locale;
}
