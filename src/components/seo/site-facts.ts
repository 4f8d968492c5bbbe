import type { Locale } from '~/lib/locale';
import type { Config } from '~/server/config';
import { absoluteUrl } from '~/server/core/public-url';
import { siteConfig } from '~/server/core/site-config';

/** What every page's structured data says about the site, in the page's language. */
export function siteFacts(config: Config, locale: Locale) {
  return {
    locale,
    brand: siteConfig.brand[locale],
    absolute: (path: string) => absoluteUrl(config, path),
    logo: '/icons/icon-512.png',
    telephone: siteConfig.supportPhone,
    email: siteConfig.supportEmail,
  };
}
