import { expect, test, type Page } from '@playwright/test';
import { grant, newViewer, pressPlay, productIdOf } from './player-helpers';

/**
 * Everyone on the same frame (issue 30): viewers of a running screening show the frame whose program
 * date is the server's now. The server runs on this machine, so the page's own clock is the server's:
 * the drift read here (the program time on screen against that clock, taken in the same tick) does not
 * rely on the player's estimate of the server's clock.
 */

/** The last tick's drift from the schedule in ms, or null when no tick measured lately (paused, loading). */
const drift = (page: Page) =>
  page.evaluate(() => {
    const data = document.querySelector('video')?.dataset;
    if (!data?.['programTime'] || !data['syncWall']) return null;
    if (Date.now() - Number(data['syncWall']) > 600) return null;
    return Number(data['programTime']) - Number(data['syncWall']);
  });

/**
 * The median of a few readings half a second apart: one late tick on a busy machine is not the player.
 * Infinite when fewer than three ticks measured (not playing on the schedule at all).
 */
async function settledDrift(page: Page): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const value = await drift(page);
    if (value !== null) readings.push(value);
    await page.waitForTimeout(500);
  }
  if (readings.length < 3) return Infinity;
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)]!;
}

/**
 * Within `timeout` the drift settles within `bound` ms: the median of a few readings, not one reading
 * taken on the way down (a viewer still converging from 300 ms passes 150 once before it gets there).
 */
async function converges(page: Page, bound: number, timeout: number): Promise<void> {
  await expect
    .poll(async () => Math.abs(await settledDrift(page)), { timeout, intervals: [0] })
    .toBeLessThanOrEqual(bound);
}

test('two viewers of a running screening show the schedule’s frame; one sent away or paused comes back', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await productIdOf(request, 'Tehran Nights', 'tehran-nights-live');
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'ticket', product_id: id });
  const pages = [await viewer.context.newPage(), await viewer.context.newPage()];
  for (const page of pages) {
    await page.goto(`/en/lives/play/${id}`);
    await pressPlay(page);
  }
  // Within 150 ms of the schedule a few seconds after they play (the benchmark measures the tails).
  for (const page of pages) await converges(page, 150, 20_000);
  const [a, b] = await Promise.all(pages.map(settledDrift));
  expect(Math.abs(a! - b!)).toBeLessThanOrEqual(200);

  // The clock was measured against the server (GET /api/v1/time), not taken from the page's render.
  const measured = await pages[0]!.evaluate(async () => {
    const response = await fetch('/api/v1/time', { cache: 'no-store' });
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      body: await response.json(),
    };
  });
  expect(measured.status).toBe(200);
  expect(measured.cache).toBe('no-store');
  expect(Math.abs((measured.body as { now: number }).now - Date.now())).toBeLessThan(2_000);

  // Sent 5 s back (as a stall would leave it), it seeks back to the schedule.
  const [first, second] = pages as [Page, Page];
  await first.evaluate(() => {
    const video = document.querySelector('video')!;
    video.currentTime -= 5;
  });
  await converges(first, 150, 10_000);

  // Paused for 3 s, it resumes at the moment everyone else is watching, not where it stopped.
  await second.evaluate(() => document.querySelector('video')!.pause());
  await second.waitForTimeout(3_000);
  await second.evaluate(() => void document.querySelector('video')!.play());
  await converges(second, 150, 10_000);
  await viewer.context.close();
});
