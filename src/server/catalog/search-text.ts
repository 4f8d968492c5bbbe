import { categoryName } from './categories';
import { normalizeSearchText } from './normalize';

/**
 * products.search_text: `titleFa|titleEn|` first (search ranks a prefix match on either title higher),
 * then the Persian title without spaces (so "می روم" typed with a space or without one both match),
 * people, genres and the category in both languages. Everything passes through normalizeSearchText.
 */
export function searchTextOf(
  title: { fa: string; en: string; category: string },
  personNames: string[],
  genreNames: string[],
): string {
  const fa = normalizeSearchText(title.fa);
  const en = normalizeSearchText(title.en);
  const category = categoryName(title.category);
  const rest = normalizeSearchText(
    [fa.replace(/ /g, ''), ...personNames, ...genreNames, category.fa, category.en].join(' '),
  );
  return `${fa}|${en}|${rest}`;
}
