import { expect, test, type Page } from '@playwright/test';

/**
 * SPEC §2 in the browser: whatever renders at a route (a page or the 404 page) gets the chrome the shell
 * rules give it, in both languages. [path, main header, shop header, footer]
 */
const routes: Array<[string, boolean, boolean, boolean]> = [
  ['/', true, false, true],
  ['/about', true, false, true],
  ['/terms', true, false, true],
  ['/privacy', true, false, true],
  ['/work-with-us', true, false, true],
  ['/downloads', true, false, true],
  ['/contact', true, false, true],
  ['/playlist', true, false, true],
  ['/play', false, false, false],
  ['/play/12', false, false, false],
  ['/play-preview/12', false, false, false],
  ['/playtest/12', false, false, false],
  ['/shop', false, true, true],
  ['/shop/cart', false, true, true],
  ['/lives/play', false, false, false],
  ['/lives/play/7', false, false, false],
  ['/landing1', true, false, false],
  ['/landing2', true, false, false],
  ['/landing3', true, false, false],
];

function english(path: string): string {
  return path === '/' ? '/en' : `/en${path}`;
}

async function chromeOf(page: Page) {
  return {
    mainHeader: await page.locator('header[data-shell="main-header"]').count(),
    shopHeader: await page.locator('header[data-shell="shop-header"]').count(),
    footer: await page.getByRole('contentinfo').count(),
  };
}

for (const [path, mainHeader, shopHeader, footer] of routes) {
  for (const [locale, url] of [
    ['fa', path],
    ['en', english(path)],
  ] as const) {
    test(`${url}: header ${mainHeader}, shop header ${shopHeader}, footer ${footer}, ${locale}`, async ({
      page,
    }) => {
      await page.goto(url);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', locale);
      await expect(html).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      expect(await chromeOf(page)).toEqual({
        mainHeader: mainHeader ? 1 : 0,
        shopHeader: shopHeader ? 1 : 0,
        footer: footer ? 1 : 0,
      });
      await expect(page.getByRole('main')).toHaveCount(1);
      // Exactly one banner landmark whenever a header shows.
      await expect(page.getByRole('banner')).toHaveCount(mainHeader || shopHeader ? 1 : 0);
    });
  }
}

test.describe('alternate-language links', () => {
  test('a content page links its own translation in hreflang and in the language switch', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.locator('link[rel=alternate][hreflang=fa]')).toHaveAttribute('href', /\/about$/);
    await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/en\/about$/);
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute('href', /\/about$/);
    const toEnglish = page.getByRole('link', { name: 'Read this page in English' });
    await expect(toEnglish).toHaveAttribute('href', '/en/about');
    await toEnglish.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'این صفحه به فارسی' })).toHaveAttribute('href', '/about');
  });

  test('pages without their own alternates point at the two home pages', async ({ page }) => {
    await page.goto('/en/no-such-page');
    await expect(page.locator('link[rel=alternate][hreflang=fa]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/en$/);
    await expect(page.locator('[data-language-switch]:visible')).toHaveAttribute('href', '/');
  });

  test('the English home page and the Persian one are each other’s alternates', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('link[rel=alternate][hreflang=fa]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('[data-language-switch]:visible')).toHaveAttribute('href', '/');
  });
});

test.describe('landmarks and keyboard', () => {
  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'پرش به محتوای اصلی' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the mobile menu opens and is walked with the keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/en/about');
    const menu = page.getByRole('banner').locator('summary', { hasText: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('the footer shows the support phone in Persian digits, kept left-to-right, and credits DB-IP', async ({
    page,
  }) => {
    await page.goto('/about');
    const phone = page.locator('footer [data-support-phone]');
    await expect(phone).toHaveText('+۹۸ ۲۱ ۹۱۰۱ ۲۳۴۵');
    await expect(phone).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    await page.goto('/en/about');
    await expect(page.locator('footer [data-support-phone]')).toHaveText('+98 21 9101 2345');
  });
});
