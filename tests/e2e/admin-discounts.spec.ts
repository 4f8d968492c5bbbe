import { expect, test } from '@playwright/test';
import type { PackagesResponse } from '~/shared/commerce';
import { staffMemberToken } from './staff-helpers';

/**
 * The staff console's Discount codes section (issue 17) in both languages, Persian on a 360 px phone:
 * finance creates a percentage code with a limit, finds it listed as active with its uses, pauses it,
 * and a purchase is then refused the code.
 */

const texts = {
  fa: {
    path: '/admin/discounts',
    code: 'کد (حروف لاتین بزرگ، رقم و خط تیره)',
    percent: 'درصد',
    maxUses: 'سقف کل استفاده',
    create: 'ساخت کد',
    created: (code: string) => `کد ${code} ساخته شد.`,
    filter: 'جست‌وجوی کد',
    search: 'جست‌وجو',
    active: 'فعال',
    paused: 'متوقف',
    uses: 'استفاده: ۰ از ۵۰',
    pause: 'توقف',
    pausedDone: (code: string) => `کد ${code} متوقف شد.`,
    off: '۱۵٪ تخفیف',
  },
  en: {
    path: '/en/admin/discounts',
    code: 'Code (capital Latin letters, digits and dashes)',
    percent: 'Percent',
    maxUses: 'Uses in all',
    create: 'Create the code',
    created: (code: string) => `Code ${code} created.`,
    filter: 'Find a code',
    search: 'Search',
    active: 'Active',
    paused: 'Paused',
    uses: 'Used 0 of 50',
    pause: 'Pause',
    pausedDone: (code: string) => `Code ${code} paused.`,
    off: '15% off',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];
  test(`${locale}: finance creates a discount code, sees it listed and pauses it`, async ({
    page,
    request,
  }) => {
    const code = `E2E-${locale.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    const staff = await staffMemberToken(request, 'finance');
    await page.context().addInitScript((value) => localStorage.setItem('token', value), staff);
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(l.path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const form = page.locator('[data-discount-form]');
    await form.getByLabel(l.code).fill(code.toLowerCase());
    await form.getByLabel(l.percent, { exact: true }).fill('15');
    await form.getByLabel(l.maxUses).fill('50');
    await form.getByRole('button', { name: l.create }).click();
    await expect(page.getByText(l.created(code))).toBeVisible();
    // Made once: the form starts empty for the next code.
    await expect(form.getByLabel(l.code)).toHaveValue('');

    await page.getByLabel(l.filter).fill(code);
    await page.getByRole('search').getByRole('button', { name: l.search }).click();
    const card = page.locator(`[data-code="${code}"]`);
    await expect(card.locator('[data-code-state]')).toHaveText(l.active);
    await expect(card).toContainText(l.off);
    await expect(card.locator('[data-code-uses]')).toHaveText(l.uses);

    await card.getByRole('button', { name: l.pause, exact: true }).click();
    await expect(page.getByText(l.pausedDone(code))).toBeVisible();
    await expect(card.locator('[data-code-state]')).toHaveText(l.paused);

    const headers = { authorization: `Bearer ${staff}` };
    const { packages } = (await (
      await request.get('/api/v1/core/packages', { headers })
    ).json()) as PackagesResponse;
    const quote = await request.post('/api/v1/payments/quote', {
      data: { type: 'SUBSCRIPTION', item_id: packages[0]!.id, discount_code: code },
      headers: { authorization: `Bearer ${staff}`, 'accept-language': locale },
    });
    expect(quote.status()).toBe(422);
  });
}
