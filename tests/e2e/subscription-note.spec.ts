import { expect, test } from '@playwright/test';
import { langs, local, newBuyer, openPurchase, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24 (2): the purchase dialog said "a subscription opens every film, series and music title",
 * untrue of A Hero (purchase only). It now speaks of the subscription only where a plan is offered,
 * and says it opens this title and those included in subscription, not those sold only on their own.
 */

const says = {
  fa: {
    note: /^اشتراک «.+» و دیگر عنوان‌هایی را که با اشتراک قابل تماشا هستند باز می‌کند، نه عنوان‌هایی را که فقط جداگانه فروخته می‌شوند\.$/,
    anyNote: 'اشتراک',
  },
  en: {
    note: 'A subscription opens “A Separation” and the other titles included in subscription, not those sold only on their own.',
    anyNote: 'subscription',
  },
} as const;

for (const lang of langs) {
  test(`${lang}: the purchase dialog says what a subscription opens, and nothing of it where none does`, async ({
    browser,
    request,
  }) => {
    const w = words[lang];
    const { page } = await newBuyer(browser, request, lang);

    await page.goto(local(`/movies/${await productIdOf(request, 'A Separation', 'a-separation')}`, lang));
    let dialog = await openPurchase(page, w.buy);
    await expect(dialog.getByRole('radio', { name: w.monthly })).toBeVisible();
    await expect(dialog.getByText(says[lang].note)).toBeVisible();

    await page.goto(local(`/movies/${await productIdOf(request, 'A Hero', 'a-hero')}`, lang));
    dialog = await openPurchase(page, w.buyOnly);
    await expect(dialog.getByRole('radio').first()).toBeChecked();
    await expect(dialog.getByRole('radio', { name: w.monthly })).toHaveCount(0);
    await expect(dialog.locator('fieldset p', { hasText: says[lang].anyNote })).toHaveCount(0);
  });
}
