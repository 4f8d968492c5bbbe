import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 25, finding things: every section (the shop, the cafes, the gift page among them) is reachable on
 * a phone from the bottom tab bar or the header's menu sheet, and on a desktop from the header; cafes
 * are in the footer too. The tab bar shows where a header does, never over the player, and leaves the
 * page's end in view above it.
 */
const words = {
  fa: { tabs: 'بخش‌های اصلی', main: 'منوی اصلی', menu: 'منو', home: 'خانه', account: 'حساب کاربری' },
  en: { tabs: 'Main sections', main: 'Main menu', menu: 'Menu', home: 'Home', account: 'Account' },
} as const;
const sections = {
  fa: { cafes: 'کافه‌ها', shop: 'فروشگاه', gift: 'کارت هدیه' },
  en: { cafes: 'Cafes', shop: 'Shop', gift: 'Gift cards' },
} as const;
const prefix = { fa: '', en: '/en' } as const;

const tabBar = (page: Page, locale: 'fa' | 'en') =>
  page.getByRole('navigation', { name: words[locale].tabs });

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  const s = sections[locale];
  const root = prefix[locale];

  test.describe(`a 360 px phone, ${locale}`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the tab bar reaches the cafes, the menu sheet the shop and the gift page', async ({ page }) => {
      await page.goto(root || '/');
      const bar = tabBar(page, locale);
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: w.home })).toHaveAttribute('aria-current', 'page');
      // Every tab is a 44 px target, and the bar follows the page's direction.
      const tabs = bar.getByRole('link');
      await expect(tabs).toHaveCount(4);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
      const home = (await bar.getByRole('link', { name: w.home }).boundingBox())!;
      const account = (await bar.getByRole('link', { name: w.account }).boundingBox())!;
      expect(locale === 'fa' ? home.x > account.x : home.x < account.x).toBe(true);

      await bar.getByRole('link', { name: s.cafes }).click();
      await expect(page).toHaveURL(`${root}/cafes`);
      await expect(tabBar(page, locale).getByRole('link', { name: s.cafes })).toHaveAttribute(
        'aria-current',
        'page',
      );

      for (const [name, path] of [
        [s.shop, '/shop'],
        [s.gift, '/gift'],
      ] as const) {
        await page.goto(`${root}/about`);
        await page.getByRole('banner').locator('summary', { hasText: w.menu }).click();
        await page.locator('#main-menu-sheet').getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(`${root}${path}`);
        // The shop has its own header, and the tab bar still leads back to the rest.
        await expect(tabBar(page, locale)).toBeVisible();
      }
    });

    test('the page ends above the tab bar, and the player has no tab bar', async ({ page }) => {
      await page.goto(`${root}/about`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const barTop = (await tabBar(page, locale).boundingBox())!.y;
      const footerBottom = await page
        .getByRole('contentinfo')
        .evaluate((footer) => footer.getBoundingClientRect().bottom);
      expect(footerBottom).toBeLessThanOrEqual(barTop + 0.5);

      await page.goto(`${root}/play`);
      await expect(page.locator('[data-shell="tab-bar"]')).toHaveCount(0);
    });
  });

  test.describe(`a 1280 px desktop, ${locale}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the header reaches the shop, the cafes and the gift page; the footer the cafes', async ({
      page,
    }) => {
      await page.goto(`${root}/about`);
      await expect(tabBar(page, locale)).toBeHidden();
      const menu = page.getByRole('banner').getByRole('navigation', { name: w.main });
      for (const [name, path] of [
        [s.shop, '/shop'],
        [s.cafes, '/cafes'],
        [s.gift, '/gift'],
      ] as const) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
        await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', `${root}${path}`);
      }
      await expect(page.getByRole('contentinfo').locator(`a[href="${root}/cafes"]`)).toBeVisible();
      // The header stays one row.
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.height).toBeLessThan(80);
    });
  });
}
