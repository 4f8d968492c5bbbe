import { expect, test } from '@playwright/test';
import { staffMemberToken } from './staff-helpers';

/**
 * The console's home and campaigns section (issue 17): every content file of the repository is valid,
 * and a landing is previewed in Persian and in English side by side, whichever language the console is in.
 */
const texts = {
  fa: { path: '/admin/marketing', valid: 'درست است' },
  en: { path: '/en/admin/marketing', valid: 'Valid' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  test(`${locale}: the content files are checked and previewed in both languages`, async ({
    page,
    request,
  }) => {
    const token = await staffMemberToken(request, 'catalogue');
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(texts[locale].path);

    const files = page.locator('[data-content-file]');
    await expect(files.first()).toBeVisible();
    expect(await files.count()).toBeGreaterThanOrEqual(5);
    await expect(page.locator('[data-content-file][data-valid="false"]')).toHaveCount(0);
    await expect(files.filter({ hasText: texts[locale].valid })).toHaveCount(await files.count());

    const nowruz = page.locator('[data-content-file="src/content/landings/landing1.yaml"]');
    await expect(nowruz.locator('section[lang="fa"] h3')).toHaveText(
      'نوروز با سینماخانه، اشتراک با ۲۰٪ تخفیف',
    );
    await expect(nowruz.locator('section[lang="en"] h3')).toHaveText(
      'Nowruz with Cinemakhaneh, 20% off a subscription',
    );
    await expect(nowruz.locator('section[lang="fa"]')).toHaveAttribute('dir', 'rtl');
  });
}
