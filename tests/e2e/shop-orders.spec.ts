import { expect, test } from '@playwright/test';
import { newAddress } from './auth-helpers';
import { langs, local, phone360, quoted, words as buying } from './commerce-helpers';
import { buyerWithPaidOrder, putInCartByApi } from './shop-helpers';

/**
 * After the checkout, in both languages on a 360 px phone (issue 13): the shop header's cart button
 * opens the cart drawer; a Registred order canceled on the orders page (asked twice) puts its total in
 * the wallet, which then pays the same goods again at the checkout.
 */

const words = {
  fa: {
    tote: 'کیف پارچه‌ای سینماخانه',
    cart: /^سبد خرید، ۱ قلم$/,
    cancel: 'لغو سفارش',
    confirm: 'بله، لغو شود',
    canceledMessage: 'سفارش لغو شد و مبلغ آن به کیف پول شما برگشت',
    canceled: 'لغوشده',
    registered: 'ثبت‌شده',
  },
  en: {
    tote: 'Cinemakhaneh tote bag',
    cart: /^Cart, 1 item$/,
    cancel: 'Cancel the order',
    confirm: 'Yes, cancel it',
    canceledMessage: 'The order was canceled and its amount returned to your wallet.',
    canceled: 'Canceled',
    registered: 'Registered',
  },
} as const;

for (const lang of langs) {
  const w = words[lang];
  const b = buying[lang];

  test(`${lang}: the header's cart button opens the cart drawer, Escape closes it`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const cartId = await putInCartByApi(request, 'tote-cinemakhaneh', { address });
    const context = await browser.newContext({
      viewport: phone360,
      extraHTTPHeaders: { 'X-Forwarded-For': address },
    });
    await context.addInitScript((id) => localStorage.setItem('cart_id', id), cartId);
    const page = await context.newPage();
    await page.goto(local('/shop', lang));
    const button = page.locator('[data-shell="shop-header"]').getByRole('button', { name: w.cart });
    const drawer = page.locator('[data-cart-drawer]');
    await expect(drawer).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: w.tote })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await context.close();
  });

  test(`${lang}: a canceled order's total goes to the wallet, which pays the next checkout`, async ({
    browser,
    request,
  }) => {
    const { token, address, page } = await buyerWithPaidOrder(browser, request);

    await page.goto(local('/account/orders', lang));
    const order = page.locator('[data-shop-order]').first();
    await expect(order.locator('[data-status]')).toHaveText(w.registered);
    await order.getByRole('button', { name: w.cancel }).click();
    // Asked first: the confirming button takes the focus, and the server's answer takes it after.
    const confirm = order.getByRole('button', { name: w.confirm });
    await expect(confirm).toBeFocused();
    await confirm.click();
    await expect(order.getByRole('status')).toHaveText(w.canceledMessage);
    await expect(order.getByRole('status')).toBeFocused();
    await expect(order.locator('[data-status]')).toHaveText(w.canceled);
    await expect(order.getByRole('button', { name: w.cancel })).toHaveCount(0);

    // The same goods again: the wallet holds exactly their price, so nothing is left for a gateway.
    await putInCartByApi(request, 'tote-cinemakhaneh', { token, address });
    await page.goto(local('/shop/checkout', lang));
    const summary = page.getByRole('complementary');
    await quoted(summary);
    await summary.getByRole('checkbox', { name: b.useWallet }).check();
    await expect(summary.locator('[data-line="wallet"]')).toBeVisible();
    await quoted(summary);
    await summary.getByRole('button', { name: b.payFromWallet }).click();
    await page.waitForURL(/\/payments\/\d+$/);
    await expect(page.getByText(b.success)).toBeVisible();

    await page.goto(local('/account/orders', lang));
    await expect(page.locator('[data-shop-order]')).toHaveCount(2);
    await expect(page.locator('[data-shop-order]').first().locator('[data-status]')).toHaveText(w.registered);
    await page.context().close();
  });
}
