import { expect, test } from '@playwright/test';
import { productIdOf } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Issue 24 (1): the console's title view says why viewers cannot buy a title that is for sale: the
 * tenants has no video yet; A Separation, which plays, says nothing of the kind.
 */
for (const [locale, base, note] of [
  ['fa', '/admin/catalogue', 'فروخته نمی‌شود: ویدئو ندارد'],
  ['en', '/en/admin/catalogue', 'Not on sale: no video'],
] as const) {
  test(`${locale}: a title without video is marked not on sale in the console`, async ({ page, request }) => {
    const token = await staffMemberToken(request, 'catalogue');
    await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`${base}?title=${await productIdOf(request, 'The Tenants', 'the-tenants')}`);
    await expect(page.locator('[data-not-on-sale]')).toHaveText(note);
    await page.goto(`${base}?title=${await productIdOf(request, 'A Separation', 'a-separation')}`);
    await expect(page.locator('[data-title-form]')).toBeVisible();
    await expect(page.locator('#title-en_title')).toHaveValue('A Separation');
    await expect(page.locator('[data-not-on-sale]')).toHaveCount(0);
  });
}
