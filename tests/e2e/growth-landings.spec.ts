import { expect, test } from '@playwright/test';
import { localPath, locales } from '~/lib/locale';

/** The three demo campaigns, composed from their content files, in both languages (issue 16). */
for (const locale of locales) {
  test(`${locale}: the campaign landings lead to real targets`, async ({ page, request }) => {
    await page.goto(localPath('/landing1', locale));
    await expect(page.locator('article[data-campaign="nowruz-1405"] h1')).toBeVisible();
    await expect(page.locator('main code', { hasText: 'DEMO-20' })).toBeVisible();
    const offers = page.locator(`main a[href="${localPath('/subscribe?code=DEMO-20', locale)}"]`);
    expect(await offers.count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('main details').first()).toBeVisible();
    await expect(page.locator('main figure blockquote').first()).toBeVisible();
    await expect(page.locator('footer')).toHaveCount(0);

    await page.goto(localPath('/landing2', locale));
    const festival = page.locator(`main a[href^="${localPath('/festivals/', locale)}"]`).first();
    const href = await festival.getAttribute('href');
    expect((await request.get(href!)).status()).toBe(200);
    expect(await page.locator('main ul li a[href*="/movies/"]').count()).toBe(4);

    await page.goto(localPath('/landing3', locale));
    await expect(page.locator('[data-countdown]')).toBeVisible();
    await expect(page.locator('main time[datetime]')).toBeVisible();
    const ticket = page.locator(`main a[href^="${localPath('/lives/', locale)}"]`).first();
    expect((await request.get((await ticket.getAttribute('href'))!)).status()).toBe(200);

    expect((await request.get(localPath('/landing9', locale))).status()).toBe(404);
  });
}
