import type { Config } from '../config';

/**
 * The absolute address of a path (or an address, kept as it is) on the site's public origin: PUBLIC_URL
 * as the server was started with it, never as the site was built (decision record 0032), so one build
 * serves any origin. Canonical and alternate links, Open Graph, structured data, the sitemaps, robots.txt,
 * payment callbacks and the links sent in messages are all made here.
 */
export function absoluteUrl(site: Pick<Config, 'publicUrl'>, path: string): string {
  return new URL(path, `${site.publicUrl}/`).href;
}
