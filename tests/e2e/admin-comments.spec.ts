import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * The console's comments section (issue 17) in both languages: a moderator approves a viewer's pending
 * comment in the queue, which then is published on the title and listed under Approved; a viewer and a
 * visitor get a clear message instead of the queue.
 */
const texts = {
  fa: {
    path: '/admin/comments',
    approveOne: 'تأیید دیدگاه',
    approved: 'دیدگاه تأیید و منتشر شد',
    approvedTab: 'تأییدشده',
    approveSelected: 'تأیید انتخاب‌شده‌ها (۲)',
    decided: '۲ دیدگاه بررسی شد',
    select: 'انتخاب دیدگاه',
    notAllowed: 'حساب شما اجازه دیدن این بخش از کنسول کارکنان را ندارد.',
    logIn: 'برای دیدن این صفحه لطفاً وارد حساب خود شوید.',
    nav: 'بخش‌های کنسول',
  },
  en: {
    path: '/en/admin/comments',
    approveOne: 'Approve the comment by',
    approved: 'The comment was approved and published.',
    approvedTab: 'Approved',
    approveSelected: 'Approve selected (2)',
    decided: '2 comments were decided',
    select: 'Select the comment by',
    notAllowed: 'Your account is not allowed to see this part of the staff console.',
    logIn: 'Please log in to see this page.',
    nav: 'Console sections',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];

  test(`${locale}: a moderator approves a pending comment, one and then two at once`, async ({
    page,
    request,
  }) => {
    const { slides } = (await (await request.get('/api/v1/core/get-home-slider')).json()) as {
      slides: { id: number }[];
    };
    const titleId = slides[0]?.id ?? 0;
    expect(titleId).toBeGreaterThan(0);
    const viewer = await signUpByApi(request, newPhone(), 'viewer-pass-1404', newAddress());
    const bodies = [1, 2, 3].map((n) => `${locale} console comment ${n} ${Date.now()}`);
    for (const body of bodies) {
      const posted = await request.post(`/api/v1/products/${titleId}/comments`, {
        data: { body },
        headers: { authorization: `Bearer ${viewer}`, 'X-Forwarded-For': newAddress() },
      });
      expect(posted.status()).toBe(201);
    }
    await page.addInitScript(
      (value) => localStorage.setItem('token', value),
      await staffMemberToken(request, 'moderator'),
    );
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });

    const response = await page.goto(l.path);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('navigation', { name: l.nav })).toBeVisible();

    const first = page.locator('[data-admin-comment]', { hasText: bodies[0] });
    await first.getByRole('button', { name: new RegExp(`^${l.approveOne}`) }).click();
    await expect(page.getByRole('status').filter({ hasText: l.approved })).toBeVisible();
    await expect(first).toHaveCount(0);

    for (const body of bodies.slice(1)) {
      const item = page.locator('[data-admin-comment]', { hasText: body });
      await item.getByRole('checkbox', { name: new RegExp(`^${l.select}`) }).check();
    }
    await page.getByRole('button', { name: l.approveSelected }).click();
    await expect(page.getByRole('status').filter({ hasText: l.decided })).toBeVisible();

    await page.getByRole('button', { name: l.approvedTab }).click();
    for (const body of bodies)
      await expect(page.locator('[data-admin-comment]', { hasText: body })).toBeVisible();
    const published = await (await request.get(`/api/v1/products/${titleId}/comments`)).json();
    const listed = JSON.stringify(published);
    for (const body of bodies) expect(listed).toContain(body);
  });

  test(`${locale}: a viewer and a visitor see why, never the queue`, async ({ page, request }) => {
    await page.goto(l.path);
    await expect(page.getByText(l.logIn)).toBeVisible();
    await expect(page.locator('[data-admin-comment]')).toHaveCount(0);

    const viewer = await signUpByApi(request, newPhone(), 'viewer-pass-1404', newAddress());
    await page.addInitScript((value) => localStorage.setItem('token', value), viewer);
    await page.goto(l.path);
    await expect(page.getByText(l.notAllowed)).toBeVisible();
    await expect(page.locator('[data-admin-comment]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: l.nav })).toHaveCount(0);
  });
}
