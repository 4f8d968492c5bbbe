import { expect, test, type Locator } from '@playwright/test';
import { localPath } from '~/lib/locale';
import { codeFor, labels, newAddress, newPhone, openLogin, signUpByApi } from './auth-helpers';
import { rawKeysIn, wordingFaultsIn } from './wording-checks';

/**
 * Issue 24 (9): every step of the login dialog, in both languages, shows words and never a raw
 * translation key; a refusal from the server reads as a sentence in the page's language. The pages
 * themselves are read by ./every-page.spec.ts.
 */
for (const locale of ['fa', 'en'] as const) {
  const l = labels[locale];

  test(`${locale}: no step of the login dialog shows a raw key`, async ({ browser, request }) => {
    const address = newAddress();
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
    const page = await context.newPage();
    const steps: Record<string, string[]> = {};
    const look = async (step: string, dialog: Locator, shown: Locator) => {
      await expect(shown).toBeVisible();
      steps[step] = await rawKeysIn(dialog);
    };

    // A new number: the number, code and complete-profile steps.
    await page.goto(localPath('/about', locale));
    let dialog = await openLogin(page, l);
    await look('number', dialog, dialog.getByLabel(l.userName));
    const phone = newPhone();
    await dialog.getByLabel(l.userName).fill(phone);
    const since = new Date(Date.now() - 1000);
    await dialog.getByRole('button', { name: l.continue }).click();
    await look('code', dialog, dialog.getByLabel(l.code, { exact: true }));
    // A wrong code first: the server's refusal reaches the screen as a sentence, in the page's words.
    await dialog.getByLabel(l.code, { exact: true }).fill('000000');
    const refusal = page.locator('[data-sonner-toast]').first();
    await expect(refusal).toBeVisible();
    const refused = await wordingFaultsIn(page, locale);
    await dialog.getByLabel(l.code, { exact: true }).fill(await codeFor(phone, since));
    await look('complete profile', dialog, dialog.getByRole('link', { name: l.terms }));

    // An account with a password: the password step.
    const member = newPhone();
    await signUpByApi(request, member, 'raw-keys-1404', address);
    await page.reload();
    dialog = await openLogin(page, l);
    await dialog.getByLabel(l.userName).fill(member);
    await dialog.getByRole('button', { name: l.continue }).click();
    await look('password', dialog, dialog.getByLabel(l.password, { exact: true }));

    expect(steps).toEqual({ number: [], code: [], 'complete profile': [], password: [] });
    expect(refused).toEqual([]);
    await context.close();
  });
}
