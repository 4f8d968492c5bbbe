import { expect, test } from '@playwright/test';
import { atBank, langs, local, newBuyer, openPurchase, quoted, words } from './commerce-helpers';
import { pressPlayAndWait, productIdOf } from './player-helpers';

/** Single purchases (issue 9): a title watched after buying it, a screening ticket with its code. */

for (const lang of langs) {
  test(`${lang}: a viewer buys a single title and watches it`, async ({ browser, request }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Hero', 'a-hero');
    const { page } = await newBuyer(browser, request, lang);
    await page.goto(local(`/movies/${id}`, lang));
    const dialog = await openPurchase(page, w.buyOnly);
    // The title itself is the first choice, with its viewing window.
    await expect(dialog.getByRole('radio').first()).toBeChecked();
    await expect(dialog).toContainText(lang === 'fa' ? '۸ ساعت' : '8 hours');
    await quoted(dialog);
    await dialog.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'pay');

    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await page.getByRole('link', { name: w.watchNow }).click();
    await expect(page).toHaveURL(new RegExp(`${local(`/play/${id}`, lang)}$`));
    await pressPlayAndWait(page, 0.5);
  });

  test(`${lang}: a viewer buys a screening ticket and sees its code`, async ({ browser, request }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
    const { page } = await newBuyer(browser, request, lang);
    await page.goto(local(`/lives/${id}`, lang));
    const dialog = await openPurchase(page, w.buyTicket);
    await quoted(dialog);
    await dialog.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'pay');

    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    const code = (await page.locator('[data-ticket-code]').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9-]{4,32}$/);
    await expect(page.locator('[data-ticket-code]')).toHaveAttribute('dir', 'ltr');

    await page.goto(local('/account/tickets', lang));
    await expect(page.locator(`[data-ticket="${code}"]`)).toBeVisible();
    await expect(page.locator(`[data-ticket="${code}"] [data-status="valid"]`)).toBeVisible();
  });
}
