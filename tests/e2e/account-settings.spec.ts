import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/** /account: the name is changed and kept; deleting the account (confirmed with the password) signs out. */
test('fa: change the name, then delete the account', async ({ browser, request }) => {
  const address = newAddress();
  const phone = newPhone();
  const password = 'settings-1404';
  const token = await signUpByApi(request, phone, password, address);
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await context.addInitScript((value) => {
    // Only the first load starts signed in; the test then follows what the page does to the token.
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  const page = await context.newPage();
  await page.goto('/account');
  // The login name is shown left-to-right with Persian digits.
  await expect(page.locator('bdi[dir=ltr]').filter({ hasText: '+۹۸۹۱۲' })).toBeVisible();

  await page.getByLabel('نام و نام خانوادگی').fill('نیما رضایی');
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('نام و نام خانوادگی')).toHaveValue('نیما رضایی');

  await page.getByRole('button', { name: 'حذف حساب…' }).click();
  const dialog = page.getByRole('dialog', { name: 'حساب حذف شود؟' });
  await dialog.getByLabel('رمز عبور').fill(password);
  await dialog.getByRole('button', { name: 'بله، حساب را حذف کن' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const login = await request.post('/api/v1/auth/login', {
    data: { user_name: phone, password },
    headers: { 'X-Forwarded-For': address },
  });
  expect(login.ok()).toBe(false);
  await context.close();
});
