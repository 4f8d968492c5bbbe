import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontSubsets, unicodeRangeOf } from '~/lib/font-ranges';

/** Characters a subset lacks would be drawn in another font in the middle of a word or a number. */
function uncovered(text: string): string[] {
  const ranges = [...fontSubsets.arabic, ...fontSubsets.latin];
  const missing = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20) continue;
    if (!ranges.some(([first, last]) => code >= first && code <= last)) missing.add(char);
  }
  return [...missing];
}

describe('the site font subsets', () => {
  it.each(['fa', 'en'])('cover every character of the %s interface texts', (locale) => {
    expect(uncovered(readFileSync(`src/i18n/${locale}.json`, 'utf8'))).toEqual([]);
  });

  it('cover the demo catalogue and the API messages', () => {
    const text = ['src/server/demo/catalogue-data.ts', 'src/shared/messages.ts']
      .map((file) => readFileSync(file, 'utf8'))
      .join('');
    expect(uncovered(text)).toEqual([]);
  });

  it('write CSS unicode ranges', () => {
    expect(
      unicodeRangeOf([
        [0x600, 0x6ff],
        [0x20, 0x20],
      ]),
    ).toBe('U+600-6FF,U+20');
  });
});
