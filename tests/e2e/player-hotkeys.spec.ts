import { expect, test, type Page } from '@playwright/test';
import { currentTime, grant, newViewer, pressPlayAndWait, productIdOf } from './player-helpers';

/**
 * Issue 25, watching: a double click (or double tap) on the picture toggles full screen, ↑/↓ change the
 * volume and say the new level, "?" opens the list of shortcuts as a modal dialog, and a screening
 * never offers to skip its intro.
 */

const inFullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);
const volume = (page: Page) => page.evaluate(() => document.querySelector('video')?.volume ?? -1);

test('en, desktop: double click goes full screen, arrows set the volume, ? lists the shortcuts', async ({
  browser,
  request,
}) => {
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/play/${await productIdOf(request, 'The Salesman', 'the-salesman')}`);
  await pressPlayAndWait(page, 1);

  await page.locator('[data-picture]').dblclick();
  await expect.poll(() => inFullscreen(page)).toBe(true);
  await page.locator('[data-picture]').dblclick();
  await expect.poll(() => inFullscreen(page)).toBe(false);

  // ↓ twice from full volume: 80 %, shown and announced in a status region; ↑ back up.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => volume(page)).toBeCloseTo(0.8);
  await expect(page.getByRole('status').filter({ hasText: 'Volume 80%' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => volume(page)).toBeCloseTo(0.9);
  await expect(page.getByRole('status').filter({ hasText: 'Volume 90%' })).toBeVisible();

  // "?" opens the shortcuts; Tab stays inside the dialog; Escape closes it and the shortcuts work again.
  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Volume up');
  await expect(help).toContainText('Full screen');
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press('Tab');
    expect(await help.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  // Keys do not reach the player behind the dialog.
  const before = await currentTime(page);
  await page.keyboard.press('l');
  expect(await currentTime(page)).toBeLessThan(before + 5);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => volume(page)).toBeCloseTo(0.8);
  await viewer.context.close();
});

test('fa, phone: a double tap goes full screen and the shortcuts list is in Persian', async ({
  browser,
  request,
}) => {
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    extraHTTPHeaders: { 'X-Forwarded-For': viewer.address },
  });
  await phone.addInitScript((value) => localStorage.setItem('token', value), viewer.token);
  const page = await phone.newPage();
  await page.goto(`/play/${await productIdOf(request, 'The Salesman', 'the-salesman')}`);
  await pressPlayAndWait(page, 1);

  const picture = page.locator('[data-picture]');
  const box = (await picture.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.touchscreen.tap(x, y);
  await page.touchscreen.tap(x, y);
  // Stays in full screen (the browser's own dblclick after the taps does not toggle it back).
  await page.waitForTimeout(700);
  await expect.poll(() => inFullscreen(page)).toBe(true);
  await page.touchscreen.tap(x, y);
  await page.touchscreen.tap(x, y);
  await expect.poll(() => inFullscreen(page)).toBe(false);

  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'میان‌برهای صفحه‌کلید' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('صدا بلندتر');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await phone.close();
  await viewer.context.close();
});

test('a running screening never offers to skip its intro', async ({ browser, request }) => {
  const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'ticket', product_id: id });
  const page = await viewer.context.newPage();
  await page.goto(`/en/lives/play/${id}`);
  const info = page.waitForResponse((response) => response.url().includes('/live-play-info/'));
  await pressPlayAndWait(page, 0.5);
  const body = (await (await info).json()) as { markers: { intro: unknown } };
  expect(body.markers.intro).toBeNull();
  // Through what would be the intro of the stream it plays: no button.
  await page.mouse.move(400, 300);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.locator('[data-skip-intro]')).toHaveCount(0);
  await viewer.context.close();
});
