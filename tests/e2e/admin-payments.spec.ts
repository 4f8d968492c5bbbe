import { expect, test } from '@playwright/test';
import type { Wallet } from '~/shared/commerce';
import { toPersianDigits } from './auth-helpers';
import { paidSubscription } from './commerce-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * The staff console's Payments section (issue 17) in both languages, Persian on a 360 px phone: finance
 * finds a viewer's subscription payment by its number, reads its timeline, refunds all of it to the
 * viewer's wallet (asked twice), and the viewer's wallet holds the money.
 */

const texts = {
  fa: {
    path: '/admin/payments',
    reference: 'شمارهٔ پرداخت یا کد پیگیری درگاه',
    search: 'جست‌وجو',
    open: (id: number) => `پرداخت ${toPersianDigits(String(id))}`,
    fulfilled: 'موفق',
    all: 'همهٔ مانده',
    reason: 'دلیل (در سوابق می‌ماند)',
    refund: 'بازپرداخت به کیف پول',
    confirm: 'بله، بازپرداخت شود',
    refunded: 'مبلغ به کیف پول بیننده بازگشت',
    done: /به کیف پول · انجام شد/,
  },
  en: {
    path: '/en/admin/payments',
    reference: 'Payment number or gateway reference',
    search: 'Search',
    open: (id: number) => `Payment ${id}`,
    fulfilled: 'Successful',
    all: 'All that is left',
    reason: 'Reason (kept in the records)',
    refund: 'Refund to the wallet',
    confirm: 'Yes, refund',
    refunded: 'The amount was returned to the viewer’s wallet.',
    done: /to the wallet · done/,
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];
  test(`${locale}: finance finds a payment, reads its timeline and refunds it to the wallet`, async ({
    page,
    request,
  }) => {
    const { payment, headers } = await paidSubscription(request);
    const viewer = { paymentId: payment.id, total: payment.total, headers };
    const staff = await staffMemberToken(request, 'finance');
    await page.context().addInitScript((value) => localStorage.setItem('token', value), staff);
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(l.path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    await page.getByLabel(l.reference).fill(String(viewer.paymentId));
    await page.getByRole('button', { name: l.search, exact: true }).click();
    await expect(page.locator('[data-payment]')).toHaveCount(1);
    await page.getByRole('button', { name: l.open(viewer.paymentId), exact: true }).click();

    const detail = page.locator(`[data-payment-detail="${viewer.paymentId}"]`);
    await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(detail.locator('[data-step]')).toHaveCount(4);
    await expect(detail.locator('[data-step="fulfilled"]')).toContainText(l.fulfilled);

    await detail.getByRole('button', { name: l.all }).click();
    await detail.getByLabel(l.reason).fill('The stream failed all evening');
    await detail.getByRole('button', { name: l.refund, exact: true }).click();
    await detail.getByRole('button', { name: l.confirm }).click();
    await expect(page.getByText(l.refunded)).toBeVisible();
    await expect(detail.locator('[data-refund="done"]')).toContainText(l.done);
    // Nothing is left to refund: the form is gone.
    await expect(detail.getByRole('button', { name: l.refund, exact: true })).toHaveCount(0);

    const wallet = (await (
      await request.get('/api/v1/me/wallet', { headers: viewer.headers })
    ).json()) as Wallet;
    expect(wallet.balances.find((line) => line.currency === 'IRR')?.balance).toBe(viewer.total);
  });
}
