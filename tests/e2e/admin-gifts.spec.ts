import { expect, test } from '@playwright/test';
import { staffMemberToken } from './staff-helpers';

/**
 * The staff console's gifts view (issue 17) in both languages, Persian on a 360 px phone: finance
 * creates a gift campaign, makes a code for it (shown once), and the campaign counts the code.
 */

const texts = {
  fa: {
    path: '/admin/gifts',
    title: 'نام فارسی',
    enTitle: 'نام انگلیسی',
    slug: 'نامک (حروف کوچک لاتین، رقم و خط تیره)',
    startsAt: 'آغاز',
    endsAt: 'پایان',
    create: 'ساخت کمپین',
    issue: 'ساخت کد تازه',
    use: 'کدها: ۱ · استفاده‌شده: ۰',
  },
  en: {
    path: '/en/admin/gifts',
    title: 'Persian name',
    enTitle: 'English name',
    slug: 'Slug (lower-case Latin letters, digits and dashes)',
    startsAt: 'Starts',
    endsAt: 'Ends',
    create: 'Create the campaign',
    issue: 'Make a new code',
    use: 'Codes: 1 · redeemed: 0',
  },
} as const;

/** A datetime-local value `days` from now. */
const localMoment = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];
  test(`${locale}: finance creates a gift campaign and makes a code for it`, async ({ page, request }) => {
    const slug = `e2e-${locale}-${Date.now().toString(36)}`;
    const token = await staffMemberToken(request, 'finance');
    await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(l.path);

    const form = page.locator('[data-gift-form]');
    await form.getByLabel(l.title).fill('هدیهٔ آزمون');
    await form.getByLabel(l.enTitle).fill('Test gift');
    await form.getByLabel(l.slug).fill(slug);
    await form.getByLabel(l.startsAt).fill(localMoment(-1));
    await form.getByLabel(l.endsAt).fill(localMoment(30));
    await form.getByRole('button', { name: l.create }).click();

    const card = page.locator(`[data-campaign="${slug}"]`);
    await expect(card).toBeVisible();
    // Made once: the form starts empty for the next campaign.
    await expect(form.getByLabel(l.slug)).toHaveValue('');
    await card.getByRole('button', { name: l.issue }).click();
    await expect(card.locator('[data-issued-code] bdi')).toHaveText(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await expect(card.locator('[data-campaign-use]')).toHaveText(l.use);
  });
}
