import { expect, test } from '@playwright/test';
import { atBank, langs, local, newBuyer, openPurchase, phone360, quoted, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * What goes wrong, said clearly (issue 9): a refused discount code with the server's reason, and a
 * payment cancelled or declined at the bank, with the ways on from the result page.
 */

const reasons = {
  fa: { unknown: 'این کد تخفیف وجود ندارد', used: 'شما پیش‌تر از این کد تخفیف استفاده کرده‌اید' },
  en: { unknown: 'This discount code does not exist.', used: 'You have already used this discount code.' },
};

for (const lang of langs) {
  test(`${lang}: a refused discount code says why`, async ({ browser, request }) => {
    const w = words[lang];
    const hero = await productIdOf(request, 'A Hero', 'a-hero');
    const separation = await productIdOf(request, 'A Separation', 'a-separation');
    const { page } = await newBuyer(browser, request, lang);

    await page.goto(local(`/movies/${hero}`, lang));
    let dialog = await openPurchase(page, w.buyOnly);
    await quoted(dialog);
    const field = dialog.getByLabel(w.discount);
    await field.fill('NO-SUCH-CODE');
    await field.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(reasons[lang].unknown);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.locator('[data-line="discount"]')).toHaveCount(0);

    // DEMO-ONCE: 20 % off once per account; the first use goes through.
    await field.fill('demo-once');
    await dialog.getByRole('button', { name: w.apply }).click();
    await expect(dialog.locator('[data-line="discount"]')).toBeVisible();
    await dialog.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'pay');
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();

    await page.goto(local(`/movies/${separation}`, lang));
    dialog = await openPurchase(page, w.buy);
    await quoted(dialog);
    await dialog.getByLabel(w.discount).fill('DEMO-ONCE');
    await dialog.getByRole('button', { name: w.apply }).click();
    await expect(dialog.getByRole('alert')).toHaveText(reasons[lang].used);
    await expect(dialog.locator('[data-line="discount"]')).toHaveCount(0);
  });

  test(`${lang}: cancelled at the bank, the viewer comes back to a clear page`, async ({
    browser,
    request,
  }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Hero', 'a-hero');
    // On a phone in both languages.
    const { page } = await newBuyer(browser, request, lang, { viewport: phone360 });
    await page.goto(local(`/movies/${id}`, lang));
    let dialog = await openPurchase(page, w.buyOnly);
    await quoted(dialog);
    await dialog.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'cancel');

    await expect(page).toHaveURL(new RegExp(`${local('/payments/', lang)}\\d+$`));
    await expect(page.getByRole('heading', { name: w.cancelled })).toBeVisible();
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'cancelled');

    // Another gateway: the same purchase in the dialog again.
    await page.getByRole('button', { name: w.otherGateway }).click();
    dialog = page.getByRole('dialog');
    await quoted(dialog);
    await expect(dialog.getByRole('radio').first()).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: w.otherGateway })).toBeFocused();

    // Try again goes back to the bank; a declined card is said to be declined, not cancelled (issue 24).
    await page.getByRole('button', { name: w.tryAgain }).click();
    await atBank(page, 'decline');
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'failed');
    await expect(page.getByRole('heading', { name: w.failed })).toBeVisible();
    await expect(page.getByText(w.declined)).toBeVisible();
    await expect(page.getByRole('button', { name: w.tryAgain })).toBeVisible();
  });
}
