import { landingSlugs } from './landings';
import { routeOf, type Locale } from './locale';

/**
 * The app shell rules of SPEC §2 as one pure function, so the layout, the 404 page and the tests all
 * agree on which chrome a route gets.
 */

export interface Shell {
  locale: Locale;
  dir: 'rtl' | 'ltr';
  /** The path with the /en prefix and any trailing slash removed; '/' for the home page. */
  route: string;
  showMainHeader: boolean;
  showShopHeader: boolean;
  showFooter: boolean;
}

/** Segments are compared whole, so /playlist never counts as /play and /shopping never as /shop. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** Routes that are exactly `/<name>` or `/<name>/<id>` (the player family). */
function isPlayerRoute(segments: string[]): boolean {
  const [first, ...rest] = segments;
  if (first === 'play') return rest.length <= 1;
  if (first === 'play-preview' || first === 'playtest') return rest.length === 1;
  return false;
}

function containsSequence(segments: string[], sequence: string[]): boolean {
  return segments.some((_, start) => sequence.every((part, offset) => segments[start + offset] === part));
}

export function shellFor(pathname: string): Shell {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape cannot name one of our routes; keep the raw path.
  }
  const { locale, route } = routeOf(path.split(/[?#]/)[0] ?? '');
  const segments = segmentsOf(route);

  const player = isPlayerRoute(segments);
  const shop = segments.includes('shop');
  // The header rule says "any route containing /lives/play"; the footer list names the route itself
  // (with whatever follows it, such as a screening id).
  const inLivePlayer = containsSequence(segments, ['lives', 'play']);
  const atLivePlayer = segments[0] === 'lives' && segments[1] === 'play';
  const landing = segments.length === 1 && landingSlugs.has(segments[0] ?? '');
  // The staff console has its own frame (src/layouts/AdminLayout.astro).
  const admin = segments[0] === 'admin';

  return {
    locale,
    dir: locale === 'fa' ? 'rtl' : 'ltr',
    route,
    showMainHeader: !(player || shop || inLivePlayer || admin),
    showShopHeader: shop,
    showFooter: !(player || atLivePlayer || landing || admin),
  };
}
