import { expect, test } from '@playwright/test';
import { labels } from './auth-helpers';
import { atBank, langs, local, newBuyer, openPurchase, quoted, words } from './commerce-helpers';
import { pressPlayAndWait, productIdOf } from './player-helpers';

/**
 * Subscriptions (issue 9): bought from a title page through the sandbox bank, then watched; the
 * /subscribe page in the viewer's currency; a logged-out viewer logs in first and is brought back.
 */

for (const lang of langs) {
  test(`${lang}: a new viewer subscribes from a title page and watches it`, async ({ browser, request }) => {
    const w = words[lang];
    const id = await productIdOf(request, 'A Separation', 'a-separation');
    const { page } = await newBuyer(browser, request, lang);
    // The purchase island's code arrives only with the first press.
    const island = page.locator('astro-island:has([data-buy])');
    const loaded: string[] = [];
    page.on('request', (sent) => loaded.push(sent.url()));
    await page.goto(local(`/movies/${id}`, lang));
    const code = await island.getAttribute('component-url');
    expect(code).toBeTruthy();
    expect(loaded.some((url) => url.includes(code!))).toBe(false);

    const dialog = await openPurchase(page, w.buy);
    expect(loaded.some((url) => url.includes(code!))).toBe(true);
    await dialog.getByRole('radio', { name: w.monthly }).check();
    await quoted(dialog);
    await expect(dialog.locator('[data-line="vat"]')).toBeVisible();
    await dialog.getByRole('button', { name: w.pay }).click();
    await atBank(page, 'pay');

    await expect(page.getByRole('heading', { name: w.success })).toBeVisible();
    await expect(page.getByText(w.subscriptionUntil)).toBeVisible();
    await page.getByRole('link', { name: w.watchNow }).click();
    await expect(page).toHaveURL(new RegExp(`${local(`/play/${id}`, lang)}$`));
    await pressPlayAndWait(page, 0.5);
  });
}

test('en: /subscribe prices the packages in dollars abroad, in toman once switched', async ({
  browser,
  request,
}) => {
  const { page } = await newBuyer(browser, request, 'en', { abroad: true });
  await page.goto('/en');
  await page.getByRole('banner').getByRole('link', { name: 'Subscribe' }).first().click();
  await expect(page).toHaveURL(/\/en\/subscribe$/);
  const yearly = page.locator('[data-package="yearly"]');
  await expect(yearly).toContainText(/\$\d+\.\d{2}/);

  await yearly.getByRole('button', { name: /One year/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(dialog.getByRole('radio', { name: /One year/ })).toBeChecked();
  await quoted(dialog);
  await expect(dialog.locator('[data-line="total"]')).toContainText('$');

  await dialog.getByText('Toman', { exact: true }).click();
  await expect(dialog.locator('[data-line="total"]')).toContainText('toman');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(yearly).toContainText('toman');
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('IRR');
});

test('fa: a logged-out viewer logs in first and comes back to the purchase dialog', async ({
  browser,
  request,
}) => {
  const l = labels.fa;
  const w = words.fa;
  const id = await productIdOf(request, 'A Separation', 'a-separation');
  const { page, phone, password } = await newBuyer(browser, request, 'fa', { signedIn: false });
  await page.goto(`/movies/${id}`);
  await page.getByRole('button', { name: w.buy }).click();

  const login = page.getByRole('dialog');
  await login.getByLabel(l.userName).fill(phone);
  await login.getByRole('button', { name: l.continue }).click();
  await login.getByLabel(l.password, { exact: true }).fill(password);
  await login.getByRole('button', { name: l.logIn, exact: true }).click();

  const dialog = page.getByRole('dialog', { name: /خرید «جدایی نادر از سیمین»/ });
  await expect(dialog).toBeVisible();
  await quoted(dialog);
  await expect(dialog.getByRole('button', { name: w.pay })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: w.buy })).toBeFocused();
});
