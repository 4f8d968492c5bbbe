import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '~/server/catalog/normalize';

describe('normalizeSearchText', () => {
  it.each([
    ['Arabic yeh', 'جدايي', 'جدایی'],
    ['alef maksura', 'موسيقى', 'موسیقی'],
    ['Arabic kaf', 'كلاه', 'کلاه'],
    ['teh marbuta', 'مدرسة', 'مدرسه'],
    ['heh with hamza', 'خانۀ دوست', 'خانه دوست'],
    ['alef with madda folded', 'آژانس', 'اژانس'],
    ['alef with hamza', 'أحمد إيران', 'احمد ایران'],
    ['yeh with hamza', 'ناپلئون', 'ناپلیون'],
    ['zero-width non-joiner removed', 'بچه‌های', 'بچههای'],
    ['diacritics removed', 'فُروشَندِه', 'فروشنده'],
    ['tanvin, shadda and sukun removed', 'حتماً مُحَمَّدْ', 'حتما محمد'],
    ['tatweel removed', 'شـــهرزاد', 'شهرزاد'],
    ['Persian digits', '۲۰ انگشت', '20 انگشت'],
    ['Arabic digits', '٢٠ انگشت', '20 انگشت'],
    ['English case', 'A SEPARATION', 'a separation'],
    ['punctuation and spaces', '  خانه  دوست،   کجاست؟ ', 'خانه دوست کجاست'],
    ['presentation forms', 'ﻛﻼﻩ', 'کلاه'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('gives every way of typing a title the same text', () => {
    const spellings = ['کلاه قرمزی', 'كلاه قرمزي', 'کُلاه قِرمِزی', 'ﻛﻼﻩ ﻗﺮﻣﺰﻱ', 'کـلاه  قرمزی'];
    expect(new Set(spellings.map(normalizeSearchText))).toEqual(new Set(['کلاه قرمزی']));
  });
});
