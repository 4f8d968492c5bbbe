import { expect, test, type Page } from '@playwright/test';
import { codeFor, labels, newAddress, newPhone, openLogin } from './auth-helpers';
import { atBank, openPurchase, quoted, words } from './commerce-helpers';
import { productIdOf } from './player-helpers';
import { staffMemberToken } from './staff-helpers';

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('attribution'));

test.describe('a visitor in Iran', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '5.160.0.1' } });

  test('keeps the first campaign, counts the landing visit, and later campaigns change nothing', async ({
    page,
  }) => {
    const counted = page.waitForResponse((res) => res.url().endsWith('/api/v1/growth/visits'));
    await page.goto('/landing1?utm_source=instagram&utm_medium=social&utm_campaign=spring');
    expect((await counted).status()).toBe(204);
    const first = 'utm_campaign=spring&utm_source=instagram&utm_medium=social&landing=landing1';
    expect(await stored(page)).toBe(first);
    await page.goto('/en/landing2?utm_campaign=other');
    expect(await stored(page)).toBe(first);
  });

  test('an untagged landing visit is attributed to the landing’s own campaign', async ({ page }) => {
    await page.goto('/en/landing3');
    expect(await stored(page)).toMatch(/^utm_campaign=[a-z0-9-]+&landing=landing3$/);
  });

  test('an untagged page that is not a landing keeps nothing', async ({ page }) => {
    await page.goto('/en/about');
    expect(await stored(page)).toBeNull();
  });
});

test.describe('a visitor in Germany (EEA)', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '85.214.132.117' } });

  test('keeps nothing until consent is granted', async ({ page }) => {
    await page.goto('/en/landing2?utm_campaign=autumn&utm_source=newsletter');
    expect(await stored(page)).toBeNull();
    await page.getByRole('button', { name: 'Accept' }).click();
    expect(await stored(page)).toBe('utm_campaign=autumn&utm_source=newsletter&landing=landing2');
  });

  test('a refusal keeps nothing', async ({ page }) => {
    await page.goto('/en/about?utm_campaign=autumn');
    await page.getByRole('button', { name: 'Necessary only' }).click();
    await page.goto('/en/about?utm_campaign=autumn');
    expect(await stored(page)).toBeNull();
  });
});

test('a tagged visit, a sign-up and a purchase in the browser show up once in the campaign report', async ({
  browser,
  request,
}) => {
  const campaign = `e2e-${Date.now().toString(36)}`;
  const address = newAddress();
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const page = await context.newPage();
  const counted = page.waitForResponse((res) => res.url().endsWith('/api/v1/growth/visits'));
  await page.goto(`/en/landing1?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
  await counted;

  const l = labels.en;
  const phone = newPhone();
  const password = 'campaign-pass-1404';
  const dialog = await openLogin(page, l);
  await dialog.getByLabel(l.userName).fill(phone);
  const since = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: l.continue }).click();
  await dialog.getByLabel(l.code, { exact: true }).fill(await codeFor(phone, since));
  await dialog.getByLabel(l.name, { exact: true }).fill('Campaign Viewer');
  await dialog.getByLabel(l.password, { exact: true }).fill(password);
  await dialog.getByLabel(l.passwordConfirmation).fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: l.signUp, exact: true }).click();
  await expect(dialog).toBeHidden();

  const id = await productIdOf(request, 'A Hero', 'a-hero');
  await page.goto(`/en/movies/${id}`);
  const purchase = await openPurchase(page, words.en.buyOnly);
  await quoted(purchase);
  await purchase.getByRole('button', { name: words.en.pay }).click();
  await atBank(page, 'pay');
  await expect(page.getByRole('heading', { name: words.en.success })).toBeVisible();

  const token = await staffMemberToken(request, 'finance');
  const day = new Date().toISOString().slice(0, 10);
  const report = await request.get(`/api/v1/staff/campaigns?from=${day}&to=${day}&campaign=${campaign}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(report.status()).toBe(200);
  const { campaigns } = (await report.json()) as { campaigns: unknown[] };
  expect(campaigns).toEqual([
    {
      campaign,
      visits: 1,
      sign_ups: 1,
      first_payments: 1,
      revenue: [{ currency: 'IRR', amount: expect.any(Number) }],
    },
  ]);
  await context.close();
});
