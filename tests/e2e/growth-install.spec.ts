import { expect, test } from '@playwright/test';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '5.160.0.1' } });

test('each language links its own web app manifest, valid and with icons that load', async ({
  page,
  request,
}) => {
  for (const [path, lang, dir] of [
    ['/', 'fa', 'rtl'],
    ['/en/about', 'en', 'ltr'],
  ] as const) {
    await page.goto(path);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await request.get(href!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ lang, dir, display: 'standalone' });
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  }
});

test('the downloads page offers the web app beside the stores', async ({ page }) => {
  await page.goto('/en/downloads');
  await expect(page.getByRole('heading', { name: 'Web app' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get it from a store' })).toBeVisible();
});

for (const [path, heading] of [
  ['/en/search', "You're offline"],
  ['/movies', 'اتصال برقرار نیست'],
] as const) {
  test(`with the network gone, ${path} answers the offline page in its language`, async ({
    page,
    context,
  }) => {
    await page.goto(path.startsWith('/en') ? '/en/about' : '/about');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: /Try again|دوباره/ })).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading);
  });
}

test('the service worker keeps nothing but the offline pages', async ({ page }) => {
  await page.goto('/en/subscribe');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto('/en');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
    }
    return urls.sort();
  });
  expect(kept).toEqual(['/en/offline', '/offline']);
});
