import { expect, test, type Page } from '@playwright/test';

/**
 * Records the theme attribute as soon as <body> exists, i.e. before any script in the body (ours or an
 * island's) has run, and the body's colour at DOMContentLoaded, from the styles inlined in <head>. If both
 * are right, the first paint is right too.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { themeAtBody?: string | null; backgroundAtBody?: string };
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      observer.disconnect();
      record.themeAtBody = document.documentElement.getAttribute('data-theme');
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      record.backgroundAtBody = getComputedStyle(document.body).backgroundColor;
    });
  });
}

function firstPaint(page: Page) {
  return page.evaluate(() => {
    const record = window as unknown as { themeAtBody?: string | null; backgroundAtBody?: string };
    return { theme: record.themeAtBody, background: record.backgroundAtBody };
  });
}

const white = 'rgb(255, 255, 255)';
const dark = 'rgb(16, 16, 20)';

test('the Persian theme toggle is named, pressed when dark, and survives a reload without a flash', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await watchFirstPaint(page);
  await page.goto('/about');
  expect(await firstPaint(page)).toEqual({ theme: 'light', background: white });

  const toggle = page.getByRole('button', { name: 'حالت تاریک' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  expect(await firstPaint(page)).toEqual({ theme: 'dark', background: dark });
  await expect(page.getByRole('button', { name: 'حالت تاریک' })).toHaveAttribute('aria-pressed', 'true');
});

test('the English page follows the system preference until the viewer chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await watchFirstPaint(page);
  await page.goto('/en/about');
  expect(await firstPaint(page)).toEqual({ theme: 'dark', background: dark });
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  // Still no choice: a change of system preference is followed live.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  expect(await firstPaint(page)).toEqual({ theme: 'light', background: white });
  // The system still prefers dark; the stored choice wins.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
