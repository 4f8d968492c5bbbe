import type { Locale } from './locale';

/** The content pages of src/content/pages, by slug; each exists in both languages. */
export const contentSlugs = ['about', 'terms', 'privacy', 'work-with-us', 'downloads'] as const;

export type ContentSlug = (typeof contentSlugs)[number];

export function contentId(slug: ContentSlug, locale: Locale): string {
  return `${locale}/${slug}`;
}
