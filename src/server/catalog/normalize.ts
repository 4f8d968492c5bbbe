import { toLatinDigits } from '../../lib/format';

/**
 * One spelling for Persian and English search text. The same function normalises the stored
 * products.search_text and every query, so any way a Persian speaker types a title (Arabic or Persian
 * yeh and kaf, with or without the zero-width non-joiner, with diacritics, in any digits) matches.
 */

const LETTER_MAP: Record<string, string> = {
  // Arabic yeh, alef maksura and yeh with hamza above → Persian yeh
  ي: 'ی',
  ى: 'ی',
  ئ: 'ی',
  // Arabic kaf → Persian keheh
  ك: 'ک',
  // teh marbuta and heh with yeh/hamza → heh
  ة: 'ه',
  ۀ: 'ه',
  ە: 'ه',
  // alef with hamza above/below and madda, wasla → plain alef (آب and اب both match)
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  // waw with hamza → waw
  ؤ: 'و',
};

/**
 * Harakat, tanvin, shadda, sukun, superscript alef and other combining marks go; tatweel goes. The
 * zero-width non-joiner and other format characters are removed, so "می‌روم" and "میروم" are one
 * word; "می روم" (a space instead) still finds it because stored text also carries the title without
 * spaces (see searchTextOf) and every query word only has to be a substring.
 */
export function normalizeSearchText(input: string): string {
  return (
    toLatinDigits(input.normalize('NFKC'))
      .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
      .replace(/\p{Cf}/gu, '')
      .replace(/[يىئكةۀەأإآٱؤ]/g, (char) => LETTER_MAP[char] ?? char)
      .toLowerCase()
      // Punctuation and symbols separate words (also keeps the `|` field separator out of the text).
      .replace(/[\p{P}\p{S}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
