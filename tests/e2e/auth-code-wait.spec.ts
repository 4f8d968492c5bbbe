import { expect, test, type Locator } from '@playwright/test';
import { codeFor, labels, newAddress, newPhone, openLogin, toPersianDigits } from './auth-helpers';

/**
 * Issue 24 (5): the server sends one code a minute per number. A viewer who asks for the code again
 * within that minute (after "change number", or closing the dialog and opening it on another page)
 * was left on the number step with "try again in 38 s" and no field for the code already received.
 * Now the code step comes back with that code still usable, the wait counting down on the resend button.
 */
const more = {
  fa: { change: 'تغییر شماره یا ایمیل', resend: /ارسال دوباره کد/, clock: /^[۰-۹]:[۰-۹]{2}$/ },
  en: { change: 'Use another number or e-mail', resend: /Send the code again/, clock: /^\d:\d{2}$/ },
} as const;

for (const [locale, how] of [
  ['fa', 'change number'],
  ['en', 'close the dialog, open it on another page'],
] as const) {
  const l = labels[locale];
  const m = more[locale];
  const prefix = locale === 'en' ? '/en' : '';

  test(`${locale}: asked again within the wait (${how}), the code already sent still signs up`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': newAddress() } });
    const page = await context.newPage();
    const phone = newPhone();
    const typedPhone = locale === 'fa' ? toPersianDigits(phone) : phone;

    await page.goto(`${prefix}/about`);
    let dialog = await openLogin(page, l);
    await dialog.getByLabel(l.userName).fill(typedPhone);
    const since = new Date(Date.now() - 1000);
    await dialog.getByRole('button', { name: l.continue }).click();
    await expect(dialog.getByLabel(l.code, { exact: true })).toBeVisible();
    const code = await codeFor(phone, since);

    if (how === 'change number') {
      await dialog.getByRole('button', { name: m.change }).click();
      await expect(dialog.getByLabel(l.userName)).toHaveValue(phone);
    } else {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.goto(`${prefix}/terms`);
      dialog = await openLogin(page, l);
      await dialog.getByLabel(l.userName).fill(typedPhone);
    }
    await dialog.getByRole('button', { name: l.continue }).click();

    // Back at the code, and no refusal: the resend button waits, counting down.
    const codeField = dialog.getByLabel(l.code, { exact: true });
    await expect(codeField).toBeVisible();
    const resend: Locator = dialog.getByRole('button', { name: m.resend });
    await expect(resend).toBeDisabled();
    await expect(resend.getByRole('timer')).toHaveText(m.clock);
    const shown = await resend.getByRole('timer').innerText();
    await expect(resend.getByRole('timer')).not.toHaveText(shown, { timeout: 3000 });
    await expect(page.getByText(/(try again in|دوباره تلاش کنید)/)).toHaveCount(0);

    await codeField.fill(code);
    await expect(dialog.getByLabel(l.name, { exact: true })).toBeVisible();
    await context.close();
  });
}
