import type { Config } from '../config';
import { absoluteUrl } from '../core/public-url';

/**
 * robots.txt. Private pages (account, player, payments) are not disallowed here: a crawler must fetch
 * them to read their noindex, or it may keep their address from links. What is disallowed has no page
 * to read: the API (but for the artwork title pages show), the viewer's rows fragment and the sandbox
 * bank.
 */
export function robotsTxt(site: Pick<Config, 'publicUrl'>): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/media/artwork/',
    'Disallow: /api/',
    'Disallow: /partials/',
    'Disallow: /sandbox-bank/',
    '',
    `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
