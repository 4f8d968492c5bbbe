import { expect, test, type Page } from '@playwright/test';
import { currentTime, grant, newViewer, pressPlayAndWait, productIdOf } from './player-helpers';

/**
 * Issue 25, watching: at an episode's end (its credits, 50 s into the demo's 60 s streams) the next
 * episode counts down and starts by itself in the same player; the viewer can start it at once or
 * cancel, and a profile can turn the countdown off (only the "Next episode" button is left).
 */

/** Near the credits of the episode playing. */
const toCredits = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video')!;
    video.currentTime = 48;
  });

test('fa, desktop: the next episode starts by itself after the countdown', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const id = await productIdOf(request, 'On Tiptoes', 'pavarchin');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/series/${id}`);
  await page.locator('[data-watch]').click();
  await pressPlayAndWait(page, 1);
  const first = new URL(page.url()).searchParams.get('episode');

  await toCredits(page);
  const nextUp = page.getByRole('region', { name: /^قسمت بعد: فصل ۱ قسمت ۲ «.+»$/ });
  await expect(nextUp).toBeVisible({ timeout: 10_000 });
  await expect(nextUp).toContainText(/پخش تا [۱-۸] ثانیه دیگر/);
  await expect(nextUp.getByRole('button', { name: 'همین حالا پخش شود' })).toBeVisible();
  await expect(nextUp.getByRole('button', { name: 'لغو' })).toBeVisible();

  // Nobody presses anything: the second episode plays from its start in this player.
  await expect(page).toHaveURL(/[?&]episode=\d+/, { timeout: 15_000 });
  const second = new URL(page.url()).searchParams.get('episode');
  expect(second).not.toBe(first);
  await expect(nextUp).toBeHidden();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await currentTime(page)).toBeLessThan(20);
  await expect(page.locator('video')).toHaveJSProperty('paused', false);
  await viewer.context.close();
});

test('en, phone: the countdown is cancelled by keyboard, and a profile turns it off', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const id = await productIdOf(request, 'On Tiptoes', 'pavarchin');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/en/play/${id}`);
  await pressPlayAndWait(page, 1);

  await toCredits(page);
  const nextUp = page.getByRole('region', { name: /^Next episode: S1E2 .+$/ });
  await expect(nextUp).toBeVisible({ timeout: 10_000 });
  // "Play now" has the focus: Enter would start it; Tab reaches Cancel, and Enter cancels.
  await expect(nextUp.getByRole('button', { name: 'Play now' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nextUp.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nextUp).toBeHidden();
  // Past the countdown's length nothing moved; the plain button to the next episode is still there.
  await page.waitForTimeout(9_000);
  expect(new URL(page.url()).searchParams.get('episode')).toBeNull();
  await page.mouse.move(100, 300);
  await expect(page.getByRole('link', { name: /^Next episode: / })).toBeVisible();

  // The profile turns it off on the profiles page: the end of an episode only offers the button.
  await page.goto('/en/account/profiles');
  await page.locator('[data-profile-id]').first().getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit profile' });
  const autoplay = edit.getByLabel('Play the next episode automatically at the end of an episode');
  await expect(autoplay).toBeChecked();
  await autoplay.uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await page.goto(`/en/play/${id}`);
  await pressPlayAndWait(page, 1);
  await toCredits(page);
  await page.mouse.move(100, 300);
  await expect(page.getByRole('link', { name: /^Next episode: / })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[data-next-up]')).toHaveCount(0);
  await viewer.context.close();
});
