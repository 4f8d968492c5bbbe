import { expect, test } from '@playwright/test';

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
