import type { Locale } from './locale';

/** The content pages of src/content/pages, by slug; each exists in both languages. */
export const contentSlugs = [
  'about',
  'terms',
  'privacy',
  'work-with-us',
  'downloads',
  'landing1',
  'landing2',
  'landing3',
] as const;

export type ContentSlug = (typeof contentSlugs)[number];

export function contentId(slug: ContentSlug, locale: Locale): string {
  return `${locale}/${slug}`;
}

/** Campaign landings: no footer (SPEC §2) and a hero instead of a document heading. */
export function isLanding(slug: ContentSlug): boolean {
  return slug.startsWith('landing');
}
