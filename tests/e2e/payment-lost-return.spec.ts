import { expect, test, type Page } from '@playwright/test';
import { langs, local, newBuyer, openPurchase, quoted, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24 (6): the viewer paid at the bank but its return never reached us (the connection dropped
 * on the way back). Opening the result page says what is happening and has the server check with the
 * bank at once: the purchase completes in seconds, not at the next reconciliation sweep.
 */
const checking = {
  fa: /پرداخت شما را با بانک بررسی می‌کنیم/,
  en: /We are checking your payment with the bank/,
};

/** The id of the buyer's newest payment, as their purchases list (GET /me/orders) has it. */
async function newestPayment(page: Page): Promise<number> {
  await page.goto('/');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const reply = await page.request.get('/api/v1/me/orders', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  const { orders } = (await reply.json()) as { orders: { id: number }[] };
  return orders[0]!.id;
}

for (const lang of langs) {
  test(`${lang}: a payment whose return from the bank was lost completes when its page opens`, async ({
    browser,
    request,
  }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Separation', 'a-separation');
    const { page } = await newBuyer(browser, request, lang);
    await page.goto(local(`/movies/${id}`, lang));
    const dialog = await openPurchase(page, w.buy);
    await quoted(dialog);
    // The way back from the bank is lost: the callback request never reaches the server.
    await page.route('**/api/v1/payments/callback/**', (route) => route.abort('connectionreset'));
    await dialog.getByRole('button', { name: w.pay }).click();
    await page.waitForURL(/\/sandbox-bank\//);
    await page
      .getByRole('button', { name: /Pay|پرداخت/ })
      .first()
      .click();
    await page.waitForTimeout(500);
    await page.unroute('**/api/v1/payments/callback/**');

    await page.goto(local(`/payments/${await newestPayment(page)}`, lang));
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'fulfilled', {
      timeout: 10_000,
    });
    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
  });

  test(`${lang}: a payment still at the bank says it is being checked and for how long`, async ({
    browser,
    request,
  }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Separation', 'a-separation');
    const { page } = await newBuyer(browser, request, lang);
    await page.goto(local(`/movies/${id}`, lang));
    const dialog = await openPurchase(page, w.buy);
    await quoted(dialog);
    await dialog.getByRole('button', { name: w.pay }).click();
    await page.waitForURL(/\/sandbox-bank\//);
    // The viewer leaves the bank's page without paying and opens their purchase.
    await page.goto(local(`/payments/${await newestPayment(page)}`, lang));
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'at_gateway');
    await expect(page.locator('[data-checking]')).toHaveText(checking[lang]);
  });
}
