import { expect, test } from '@playwright/test';
import { logInByApi, newAddress, newPhone, signUpByApi, toPersianDigits } from './auth-helpers';
import { langs, local } from './commerce-helpers';
import { consolePage } from './staff-helpers';

/**
 * The viewers section's main task (issue 17), in both languages: support finds an account by its
 * mobile number as a person types it, ends one of its sessions, then blocks it; the blocked viewer's
 * token stops working and a login is refused with the reason in the viewer's language.
 */

const words = {
  fa: {
    search: 'تلفن همراه، ایمیل یا نام',
    find: 'جست‌وجو',
    end: /^پایان نشست Chrome, Android$/,
    ended: 'نشست پایان یافت',
    block: 'مسدود کردن حساب',
    confirm: 'بله، مسدود شود',
    blocked: 'حساب مسدود شد و همهٔ نشست‌هایش بسته شد',
    badge: 'مسدود',
    unblock: 'رفع انسداد حساب',
    refused: 'این حساب کاربری مسدود شده است؛ برای پیگیری با پشتیبانی تماس بگیرید',
    typed: (phone: string) => toPersianDigits(phone),
  },
  en: {
    search: 'Mobile, e-mail or name',
    find: 'Find',
    end: /^End the session on Chrome, Android$/,
    ended: 'The session was ended.',
    block: 'Block the account',
    confirm: 'Yes, block it',
    blocked: 'The account was blocked and all its sessions ended.',
    badge: 'Blocked',
    unblock: 'Unblock the account',
    refused: 'This account has been blocked; please contact support.',
    typed: (phone: string) => `+98 ${phone.slice(1, 4)} ${phone.slice(4)}`,
  },
} as const;

for (const lang of langs) {
  const w = words[lang];

  test(`${lang}: support finds a viewer, ends a session, and blocks the account`, async ({
    browser,
    request,
  }) => {
    const phone = newPhone();
    const address = newAddress();
    const token = await signUpByApi(request, phone, 'viewer-pass-1404', address);
    await logInByApi(request, phone, 'viewer-pass-1404', address);
    const me = () => request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });

    const page = await consolePage(browser, request, lang, 'support');
    await page.goto(local('/admin/viewers', lang));
    await page.getByLabel(w.search).fill(w.typed(phone));
    await page.getByRole('button', { name: w.find, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(phone.slice(1)) }).click();
    const viewer = page.locator('[data-viewer]');
    const sessions = viewer.locator('[data-session]');
    await expect(sessions).toHaveCount(2);

    await viewer.getByRole('button', { name: w.end }).click();
    await expect(page.getByRole('status').filter({ hasText: w.ended })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect((await me()).status()).toBe(200);

    await viewer.getByRole('button', { name: w.block }).click();
    const confirm = viewer.getByRole('button', { name: w.confirm });
    await expect(confirm).toBeFocused();
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: w.blocked })).toBeVisible();
    await expect(viewer.locator('[data-blocked]')).toHaveText(w.badge);
    await expect(sessions).toHaveCount(0);
    expect((await me()).status()).toBe(401);
    const login = await request.post('/api/v1/auth/login', {
      data: { user_name: phone, password: 'viewer-pass-1404' },
      headers: { 'X-Forwarded-For': address, 'Accept-Language-site': lang },
    });
    expect(login.status()).toBe(403);
    expect(((await login.json()) as { message: string }).message).toBe(w.refused);

    await viewer.getByRole('button', { name: w.unblock }).click();
    await expect(viewer.locator('[data-blocked]')).toHaveCount(0);
    await page.context().close();
  });
}
