import { expect, test } from '@playwright/test';
import { codeFor, labels, newAddress, newPhone, openLogin, toPersianDigits } from './auth-helpers';

/**
 * The whole life of a viewer, in each language: sign up with a phone number (code from the outbox),
 * complete the profile, add a family profile in /account/profiles, log out, log back in with the
 * password and pick the new profile in "who is watching".
 */
for (const locale of ['fa', 'en'] as const) {
  const l = labels[locale];
  const prefix = locale === 'en' ? '/en' : '';

  test(`${locale}: sign up, add a profile, log out, log in with the password, pick a profile`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': newAddress() } });
    const page = await context.newPage();
    const phone = newPhone();
    const password = 'film-night-1404';
    const member = locale === 'fa' ? 'کودک' : 'Kid';

    await page.goto(`${prefix}/about`);
    let dialog = await openLogin(page, l);
    await expect(dialog.getByLabel(l.userName)).toBeFocused();
    // A Persian keyboard types Persian digits; they are accepted as they are.
    await dialog.getByLabel(l.userName).fill(locale === 'fa' ? toPersianDigits(phone) : phone);
    const since = new Date(Date.now() - 1000);
    await dialog.getByRole('button', { name: l.continue }).click();

    const codeField = dialog.getByLabel(l.code, { exact: true });
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByRole('timer')).toBeVisible();
    const code = await codeFor(phone, since);
    // A complete code is sent as soon as it is in the field.
    await codeField.fill(locale === 'fa' ? toPersianDigits(code) : code);

    await dialog.getByLabel(l.name, { exact: true }).fill(locale === 'fa' ? 'سارا احمدی' : 'Sara Ahmadi');
    await dialog.getByLabel(l.password, { exact: true }).fill(password);
    await dialog.getByLabel(l.passwordConfirmation).fill(password);
    await dialog.getByRole('checkbox').check();
    await expect(dialog.getByRole('link', { name: l.terms })).toHaveAttribute('href', `${prefix}/terms`);
    await dialog.getByRole('button', { name: l.signUp, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: l.menu })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // A family profile, added on the profiles page.
    await page.goto(`${prefix}/account/profiles`);
    await page.getByLabel(l.profileName).fill(member);
    await page.getByRole('button', { name: l.addProfile }).click();
    await expect(page.locator('[data-profile-id]')).toHaveCount(2);

    // Log out from the account menu.
    await page.getByRole('button', { name: l.menu }).click();
    await page.getByRole('button', { name: l.logout }).click();
    await expect(page.getByText(l.pleaseLogIn)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Back in with the password; two profiles, so "who is watching".
    await page.goto(`${prefix}/about`);
    dialog = await openLogin(page, l);
    await expect(dialog.getByLabel(l.userName)).toBeFocused();
    await dialog.getByLabel(l.userName).fill(phone);
    await dialog.getByRole('button', { name: l.continue }).click();
    await expect(dialog.getByLabel(l.password, { exact: true })).toBeFocused();
    await dialog.getByLabel(l.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: l.logIn, exact: true }).click();
    await expect(dialog.getByRole('heading', { name: l.whoIsWatching })).toBeVisible();
    await dialog.getByRole('button', { name: member }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: l.menu })).toContainText(member);
    await context.close();
  });
}
