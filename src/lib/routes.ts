import type { ProductKind } from '../shared/catalog';
import { localPath, type Locale } from './locale';

/**
 * The one map from a title's kind to the first segment of its page: title pages, the player's way back,
 * the API's hrefs and the response cache all read it, so a new kind or a sitemap cannot disagree.
 */
export const kindSegments = {
  film: 'movies',
  series: 'series',
  music: 'music',
  screening: 'lives',
  festival: 'festivals',
} as const satisfies Record<ProductKind, string>;

/** A title page as the Persian site writes it: ('film', 12) → /movies/12. */
export function titleRoute(kind: ProductKind, id: number): string {
  return `/${kindSegments[kind]}/${id}`;
}

/** A title page in a language: ('film', 12, 'en') → /en/movies/12. */
export function titlePath(kind: ProductKind, id: number, locale: Locale): string {
  return localPath(titleRoute(kind, id), locale);
}

/**
 * The query parameter that opens a title page's purchase dialog at once (the player's "buy" after a
 * 402 links there): the page's Buy island is hydrated `client:interaction="buy"`.
 */
export const BUY_PARAM = 'buy';

/** A title page that opens its purchase dialog on arrival: ('film', 12, 'en') → /en/movies/12?buy. */
export function titleBuyPath(kind: ProductKind, id: number, locale: Locale): string {
  return `${titlePath(kind, id, locale)}?${BUY_PARAM}`;
}

/**
 * Where a festival is watched: the festival ticket page told which festival, so a pass holder plays
 * it with one press and a viewer without a pass is offered one (/play alone only takes a code).
 */
export function festivalPlayRoute(id: number): string {
  return `/play?festival=${id}`;
}
