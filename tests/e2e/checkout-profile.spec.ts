import { expect, test } from '@playwright/test';
import { labels, newAddress, newPhone, signUpByApi } from './auth-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 25, buying: logging in at the shop's checkout does not put "Who is watching?" over it (the
 * account pays, not a profile); the profile is asked for when the viewer goes to watch. The viewer has
 * two profiles, as the demo viewer does (a fresh one: another test resets the demo viewer's password,
 * and its three-device limit is shared with every test that logs it in).
 */

for (const lang of ['fa', 'en'] as const) {
  const phoneSized = lang === 'en';
  test(`${lang}, ${phoneSized ? 'phone' : 'desktop'}: a login at the checkout asks for no profile; the player does`, async ({
    browser,
    request,
  }) => {
    const l = labels[lang];
    const prefix = lang === 'en' ? '/en' : '';
    const address = newAddress();
    const phone = newPhone();
    const token = await signUpByApi(request, phone, 'checkout-pass-1404', address);
    const added = await request.post('/api/v1/me/profiles', {
      multipart: { name: 'Kid' },
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
    });
    expect(added.status(), await added.text()).toBe(200);

    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': address },
      ...(phoneSized ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } : {}),
    });
    const page = await context.newPage();
    await page.goto(`${prefix}/shop/checkout`);
    await page.getByRole('main').getByRole('button', { name: l.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(l.userName).fill(phone);
    await dialog.getByRole('button', { name: l.continue }).click();
    await dialog.getByLabel(l.password, { exact: true }).fill('checkout-pass-1404');
    await dialog.getByRole('button', { name: l.logIn, exact: true }).click();

    // Logged in: the dialog closes and the checkout is there, with no profile picker at any moment.
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: l.whoIsWatching })).toHaveCount(0);
    await expect(page.locator('[data-profile-picker]')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: l.open })).toHaveCount(0);
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-profile-picker]')).toHaveCount(0);

    // Going to watch asks who is watching.
    await page.goto(`${prefix}/play/${await productIdOf(request, 'The Salesman', 'the-salesman')}`);
    const picker = page.getByRole('dialog').filter({ has: page.locator('[data-profile-picker]') });
    await expect(picker).toBeVisible({ timeout: 15_000 });
    await expect(picker.getByRole('heading', { name: l.whoIsWatching })).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Kid' })).toBeVisible();
    await context.close();
  });
}
