/**
 * The code points each subset of the site font holds (inclusive ranges), shared by the script that cuts
 * the subsets (scripts/subset-font.mjs) and the @font-face rules' unicode-range (src/layouts/BaseLayout.astro).
 * Text outside both ranges falls back to the system font.
 */
export const fontSubsets: Record<'arabic' | 'latin', readonly (readonly [number, number])[]> = {
  // Persian and Arabic letters, digits and marks; ZWNJ/ZWJ and the bidi marks and isolates; the
  // Arabic ornate parentheses; the space and the guillemets Persian uses as quotation marks.
  arabic: [
    [0x20, 0x20],
    [0xab, 0xab],
    [0xbb, 0xbb],
    [0x600, 0x6ff],
    [0x200c, 0x200f],
    [0x2066, 0x2069],
    [0xfd3e, 0xfd3f],
  ],
  // Basic Latin, Latin-1 and general punctuation (dashes, quotes, ellipsis, per mille).
  latin: [
    [0x20, 0x7e],
    [0xa0, 0xff],
    [0x2010, 0x2027],
    [0x2030, 0x203a],
  ],
};

/** The CSS `unicode-range` value of a subset, e.g. `U+600-6FF,U+200C-200F`. */
export function unicodeRangeOf(ranges: readonly (readonly [number, number])[]): string {
  const hex = (code: number) => code.toString(16).toUpperCase();
  return ranges
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(',');
}
