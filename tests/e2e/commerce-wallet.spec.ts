import { expect, test } from '@playwright/test';
import { atBank, langs, local, newBuyer, openPurchase, quoted, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * The wallet (issue 9): topped up through the sandbox bank, then a title paid from it without going to
 * a bank at all. Persian in toman (typed in Persian digits), English from abroad in dollars.
 */

const charge = {
  fa: { typed: '۲۰۰۰۰۰', balance: '۲۰۰٬۰۰۰ تومان' },
  en: { typed: '20', balance: '$20.00' },
};

for (const lang of langs) {
  test(`${lang}: a viewer tops up the wallet and pays a title from it`, async ({ browser, request }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Hero', 'a-hero');
    const { page } = await newBuyer(browser, request, lang, { abroad: lang === 'en' });
    await page.goto(local('/account/wallet', lang));
    await page.getByLabel(w.amount).fill(charge[lang].typed);
    await page.getByRole('button', { name: w.charge, exact: true }).click();
    await atBank(page, 'pay');
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await expect(page.getByText(w.charged)).toBeVisible();

    await page.goto(local('/account/wallet', lang));
    const currency = lang === 'fa' ? 'IRR' : 'USD';
    await expect(page.locator(`[data-balance="${currency}"]`)).toContainText(charge[lang].balance);
    await expect(page.locator('[data-entry="charge"]')).toHaveCount(1);

    await page.goto(local(`/movies/${id}`, lang));
    const dialog = await openPurchase(page, w.buyOnly);
    await quoted(dialog);
    await dialog.getByRole('checkbox', { name: w.useWallet }).check();
    await expect(dialog.locator('[data-line="wallet"]')).toBeVisible();
    await dialog.getByRole('button', { name: w.payFromWallet, exact: true }).click();
    // Nothing is left for a bank: straight to the result.
    await page.waitForURL(/\/payments\/\d+$/);
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await expect(page.locator('[data-fact="gateway"]')).toContainText(lang === 'fa' ? 'کیف پول' : 'Wallet');

    await page.goto(local('/account/wallet', lang));
    await expect(page.locator('[data-entry="spend"]')).toHaveCount(1);
    await expect(page.locator(`[data-balance="${currency}"]`)).not.toContainText(charge[lang].balance);
  });
}
