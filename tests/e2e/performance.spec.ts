import { expect, test } from '@playwright/test';
import { productIdOf } from './player-helpers';

/** Content pages are HTML and CSS: no React, no island, no script file at all until someone interacts. */
for (const path of ['/', '/en', '/about', '/en/about', '/terms', '/en/landing1']) {
  test(`${path} loads no JavaScript file`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.mouse.move(10, 10);
    expect(scripts).toEqual([]);
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('link[rel=preload][as=font]')).toHaveAttribute('href', /\/_astro\/.+\.woff2$/);
  });
}

/** Title pages render their like, dislike and favorite buttons; React arrives with the first press. */
for (const locale of ['fa', 'en'] as const) {
  test(`a ${locale} title page loads no script before a press, and the first press acts`, async ({
    page,
    request,
  }) => {
    const id = await productIdOf(request, 'separation', 'a-separation');
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });
    await page.goto(locale === 'fa' ? `/movies/${id}` : `/en/movies/${id}`, { waitUntil: 'networkidle' });
    await page.mouse.move(10, 10);
    expect(scripts).toEqual([]);

    await page.locator('[data-favorite]').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
  });
}
