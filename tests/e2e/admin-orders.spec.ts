import { expect, test } from '@playwright/test';
import { toPersianDigits } from './auth-helpers';
import { langs, local } from './commerce-helpers';
import { consolePage } from './staff-helpers';
import { buyerWithPaidOrder } from './shop-helpers';

/**
 * The shop orders section's main task (issue 17), in both languages: a paid order is found by its
 * number, accepted, refused a malformed tracking number, sent with a good one; the buyer then sees it
 * Delivered with that number on their orders page.
 */

const words = {
  fa: {
    search: 'شمارهٔ سفارش یا خریدار',
    show: 'نمایش',
    accept: 'پذیرفتن',
    send: 'ثبت ارسال',
    tracking: 'کد رهگیری',
    moved: 'وضعیت سفارش تغییر کرد',
    badTracking: 'برای ارسال، کد رهگیری (۴ تا ۴۰ حرف لاتین، رقم یا خط تیره) لازم است',
    registered: 'ثبت‌شده',
    accepted: 'پذیرفته‌شده',
    delivered: 'تحویل‌شده',
    digits: toPersianDigits,
  },
  en: {
    search: 'Order number or buyer',
    show: 'Show',
    accept: 'Accept',
    send: 'Mark as sent',
    tracking: 'Tracking number',
    moved: 'The order’s status was changed.',
    badTracking: 'Sending needs a tracking number (4 to 40 Latin letters, digits or dashes).',
    registered: 'Registered',
    accepted: 'Accepted',
    delivered: 'Delivered',
    digits: (text: string) => text,
  },
} as const;

for (const lang of langs) {
  const w = words[lang];

  test(`${lang}: staff move a paid order to Delivered with a tracking number; the buyer sees it`, async ({
    browser,
    request,
  }) => {
    const { token, page: buyerPage } = await buyerWithPaidOrder(browser, request);
    const mine = await request.get('/api/v1/me/shop/orders', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = ((await mine.json()) as { orders: { id: number }[] }).orders[0]!;

    const page = await consolePage(browser, request, lang, 'shop');
    await page.goto(local('/admin/orders', lang));
    await page.getByLabel(w.search).fill(w.digits(String(id)));
    await page.getByRole('button', { name: w.show, exact: true }).click();
    const order = page.locator(`[data-staff-order="${id}"]`);
    await expect(order.locator('[data-status]')).toHaveText(w.registered);

    await order.getByRole('button', { name: w.accept }).click();
    await expect(page.getByRole('status')).toHaveText(w.moved);
    await expect(order.locator('[data-status]')).toHaveText(w.accepted);

    const tracking = order.getByLabel(w.tracking);
    await tracking.fill('EMS/12!');
    await order.getByRole('button', { name: w.send }).click();
    await expect(tracking).toHaveAttribute('aria-invalid', 'true');
    await expect(order.getByText(w.badTracking)).toBeVisible();
    await expect(order.locator('[data-status]')).toHaveText(w.accepted);

    await tracking.fill('EMS-1404-7788');
    await order.getByRole('button', { name: w.send }).click();
    await expect(order.locator('[data-status]')).toHaveText(w.delivered);
    await expect(order.getByText('EMS-1404-7788')).toBeVisible();
    await expect(order.getByRole('button')).toHaveCount(0);
    await page.context().close();

    await buyerPage.goto(local('/account/orders', lang));
    const seen = buyerPage.locator(`[data-shop-order="${id}"]`);
    await expect(seen.locator('[data-status]')).toHaveText(w.delivered);
    await expect(seen.locator('[data-tracking]')).toContainText('EMS-1404-7788');
    await buyerPage.context().close();
  });
}
