import { expect, test } from '@playwright/test';

/** The server runs with TRUST_PROXY=1, so X-Forwarded-For decides where the visitor seems to be. */
test.describe('a visitor in Germany (EEA)', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '85.214.132.117' } });

  test('sees the consent banner, and after accepting never again', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'کوکی‌ها' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'می‌پذیرم' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('consentMode'))).toBe('granted');

    await page.reload();
    await expect(page.locator('#consent-banner')).toBeHidden();
    await page.goto('/en/terms');
    await expect(page.locator('#consent-banner')).toBeHidden();
  });

  test('can decline in English, and the choice is kept as denied', async ({ page }) => {
    await page.goto('/en/about');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Necessary only' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('consentMode'))).toBe('denied');
    await page.reload();
    await expect(page.locator('#consent-banner')).toBeHidden();
  });
});

test.describe('a visitor in Iran', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '5.160.0.1' } });

  test('gets no consent banner in either language', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('#consent-banner')).toHaveCount(0);
    await page.goto('/en/about');
    await expect(page.locator('#consent-banner')).toHaveCount(0);
  });
});
