import { expect, test } from '@playwright/test';
import { langs, local, newBuyer, openPurchase, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24 (1): «اجاره‌نشین‌ها» (the-tenants) has no video yet. Its purchase dialog sells it on its own no
 * more: it offers the subscriptions (which will include it) and says, in each language, that it is
 * coming.
 */
const coming = {
  fa: /ویدئوی این عنوان هنوز آماده نیست/,
  en: /This title has no video yet, so it is not sold on its own/,
} as const;

for (const lang of langs) {
  test(`${lang}: a title without video offers only subscriptions, with a note that it is coming`, async ({
    browser,
    request,
  }) => {
    const id = await productIdOf(request, 'The Tenants', 'the-tenants');
    const { page } = await newBuyer(browser, request, lang);
    await page.goto(local(`/movies/${id}`, lang));
    const dialog = await openPurchase(page, words[lang].buy);
    await expect(dialog.locator('[data-coming-soon]')).toHaveText(coming[lang]);
    await expect(dialog.getByRole('radio', { name: words[lang].monthly })).toBeVisible();
    // The title on its own (its name as the option) is not among them.
    await expect(dialog.getByRole('radio', { name: /The Tenants|اجاره‌نشین‌ها/ })).toHaveCount(0);
  });
}
