import { expect, test, type Page } from '@playwright/test';
import { currentTime, newViewer, productIdOf } from './player-helpers';

/**
 * Issue 25: a tap in the first moments after load, before the island under it has hydrated, is not
 * lost. The island's code is held back here, as a slow phone network would, and the tap comes first.
 */

/** Holds every request for an island's chunk (and only its own) for `ms`. */
async function slowChunk(page: Page, name: string, ms: number): Promise<void> {
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('fa, phone: a tap on play before the player has hydrated starts the trailer', async ({
  browser,
  request,
}) => {
  const id = await productIdOf(request, 'A Separation', 'a-separation');
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  await slowChunk(page, 'PlayerIsland', 3_000);
  await page.goto(`/play-preview/${id}`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-play]').tap();
  // The tap came while the island was still the server's markup.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await phone.close();
});

test('en, desktop: presses on an island that loads on the first press are all kept', async ({
  browser,
  request,
}) => {
  const viewer = await newViewer(browser, request);
  const id = await productIdOf(request, 'About Elly', 'about-elly');
  const page = await viewer.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await slowChunk(page, 'TitleActions', 2_500);
  await page.goto(`/en/movies/${id}`);
  const like = page.getByRole('button', { name: /^Like/ });
  const favorite = page.getByRole('button', { name: 'Add to favorites' });
  // The first press loads the island; the second comes while its code is still on the way.
  await like.click();
  await favorite.click();
  await expect(page.locator('astro-island[ssr] [data-reaction="like"]')).toHaveCount(1);
  await expect(like).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'In favorites' })).toHaveAttribute('aria-pressed', 'true');
  await viewer.context.close();
});
