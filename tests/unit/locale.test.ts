import { describe, expect, it } from 'vitest';
import { alternatesOf, defaultAlternates } from '~/lib/alternates';
import { isLocale, localeOf, localPath, routeOf } from '~/lib/locale';

describe('the URL rule: Persian at the root, English under /en', () => {
  it.each([
    ['/', 'fa', '/'],
    ['/', 'en', '/en'],
    ['/about', 'fa', '/about'],
    ['/about', 'en', '/en/about'],
    ['/?q=1', 'en', '/en?q=1'],
    ['/downloads#ios', 'en', '/en/downloads#ios'],
    ['https://myket.ir/app', 'en', 'https://myket.ir/app'],
    ['//cdn.example/x', 'en', '//cdn.example/x'],
  ] as const)('localPath(%s, %s) is %s', (path, locale, expected) => {
    expect(localPath(path, locale)).toBe(expected);
  });

  it.each([
    ['/', 'fa', '/'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/en/movies/12', 'en', '/movies/12'],
    ['/movies/12/', 'fa', '/movies/12'],
    ['/english', 'fa', '/english'],
    ['/fa/about', 'fa', '/fa/about'],
  ] as const)('routeOf(%s) is %s %s', (pathname, locale, route) => {
    expect(routeOf(pathname)).toEqual({ locale, route });
    expect(localeOf(pathname)).toBe(locale);
  });

  it('maps every route back to itself through both languages', () => {
    for (const route of ['/', '/about', '/account/favorites', '/lives/play/3']) {
      for (const locale of ['fa', 'en'] as const)
        expect(routeOf(localPath(route, locale))).toEqual({ locale, route });
    }
  });

  it('gives alternates from the same rule', () => {
    expect(alternatesOf('/contact')).toEqual({ fa: '/contact', en: '/en/contact' });
    expect(alternatesOf('')).toEqual(defaultAlternates);
    expect(defaultAlternates).toEqual({ fa: '/', en: '/en' });
  });

  it('knows its two languages', () => {
    expect([isLocale('fa'), isLocale('en'), isLocale('de'), isLocale(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
