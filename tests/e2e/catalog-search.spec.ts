import { expect, test, type Page } from '@playwright/test';

/** The search page works as a plain GET form: filters in the URL, server-rendered results, paging. */
async function resultCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
}

for (const locale of ['fa', 'en'] as const) {
  const fa = locale === 'fa';
  const path = fa ? '/search' : '/en/search';
  const l = fa
    ? {
        genre: 'ژانر',
        kind: 'گونه',
        series: 'سریال',
        subtitle: 'فقط عناوین زیرنویس‌دار',
        submit: 'جستجو',
        q: 'عنوان یا نام عوامل',
        next: 'صفحه بعد',
      }
    : {
        genre: 'Genre',
        kind: 'Type',
        series: 'Series',
        subtitle: 'Only titles with subtitles',
        submit: 'Search',
        q: 'Title or people',
        next: 'Next page',
      };

  test(`${locale}: filters are reflected in the URL and change the results`, async ({ page }) => {
    await page.goto(path);
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(24);
    if (fa) await expect(page.locator('[data-result-count]')).toHaveText(/^[۰-۹]+ نتیجه$/);
    // More than one page: a rel=next link that keeps the filters.
    await expect(page.getByRole('link', { name: l.next })).toHaveAttribute('rel', 'next');

    const genre = page.getByLabel(l.genre);
    const value = await genre.locator('option').nth(1).getAttribute('value');
    await genre.selectOption(value ?? '');
    await page.getByLabel(l.subtitle).check();
    await page.getByRole('button', { name: l.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`genre=${value}.*has_subtitle=1`));
    const filtered = await resultCount(page);
    expect(filtered).toBeLessThan(all);
    // The form shows what the URL says.
    await expect(page.getByLabel(l.genre)).toHaveValue(value ?? '');
    await expect(page.getByLabel(l.subtitle)).toBeChecked();
  });

  test(`${locale}: the kind filter keeps one kind of title, in the URL and the form`, async ({ page }) => {
    await page.goto(path);
    await page.getByLabel(l.kind).selectOption('series');
    await page.getByRole('button', { name: l.submit, exact: true }).click();
    await expect(page).toHaveURL(/[?&]kind=series(&|$)/);
    await expect(page.getByLabel(l.kind)).toHaveValue('series');
    expect(await resultCount(page)).toBe(10);
    const hrefs = await page
      .locator('main ul a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBe(10);
    for (const href of hrefs) expect(href).toMatch(fa ? /^\/series\/\d+$/ : /^\/en\/series\/\d+$/);
    // Every card says its kind.
    await expect(page.locator('main ul article p').first()).toContainText(l.series);
  });

  test(`${locale}: a text search finds a title however it is typed`, async ({ page }) => {
    const query = fa ? 'جدايي' : 'separation';
    await page.goto(`${path}?q=${encodeURIComponent(query)}`);
    await expect(page.getByLabel(l.q)).toHaveValue(query);
    expect(await resultCount(page)).toBeGreaterThan(0);
    await expect(page.locator('main ul a').first()).toHaveAttribute('href', /\/movies\/\d+$/);
  });
}

test('cards show the release year of the page calendar, before Nowruz too', async ({ page }) => {
  // A Separation came out on 2011-03-16, five days before Nowruz: Solar Hijri 1389, not 2011 - 621.
  await page.goto('/search?q=separation&kind=film');
  const card = page.locator('main ul article', { hasText: 'جدایی نادر از سیمین' });
  await expect(card.locator('p').first()).toContainText('۱۳۸۹');
  await page.goto('/en/search?q=separation&kind=film');
  await expect(
    page.locator('main ul article', { hasText: 'A Separation' }).locator('p').first(),
  ).toContainText('2011');
});

test('fa: Solar Hijri years filter by release date', async ({ page }) => {
  await page.goto('/search?from=۱۳۹۰&to=1390');
  await expect(page.getByLabel('از سال')).toHaveValue('۱۳۹۰');
  const solar = await resultCount(page);
  await page.goto('/search?from=2011-03-21&to=2012-03-19');
  expect(await resultCount(page)).toBe(solar);
});
