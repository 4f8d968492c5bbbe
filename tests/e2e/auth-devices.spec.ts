import { expect, test } from '@playwright/test';
import { labels, logInByApi, newAddress, newPhone, openLogin, signUpByApi } from './auth-helpers';

/**
 * The 4th login: three devices are already in (opened through the API as other devices would), so the
 * dialog lists them; ending one lets this login through with the password typed once.
 */
for (const locale of ['fa', 'en'] as const) {
  const l = labels[locale];
  const prefix = locale === 'en' ? '/en' : '';

  test(`${locale}: a 4th login lists the active devices and removing one lets it in`, async ({
    browser,
    request,
  }) => {
    const address = newAddress();
    const phone = newPhone();
    const password = 'three-devices-1404';
    await signUpByApi(request, phone, password, address);
    await logInByApi(request, phone, password, address);
    await logInByApi(request, phone, password, address);

    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    const page = await context.newPage();
    await page.goto(`${prefix}/about`);
    const dialog = await openLogin(page, l);
    await dialog.getByLabel(l.userName).fill(phone);
    await dialog.getByRole('button', { name: l.continue }).click();
    await dialog.getByLabel(l.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: l.logIn, exact: true }).click();

    await expect(dialog.getByRole('heading', { name: l.devices })).toBeVisible();
    await expect(dialog.locator('[data-session-id]')).toHaveCount(3);
    await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible();
    // Last seen in the Solar Hijri calendar with Persian digits on Persian pages.
    if (locale === 'fa') await expect(dialog.locator('time').first()).toContainText(/۱۴۰[۰-۹]/);
    await dialog
      .getByRole('button', { name: new RegExp(l.removeDevice) })
      .first()
      .click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: l.menu })).toBeVisible();

    // The devices page lists this device (marked) among the three.
    await page.goto(`${prefix}/account/devices`);
    await expect(page.locator('[data-session-id]')).toHaveCount(3);
    await context.close();
  });
}

test('account pages ask a visitor without a session to log in', async ({ page }) => {
  await page.goto('/en/account');
  await expect(page.getByText(labels.en.pleaseLogIn)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: labels.en.open }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
