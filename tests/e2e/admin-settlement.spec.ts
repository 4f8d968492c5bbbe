import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { toPersianDigits } from './auth-helpers';
import { paidSubscription } from './commerce-helpers';
import { consolePage } from './staff-helpers';

/**
 * The console's gateway settlement (issue 27) in both languages, Persian on a 360 px phone: finance
 * uploads the sandbox bank's statement of today (one payment as we booked it, one for 10,000 rials
 * less, one missing, one unknown here), sees each difference linked to its payment and opens one; a
 * statement with a fault names its line; a moderator is refused the page.
 */

const texts = {
  fa: {
    path: '/admin/settlement',
    gateway: 'درگاه',
    sandbox: 'بانک آزمایشی',
    file: 'صورت‌حساب (CSV)',
    upload: 'مقایسهٔ صورت‌حساب',
    payment: (id: number) => `پرداخت ${toPersianDigits(String(id))}`,
    badLine: 'سطر ۳، ستون amount',
    refused: 'حساب شما اجازه دیدن این بخش از کنسول کارکنان را ندارد.',
  },
  en: {
    path: '/en/admin/settlement',
    gateway: 'Gateway',
    sandbox: 'Sandbox bank',
    file: 'Statement (CSV)',
    upload: 'Compare the statement',
    payment: (id: number) => `Payment ${id}`,
    badLine: 'Line 3, column amount',
    refused: 'Your account is not allowed to see this part of the staff console.',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];

  test(`${locale}: finance uploads a statement and follows each difference to its payment`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const paidAt = async () => {
      const { payment, authority } = await paidSubscription(request);
      return { ...payment, authority };
    };
    const [same, short, missing] = [await paidAt(), await paidAt(), await paidAt()];
    const unknown = `9${String(Date.now()).slice(-11)}`;
    const csv = [
      'ref_id,authority,amount,status,date',
      `${same.reference},${same.authority},${same.gateway_part},settled,`,
      `${short.reference},${short.authority},${short.gateway_part - 10_000},settled,`,
      `${unknown},A${'9'.repeat(35)},250000,settled,`,
    ].join('\n');

    const page = await consolePage(browser, request, locale, 'finance');
    await page.goto(l.path);
    await page.getByLabel(l.gateway, { exact: true }).selectOption({ label: l.sandbox });
    await page.getByLabel(l.file).setInputFiles({
      name: 'sandbox-statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: l.upload }).click();

    const run = page.locator('[data-settlement-run]');
    await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
    const difference = (id: number) => run.locator(`[data-payment-id="${id}"]`);
    await expect(difference(short.id)).toHaveAttribute('data-difference', 'amount');
    await expect(difference(missing.id)).toHaveAttribute('data-difference', 'not_settled');
    await expect(difference(same.id)).toHaveCount(0);
    await expect(run.locator('[data-difference="unknown_here"]', { hasText: unknown })).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).include('[data-admin-settlement]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // The difference leads to the payment's detail in the Payments section.
    await difference(short.id)
      .getByRole('link', { name: l.payment(short.id) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/payments\\?payment=${short.id}$`));
    await expect(page.locator(`[data-payment-detail="${short.id}"]`)).toBeVisible();

    // A statement with a fault: refused, naming its line and column.
    await page.goBack();
    await page.getByLabel(l.gateway, { exact: true }).selectOption({ label: l.sandbox });
    await page.getByLabel(l.file).setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ref_id,authority,amount,status\n1,a,1000,settled\n2,b,12a,settled\n`),
    });
    await page.getByRole('button', { name: l.upload }).click();
    await expect(page.locator('[data-faults]')).toContainText(l.badLine);
    await page.context().close();
  });

  test(`${locale}: a moderator is refused the settlement`, async ({ browser, request }) => {
    const page = await consolePage(browser, request, locale, 'moderator');
    await page.goto(l.path);
    await expect(page.getByText(l.refused)).toBeVisible();
    await expect(page.locator('[data-admin-settlement]')).toHaveCount(0);
    await page.context().close();
  });
}
