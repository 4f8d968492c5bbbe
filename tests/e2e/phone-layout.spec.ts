import { expect, test } from '@playwright/test';
import { problemsOf } from './fit-checks';

/**
 * Issue 11: what opens over a page on a 320 px phone (the menu sheet, the login dialog) fits it too. The
 * pages themselves are walked at every width by ./every-page.spec.ts.
 */
test.describe('the menu sheet on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const [path, name, link] of [
    ['/about', 'منو', 'تماس با ما'],
    ['/en/about', 'Menu', 'Contact'],
  ] as const) {
    test(`${path}: opens, fits, closes with Escape or a tap outside`, async ({ page }) => {
      await page.goto(path);
      const banner = page.getByRole('banner');
      const toggle = banner.locator('summary', { hasText: name });
      await expect(toggle).toHaveAttribute('aria-controls', 'main-menu-sheet');
      await toggle.click();
      const sheet = page.locator('#main-menu-sheet');
      await expect(sheet.getByRole('link', { name: link })).toBeVisible();
      await expect(sheet.locator('[data-theme-toggle]')).toBeVisible();
      await expect(sheet.locator('[data-language-switch]')).toBeVisible();
      expect(await problemsOf(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      // A tap on the page below the sheet.
      await page.mouse.click(160, 620);
      await expect(sheet).toBeHidden();
    });
  }

  test('the login dialog fits and its field stays in view', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'ورود / ثبت‌نام' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('شماره موبایل یا ایمیل')).toBeInViewport();
    expect(await problemsOf(page)).toEqual([]);
  });
});
