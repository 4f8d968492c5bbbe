import { expect, test, type Page } from '@playwright/test';
import { toPersianDigits } from './auth-helpers';
import { grant, newViewer, playerReady, pressPlay, productIdOf } from './player-helpers';

/**
 * Online screenings: before the start the page counts down by the server's clock; during it every
 * viewer sees the same moment (a live playlist with program dates), and a ticket code typed at
 * /lives/play plays its screening.
 */

const programTime = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('video')?.dataset['programTime'] ?? 0));

test('fa: an upcoming screening counts down', async ({ page, request }) => {
  const id = await productIdOf(request, 'Kamkars', 'kamkars-night-live');
  await page.goto(`/lives/play/${id}`);
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  await expect(page.getByText('تا آغاز اکران')).toBeVisible();
  const first = await timer.textContent();
  // The seconds tick (Persian digits), and the countdown is about 12 hours.
  await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
  expect(first).toContain(toPersianDigits('11'));
});

test('two viewers of a running screening see the same moment', async ({ browser, request }) => {
  // Two live players side by side, each buffering to the shared live position: slow on a busy machine.
  test.setTimeout(90_000);
  const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'ticket', product_id: id });
  const pages = [await viewer.context.newPage(), await viewer.context.newPage()];
  for (const page of pages) {
    await page.goto(`/en/lives/play/${id}`);
    await pressPlay(page);
  }
  for (const page of pages) {
    await expect.poll(() => programTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByText('Live', { exact: true })).toBeAttached();
  }
  // Let both settle on the schedule, then compare the wall-clock moments (screening-sync measures closer).
  await pages[0]!.waitForTimeout(3_000);
  const [a, b] = await Promise.all(pages.map(programTime));
  expect(Math.abs(a! - b!)).toBeLessThan(3_000);
  // Each is within seconds of now on the server's clock.
  expect(Math.abs(Date.now() - a!)).toBeLessThan(30_000);
  await viewer.context.close();
});

test('en: a ticket code typed at /lives/play plays its screening', async ({ browser, request }) => {
  const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
  const code = await grant(request, null, { type: 'ticket', product_id: id, owned: false });
  expect(code).toBeTruthy();
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.1' } });
  const page = await context.newPage();
  await page.goto('/en/lives/play');
  await expect(page.locator('header[data-shell="main-header"]')).toHaveCount(0);
  await playerReady(page);
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => programTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await context.close();
});

test('fa: a screening that is over says so', async ({ page, request }) => {
  await page.goto(`/lives/play/${await productIdOf(request, 'Winter Letters', 'winter-letters-live')}`);
  await pressPlay(page);
  await expect(page.locator('[data-player-error]')).toContainText('این اکران به پایان رسیده است');
});
