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
