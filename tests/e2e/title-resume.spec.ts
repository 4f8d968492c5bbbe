import { expect, test, type APIRequestContext } from '@playwright/test';
import { currentTime, grant, newViewer, pressPlay, productIdOf, type Viewer } from './player-helpers';

/**
 * Issue 25, watching: a title page says where the viewer's profile left off ("Resume from 0:42", or
 * which episode of a series) and watching starts there. The page is the same for everyone; the line is
 * the profile's own, fetched after load, so another visitor's copy never shows it.
 */

async function saveWatchTime(
  request: APIRequestContext,
  viewer: Viewer,
  data: { product_id: number; episode_id?: number; position: number },
): Promise<void> {
  const reply = await request.post('/api/v1/core/save-watch-time', {
    data: { ...data, duration: 60 },
    headers: { Authorization: `Bearer ${viewer.token}`, 'X-Forwarded-For': viewer.address },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

test('en, desktop: a film says where to resume and Watch plays from there; nobody else sees it', async ({
  browser,
  request,
}) => {
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const id = await productIdOf(request, 'The Salesman', 'the-salesman');
  await saveWatchTime(request, viewer, { product_id: id, position: 42 });

  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/movies/${id}`);
  await expect(page.getByRole('link', { name: 'Resume from 0:42' })).toBeVisible();
  await page.locator('[data-watch]').click();
  await pressPlay(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(41);

  // The page as anyone gets it holds no resume line, and a visitor without the token sees none.
  const html = await (await request.get(`/en/movies/${id}`)).text();
  expect(html).not.toContain('Resume from');
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(`/en/movies/${id}`);
  await expect(other.locator('[data-watch]')).toBeVisible();
  await other.waitForLoadState('networkidle');
  await expect(other.locator('[data-resume]')).toHaveCount(0);
  await stranger.close();
  await viewer.context.close();
});

test('fa, phone: a series says which episode to resume, and the link plays it from there', async ({
  browser,
  request,
}) => {
  const viewer = await newViewer(browser, request);
  await grant(request, viewer.phone, { type: 'subscription', days: 30 });
  const id = await productIdOf(request, 'On Tiptoes', 'pavarchin');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/series/${id}`);
  const third = await page.locator(`a[href^="/play/${id}?episode="]`).nth(2).getAttribute('href');
  const episode = Number(new URL(third!, 'http://x').searchParams.get('episode'));
  await saveWatchTime(request, viewer, { product_id: id, episode_id: episode, position: 25 });

  await page.reload();
  const resume = page.getByRole('link', { name: 'ادامهٔ فصل ۱ قسمت ۳ از ۰:۲۵' });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect(page).toHaveURL(new RegExp(`/play/${id}\\?episode=${episode}$`));
  await pressPlay(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(24);
  await viewer.context.close();
});
