import { expect, test } from '@playwright/test';

/** Home → a title → its page: facts, trailer button, structured data and share tags, in both languages. */
const cases = [
  {
    locale: 'fa',
    home: '/',
    trailer: 'تماشای پیش‌نمایش',
    watch: 'تماشا',
    dir: 'rtl',
    credits: 'عوامل',
    director: 'کارگردان',
  },
  {
    locale: 'en',
    home: '/en',
    trailer: 'Watch the trailer',
    watch: 'Watch',
    dir: 'ltr',
    credits: 'Cast and crew',
    director: 'Director',
  },
] as const;

for (const c of cases) {
  test(`${c.locale}: browse the home page to a film and find its trailer button`, async ({ page }) => {
    await page.goto(c.home);
    await expect(page.locator('html')).toHaveAttribute('dir', c.dir);
    // The first slide's cover is the only eager, high-priority picture.
    await expect(page.locator('img[fetchpriority=high]')).toHaveCount(1);
    await expect(page.locator('main img[loading=lazy]').first()).toHaveAttribute('width', /\d+/);
    const rows = page.locator('main section[aria-labelledby^="row-"]');
    expect(await rows.count()).toBeGreaterThan(2);
    // A "more" link per row leads to the search page with the row's filter.
    await expect(
      page.locator(`main a[href^="${c.locale === 'fa' ? '/search' : '/en/search'}?genre="]`).first(),
    ).toBeVisible();

    const film = rows.locator(`a[href^="${c.locale === 'fa' ? '/movies/' : '/en/movies/'}"]`).first();
    const name = (await film.innerText()).trim();
    await film.click();
    await expect(page).toHaveURL(/\/movies\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const trailer = page.getByRole('link', { name: c.trailer });
    await expect(trailer).toBeVisible();
    await expect(trailer).toHaveAttribute('href', /\/play-preview\/\d+$/);
    // A title that may be watched here and now leads to its player; one that may not says why instead.
    const id = /\/movies\/(\d+)$/.exec(page.url())?.[1];
    const watch = page.getByRole('link', { name: c.watch, exact: true });
    if ((await page.locator('[data-availability]').count()) === 0) {
      await expect(watch).toHaveAttribute('href', `${c.locale === 'fa' ? '' : '/en'}/play/${id}`);
    } else {
      await expect(watch).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { level: 2, name: c.credits })).toBeVisible();
    await expect(page.locator('dt', { hasText: c.director })).toBeVisible();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd['@type']).toBe('Movie');
    expect(jsonLd.name).toBe(name);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /cover-1280\.webp$/);
    const path = new URL(page.url()).pathname.replace(/^\/en/, '');
    await expect(page.locator('link[hreflang=fa]')).toHaveAttribute('href', new RegExp(`${path}$`));
    await expect(page.locator('link[hreflang=en]')).toHaveAttribute('href', new RegExp(`/en${path}$`));
  });
}

test('a series lists its seasons and episodes; an unknown id is the 404 page', async ({ page }) => {
  await page.goto('/search?category=tv-series');
  await page.locator('main a[href^="/series/"]').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'فصل‌ها و قسمت‌ها' })).toBeVisible();
  await expect(page.locator('main details').first()).toHaveAttribute('open', '');
  // Each episode's name plays that episode.
  const seriesId = /\/series\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.locator('main details').first().getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^/play/${seriesId}\\?episode=\\d+$`),
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('TVSeries');
  expect(jsonLd.numberOfSeasons).toBeGreaterThan(0);

  const missing = await page.goto('/movies/999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحه مورد نظر پیدا نشد');
  const english = await page.goto('/en/series/not-a-number');
  expect(english?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});
