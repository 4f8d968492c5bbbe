import { t } from '~/i18n';
import { localPath, type Locale } from './locale';

/**
 * The installable web app (decision record 0023): its manifest per language, and what the layout links.
 * The service worker (public/sw.js) keeps nothing but the offline pages named here.
 */

/** The brand red of public/icons (scripts/app-icons.mjs) and the light surface behind the splash. */
export const themeColor = '#b4232a';
const backgroundColor = '#ffffff';

export const offlinePath = (locale: Locale) => localPath('/offline', locale);
export const manifestPath = (locale: Locale) => localPath('/manifest.webmanifest', locale);

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'rtl' | 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

export function webAppManifest(locale: Locale): WebAppManifest {
  const home = localPath('/', locale);
  return {
    id: home,
    name: t(locale, 'brand'),
    short_name: t(locale, 'brand'),
    description: t(locale, 'downloads.appDescription'),
    lang: locale,
    dir: locale === 'fa' ? 'rtl' : 'ltr',
    start_url: home,
    // The whole site, both languages: an English app that follows a link to a Persian page stays in it.
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The manifest as the endpoints answer it (src/pages/manifest.webmanifest.ts and /en/). */
export function manifestResponse(locale: Locale): Response {
  return new Response(JSON.stringify(webAppManifest(locale)), {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
