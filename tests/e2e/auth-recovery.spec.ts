import { expect, test } from '@playwright/test';
import { codeFor, labels, newAddress, newPhone, openLogin, signUpByApi } from './auth-helpers';

/**
 * "Forgot password" on the seeded demo viewer (SPEC §4: LOGIN → code → FORGET_PASSWORD → logged in).
 * The demo account is the one whose last code was not sent a moment ago (a fresh sign-up's code would
 * hold the one-a-minute sending limit); the password is reset to the documented one, so nothing changes.
 */
test('fa: forgot password sends a code, a new password logs in, the demo viewer picks a profile', async ({
  browser,
}) => {
  const l = labels.fa;
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': newAddress() } });
  const page = await context.newPage();
  await page.goto('/about');
  const dialog = await openLogin(page, l);
  await dialog.getByLabel(l.userName).fill('۰۹۱۲۰۰۰۰۰۰۰');
  await dialog.getByRole('button', { name: l.continue }).click();
  await expect(dialog.getByLabel(l.password, { exact: true })).toBeVisible();

  const since = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'رمز عبور را فراموش کرده‌ام' }).click();
  const code = await codeFor('09120000000', since);
  await dialog.getByLabel(l.code, { exact: true }).fill(code);

  await expect(dialog.getByRole('heading', { name: 'رمز عبور تازه' })).toBeVisible();
  await dialog.getByLabel('رمز عبور تازه').fill('demo-pass-1404');
  await dialog.getByLabel(l.passwordConfirmation).fill('demo-pass-1404');
  await dialog.getByRole('button', { name: 'ذخیره و ورود' }).click();

  await expect(dialog.getByRole('heading', { name: l.whoIsWatching })).toBeVisible();
  await dialog.getByRole('button', { name: 'کودک' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: l.menu })).toContainText('کودک');
  await context.close();
});

test('en: a second device logs in with the code (and QR) a logged-in device creates', async ({
  browser,
  request,
}) => {
  const address = newAddress();
  const phone = newPhone();
  const token = await signUpByApi(request, phone, 'cross-device-1404', address);

  const first = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await first.addInitScript((value) => localStorage.setItem('token', value), token);
  const laptop = await first.newPage();
  await laptop.goto('/en/account/devices');
  await expect(laptop.locator('[data-session-id]')).toHaveCount(1);
  await expect(laptop.getByText('This device')).toBeVisible();
  await laptop.getByRole('button', { name: 'Create a login code' }).click();
  await expect(laptop.getByRole('img', { name: 'Login QR code' })).toBeVisible();
  await expect(laptop.getByRole('timer')).toContainText(/[12]:\d\d/);
  const sId = (await laptop.locator('[data-s-id]').innerText()).trim();
  expect(sId).toMatch(/^[A-Z0-9]{6,}$/);

  const second = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const phoneDevice = await second.newPage();
  await phoneDevice.goto(`/en/login?s_id=${sId}`);
  await expect(phoneDevice.getByRole('status')).toContainText('You are logged in');
  expect(await phoneDevice.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // The first device now sees two sessions.
  await laptop.reload();
  await expect(laptop.locator('[data-session-id]')).toHaveCount(2);
  await first.close();
  await second.close();
});

test('the dialog keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await page.goto('/en/about');
  const dialog = await openLogin(page, labels.en);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toHaveAccessibleName('Log in or sign up');
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: labels.en.open })).toBeFocused();
});
