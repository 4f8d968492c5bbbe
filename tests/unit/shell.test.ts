import { describe, expect, it } from 'vitest';
import { localeOf } from '~/lib/locale';
import { shellFor } from '~/lib/shell';

type Chrome = [mainHeader: boolean, shopHeader: boolean, footer: boolean];

/** Every route SPEC §2 names, with the chrome it must get: [main header, shop header, footer]. */
const rules: Array<[path: string, chrome: Chrome]> = [
  ['/', [true, false, true]],
  ['/about', [true, false, true]],
  ['/contact', [true, false, true]],
  ['/play', [false, false, false]],
  ['/play/12', [false, false, false]],
  ['/play-preview/12', [false, false, false]],
  ['/playtest/12', [false, false, false]],
  ['/shop', [false, true, true]],
  ['/shop/cart', [false, true, true]],
  ['/shop/products/7', [false, true, true]],
  ['/lives/play', [false, false, false]],
  ['/lives/play/33', [false, false, false]],
  ['/landing1', [true, false, false]],
  ['/landing2', [true, false, false]],
  ['/landing3', [true, false, false]],
  // The staff console brings its own frame instead of the viewers' header and footer.
  ['/admin', [false, false, false]],
  ['/admin/comments', [false, false, false]],
];

describe('shellFor: the SPEC §2 shell rules', () => {
  for (const [path, [mainHeader, shopHeader, footer]] of rules) {
    for (const prefixed of [path, path === '/' ? '/en' : `/en${path}`]) {
      it(`${prefixed}: main header ${mainHeader}, shop header ${shopHeader}, footer ${footer}`, () => {
        const shell = shellFor(prefixed);
        expect(shell.showMainHeader).toBe(mainHeader);
        expect(shell.showShopHeader).toBe(shopHeader);
        expect(shell.showFooter).toBe(footer);
      });
    }
  }

  it('takes the language from the path: /en is English and left-to-right, the rest Persian', () => {
    expect(shellFor('/')).toMatchObject({ locale: 'fa', dir: 'rtl', route: '/' });
    expect(shellFor('/about')).toMatchObject({ locale: 'fa', dir: 'rtl', route: '/about' });
    expect(shellFor('/en')).toMatchObject({ locale: 'en', dir: 'ltr', route: '/' });
    expect(shellFor('/en/')).toMatchObject({ locale: 'en', dir: 'ltr', route: '/' });
    expect(shellFor('/en/play/12')).toMatchObject({ locale: 'en', route: '/play/12', showMainHeader: false });
  });

  it('does not mistake routes that merely start with the same letters', () => {
    for (const path of ['/playlist', '/players/5', '/playtest', '/play-preview', '/shopping', '/landing10']) {
      const shell = shellFor(path);
      expect(shell, path).toMatchObject({ showMainHeader: true, showShopHeader: false, showFooter: true });
    }
    expect(localeOf('/english')).toBe('fa');
    expect(localeOf('/enx/about')).toBe('fa');
    expect(localeOf('/about/en')).toBe('fa');
  });

  it('hides the player chrome only for the player routes themselves, not for deeper paths', () => {
    expect(shellFor('/play/12/extra').showMainHeader).toBe(true);
    expect(shellFor('/playtest/12/extra').showFooter).toBe(true);
  });

  it('ignores trailing slashes, doubled slashes, query strings and fragments', () => {
    expect(shellFor('/play/12/')).toMatchObject({ showMainHeader: false, showFooter: false });
    expect(shellFor('/en/landing2/')).toMatchObject({
      locale: 'en',
      showMainHeader: true,
      showFooter: false,
    });
    expect(shellFor('//shop//cart')).toMatchObject({ showShopHeader: true, showMainHeader: false });
    expect(shellFor('/play?t=30')).toMatchObject({ showMainHeader: false, showFooter: false });
    expect(shellFor('/landing1#signup').showFooter).toBe(false);
  });

  it('hides the header on any route containing /shop or /lives/play, wherever it occurs', () => {
    expect(shellFor('/festivals/3/shop')).toMatchObject({ showMainHeader: false, showShopHeader: true });
    expect(shellFor('/en/festivals/lives/play')).toMatchObject({ showMainHeader: false, showFooter: true });
  });

  it('landing pages keep their header but never a footer, only at the top level', () => {
    expect(shellFor('/campaigns/landing1').showFooter).toBe(true);
  });

  it('survives percent-encoding, including malformed escapes', () => {
    expect(shellFor('/%70lay/1')).toMatchObject({ showMainHeader: false });
    expect(shellFor('/%E0%A4%A/about')).toMatchObject({ locale: 'fa', showMainHeader: true });
  });
});
