import { defaultLocale, localPath, locales } from '../../lib/locale';
import type { Config } from '../config';
import { absoluteUrl } from '../core/public-url';

/**
 * The XML of sitemaps (sitemaps.org 0.9 with Google's xhtml:link alternates). Pure: every address is
 * made from a route of the Persian site through the locale rule, so the sitemap and the pages' own
 * hreflang links cannot disagree.
 */

export interface SitemapEntry {
  /** A page as the Persian site writes it: '/', '/about', '/movies/12'. */
  route: string;
  lastmod?: Date | null | undefined;
}

export interface SitemapChild {
  /** File name without extension: /sitemaps/<name>.xml. */
  name: string;
  lastmod?: Date | null | undefined;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** W3C date-time in UTC, to the second: what lastmod accepts. */
function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function lastmodTag(date: Date | null | undefined): string {
  return date ? `<lastmod>${w3cDate(date)}</lastmod>` : '';
}

/** Where a child sitemap lives, for the index and for the route that serves it. */
export function sitemapChildPath(name: string): string {
  return `/sitemaps/${name}.xml`;
}

/**
 * One <url> per language of every page, each naming all languages and x-default (the Persian page, as
 * the layout's links do): a search engine then shows each visitor the page in their language.
 */
export function urlsetXml(site: Pick<Config, 'publicUrl'>, entries: readonly SitemapEntry[]): string {
  const absolute = (path: string) => escapeXml(absoluteUrl(site, path));
  const urls = entries.flatMap(({ route, lastmod }) => {
    const links = [
      ...locales.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${absolute(localPath(route, locale))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(localPath(route, defaultLocale))}"/>`,
    ].join('');
    return locales.map(
      (locale) => `<url><loc>${absolute(localPath(route, locale))}</loc>${lastmodTag(lastmod)}${links}</url>`,
    );
  });
  return (
    XML_HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export function sitemapIndexXml(site: Pick<Config, 'publicUrl'>, children: readonly SitemapChild[]): string {
  const items = children.map(
    ({ name, lastmod }) =>
      `<sitemap><loc>${escapeXml(absoluteUrl(site, sitemapChildPath(name)))}</loc>${lastmodTag(lastmod)}</sitemap>`,
  );
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    items.join('\n') +
    '\n</sitemapindex>\n'
  );
}
