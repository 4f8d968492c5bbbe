import { expect, test, type Locator, type Page } from '@playwright/test';
import { localPath } from '~/lib/locale';
import { codeFor, labels, newAddress, newPhone, openLogin, signUpByApi } from './auth-helpers';
import { prepareRoute, routes } from './routes';

/**
 * Issue 24 (9): a UI string that is missing or empty shows its dotted key ("auth.complete.acceptBefore")
 * to the viewer. No page of ./routes, and no step of the login dialog, shows one in either language.
 */
const rawKey = /\b[a-z]+\.[a-z]+(\.[a-zA-Z]+)+\b/g;

async function rawKeysIn(target: Page | Locator): Promise<string[]> {
  const text = 'goto' in target ? await target.locator('body').innerText() : await target.innerText();
  return [...text.matchAll(rawKey)].map(([key]) => key);
}

for (const route of routes) {
  for (const locale of ['fa', 'en'] as const) {
    test(`${localPath(route.path, locale)} shows no raw key${route.viewer ? ' (signed in)' : ''}`, async ({
      page,
      request,
    }) => {
      const path = await prepareRoute(page, request, route);
      await page.goto(localPath(path, locale));
      // Islands render their words after the page loads (the console's after its data); a page that
      // plays a video never goes quiet, so it is read once its first seconds have loaded.
      await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
      expect(await rawKeysIn(page)).toEqual([]);
    });
  }
}

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
    await context.close();
  });
}
