import { expect, test } from '@playwright/test';
import { newAddress } from './auth-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Issue 25: on a phone the console's sections fold into one "menu" button naming the current section,
 * which opens the list; they no longer fill half the first screen. A desktop keeps the column.
 */
const words = {
  fa: { nav: 'بخش‌های کنسول', menu: 'منوی کنسول', current: 'پیشخوان', other: 'نقش‌های کارکنان' },
  en: { nav: 'Console sections', menu: 'Console menu', current: 'Dashboard', other: 'Staff roles' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  const prefix = locale === 'fa' ? '' : '/en';

  test(`${locale}: a phone gets a compact menu, a desktop the column`, async ({ browser, request }) => {
    const token = await staffMemberToken(request, 'admin');
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      extraHTTPHeaders: { 'X-Forwarded-For': newAddress() },
    });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    await page.goto(`${prefix}/admin`);

    const nav = page.getByRole('navigation', { name: w.nav });
    const toggle = nav.locator('summary');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName(`${w.menu}: ${w.current}`);
    // One 44 px row, well under a tenth of the screen, and the sections wait behind it.
    const closed = (await nav.boundingBox())!;
    expect(closed.height).toBeLessThanOrEqual(52);
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(nav.getByRole('link', { name: w.other })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: w.current })).toBeInViewport();

    await toggle.click();
    await expect(nav.getByRole('link', { name: w.current })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: w.other })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: w.other })).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await nav.getByRole('link', { name: w.other }).click();
    await expect(page).toHaveURL(`${prefix}/admin/roles`);
    await expect(page.getByRole('navigation', { name: w.nav }).locator('summary')).toHaveAccessibleName(
      `${w.menu}: ${w.other}`,
    );

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav.locator('summary')).toBeHidden();
    await expect(nav.getByRole('link', { name: w.current })).toBeVisible();
    await expect(nav.getByRole('link', { name: w.other })).toHaveAttribute('aria-current', 'page');
    await context.close();
  });
}
