import { describe, expect, it } from 'vitest';
import { romanizePersian } from '~/server/core/transliterate';

describe('romanizePersian (approximate romanisation of place names)', () => {
  it.each([
    ['شیراز', 'Shiraz'],
    ['دماوند', 'Damavand'],
    ['بیرجند', 'Birjand'],
    ['ساوه', 'Saveh'],
    ['آباده', 'Abadeh'],
    ['ایلام', 'Ilam'],
    ['فیروزکوه', 'Firuzkuh'],
    ['جعفر', 'Jafar'],
    ['احمد آباد مستوفی', 'Ahmad Abad Mastufi'],
    ['بم', 'Bam'],
  ])('%s → %s', (persian, latin) => {
    expect(romanizePersian(persian)).toBe(latin);
  });

  it('reads Arabic letter forms as their Persian twins and drops diacritics', () => {
    expect(romanizePersian('كيش')).toBe(romanizePersian('کیش'));
    expect(romanizePersian('شِیراز')).toBe('Shiraz');
  });

  it('treats a zero-width non-joiner as a word break and keeps punctuation', () => {
    expect(romanizePersian('شاهین\u200cشهر')).toBe('Shahin Shahr');
    expect(romanizePersian('هشتپر (تالش)')).toMatch(/^Hasht\w+ \(T\w+\)$/);
  });

  it('always yields capitalised ASCII letters', () => {
    for (const name of ['قلعه نو', 'اورمیه', 'خوی', 'میانه', 'رباطکریم']) {
      expect(romanizePersian(name)).toMatch(/^[A-Z][a-z]*( [A-Z][a-z]*)*$/);
    }
  });
});
