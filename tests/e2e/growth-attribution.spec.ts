import { expect, test, type Page } from '@playwright/test';

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

  test('keeps nothing until consent is granted, and forgets it when declined', async ({ page }) => {
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
