import { expect, test } from '@playwright/test';
import { atBank, langs, local, newBuyer, words } from './commerce-helpers';
import { buyerWithPaidOrder } from './shop-helpers';

/**
 * Buying (issue 25): the shop's payment result links to the order it made, which the orders page then
 * shows in view and marked; the wallet offers preset top-up amounts as well as any amount typed.
 */

const order = {
  fa: { link: 'مشاهده سفارش', current: /سفارش [۰-۹]+/ },
  en: { link: 'See the order', current: /Order \d+/ },
} as const;

const presets = {
  fa: {
    chips: ['۱۰۰٬۰۰۰ تومان', '۲۰۰٬۰۰۰ تومان', '۵۰۰٬۰۰۰ تومان'],
    pick: 1,
    field: '۲۰۰۰۰۰',
    currency: 'IRR',
  },
  en: { chips: ['$5.00', '$10.00', '$20.00'], pick: 1, field: '10', currency: 'USD' },
} as const;

for (const lang of langs) {
  test(`${lang}: the shop payment's result links to its order`, async ({ browser, request }) => {
    const { page } = await buyerWithPaidOrder(browser, request);
    const paymentId = /\/payments\/(\d+)$/.exec(page.url())![1];
    await page.goto(local(`/payments/${paymentId}`, lang));
    await expect(page.getByRole('heading', { name: words[lang].success })).toBeVisible();
    await page.getByRole('link', { name: order[lang].link }).click();
    await expect(page).toHaveURL(new RegExp(`${local('/account/orders', lang)}\\?payment=${paymentId}$`));
    const shown = page.locator('[data-shop-order][aria-current="true"]');
    await expect(shown).toHaveCount(1);
    await expect(shown).toBeInViewport();
    await expect(shown).toBeFocused();
    await expect(shown.getByRole('heading')).toHaveText(order[lang].current);
    await page.context().close();
  });

  test(`${lang}: the wallet tops up by a preset amount, or any amount`, async ({ browser, request }) => {
    const w = words[lang];
    const p = presets[lang];
    const { page } = await newBuyer(browser, request, lang, { abroad: lang === 'en' });
    await page.goto(local('/account/wallet', lang));
    const chips = page.locator('[data-preset]');
    await expect(chips).toHaveText([...p.chips]);
    const chip = page.getByRole('button', { name: p.chips[p.pick], exact: true });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(w.amount)).toHaveValue(p.field);
    // Any amount: typing another one lets go of the chip.
    await page.getByLabel(w.amount).fill(lang === 'fa' ? '۱۵۰۰۰۰' : '7');
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.click();
    await page.getByRole('button', { name: w.charge, exact: true }).click();
    await atBank(page, 'pay');
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await page.goto(local('/account/wallet', lang));
    await expect(page.locator(`[data-balance="${p.currency}"]`)).toContainText(p.chips[p.pick]);
    await page.context().close();
  });
}
