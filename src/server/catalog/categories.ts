import type { Localized } from '../../lib/locale';

/** Product categories (products.category holds the slug); names for the search filter and title pages. */
export const CATEGORY_NAMES: Record<string, Localized> = {
  feature: { fa: 'فیلم سینمایی', en: 'Feature film' },
  short: { fa: 'فیلم کوتاه', en: 'Short film' },
  documentary: { fa: 'مستند', en: 'Documentary' },
  animation: { fa: 'پویانمایی', en: 'Animation' },
  'tv-series': { fa: 'سریال', en: 'TV series' },
  album: { fa: 'آلبوم موسیقی', en: 'Music album' },
  concert: { fa: 'کنسرت', en: 'Concert' },
  'online-screening': { fa: 'اکران آنلاین', en: 'Online screening' },
  festival: { fa: 'جشنواره', en: 'Festival' },
};

export function categoryName(slug: string): Localized {
  return CATEGORY_NAMES[slug] ?? { fa: slug, en: slug };
}
