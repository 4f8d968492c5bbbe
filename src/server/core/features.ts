import { localPath, locales } from '../../lib/locale';
import { capabilityPages, type Capability } from './capabilities';

/** The page files the build was made from: Vite lists them when it builds; none of them is loaded here. */
const pageFiles = new Set(Object.keys(import.meta.glob('/src/pages/**/*.astro')));

function served(path: string): boolean {
  const base = `/src/pages${path === '/' ? '/index' : path}`;
  return pageFiles.has(`${base}.astro`) || pageFiles.has(`${base}/index.astro`);
}

/** Each capability: on when its page is served in every language (what GET /core/configV3 reports). */
export const features = Object.fromEntries(
  Object.entries(capabilityPages).map(([name, route]) => [
    name,
    locales.every((locale) => served(localPath(route, locale))),
  ]),
) as Record<Capability, boolean>;
