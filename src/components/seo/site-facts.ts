import type { AstroGlobal } from 'astro';
import type { Locale } from '~/lib/locale';
import { siteConfig } from '~/server/core/site-config';

/** What every page's structured data says about the site, in the page's language. */
export function siteFacts(astro: AstroGlobal, locale: Locale) {
  const site = astro.site ?? astro.url;
  return {
    locale,
    brand: siteConfig.brand[locale],
    absolute: (path: string) => new URL(path, site).href,
    logo: '/icons/icon-512.png',
    telephone: siteConfig.supportPhone,
    email: siteConfig.supportEmail,
  };
}
