import { describe, expect, it } from 'vitest';
import { resources, t } from '~/i18n';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('UI strings', () => {
  it('exist in both languages with the same keys', () => {
    expect(keysOf(resources.en).sort()).toEqual(keysOf(resources.fa).sort());
  });

  it('are never empty (i18next would show the key of an empty string)', () => {
    for (const locale of ['fa', 'en'] as const) {
      const empty = keysOf(resources[locale]).filter((key) => t(locale, key) === '');
      expect(empty, locale).toEqual([]);
    }
  });

  it('are looked up by dotted key, and a missing key shows itself', () => {
    expect(t('fa', 'notFound.title')).toBe('صفحه مورد نظر پیدا نشد');
    expect(t('en', 'notFound.title')).toBe('Page not found');
    expect(t('en', 'errors.network')).toBe('Network error; try again.');
    expect(t('en', 'no.such.key')).toBe('no.such.key');
  });
});
