import { expect, test } from '@playwright/test';

/**
 * Search on a phone (issue 25): the filters fold into a sheet under a button that counts the filters in
 * force, so after a filtered search the results are the first thing on the screen; a desktop shows the
 * filters beside the results without a button.
 */

const words = {
  fa: {
    path: '/search',
    sheet: 'فیلترها',
    genre: 'ژانر',
    subtitle: 'فقط عناوین زیرنویس‌دار',
    apply: 'نمایش نتایج',
    two: 'فیلترها (۲)',
  },
  en: {
    path: '/en/search',
    sheet: 'Filters',
    genre: 'Genre',
    subtitle: 'Only titles with subtitles',
    apply: 'Show results',
    two: 'Filters (2)',
  },
} as const;

for (const lang of ['fa', 'en'] as const) {
  const w = words[lang];

  test(`${lang}: at 360 px the first result is in view after a filtered search`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(w.path);
    const sheet = page.locator('[data-search-filters] > summary');
    await expect(sheet).toHaveText(w.sheet);
    // Folded: the filters take no room until asked for.
    await expect(page.getByLabel(w.genre)).toBeHidden();
    await sheet.click();
    const genre = page.getByLabel(w.genre);
    const value = await genre.locator('option').nth(1).getAttribute('value');
    await genre.selectOption(value ?? '');
    await page.getByLabel(w.subtitle).check();
    await page.getByRole('button', { name: w.apply }).click();
    await expect(page).toHaveURL(new RegExp(`genre=${value}.*has_subtitle=1`));

    await expect(page.locator('[data-search-filters] > summary')).toHaveText(w.two);
    await expect(page.getByLabel(w.genre)).toBeHidden();
    const first = page.locator('[data-result-count] + ul > li').first();
    await expect(first).toBeInViewport();
    // The whole first card, not just its top edge.
    await expect(first).toBeInViewport({ ratio: 1 });
    await context.close();
  });

  test(`${lang}: on a desktop the filters stand beside the results, without a button`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${w.path}?has_subtitle=1`);
    await expect(page.locator('[data-search-filters] > summary')).toBeHidden();
    const genre = page.getByLabel(w.genre);
    await expect(genre).toBeVisible();
    const first = page.locator('[data-result-count] + ul > li').first();
    await expect(first).toBeInViewport();
    const filters = await genre.boundingBox();
    const card = await first.boundingBox();
    // Side by side: the filters' column and the first card share a band of the screen.
    expect(filters!.y).toBeLessThan(card!.y + card!.height);
    // Persian puts the filters on the right, English on the left.
    if (lang === 'fa') expect(filters!.x).toBeGreaterThan(card!.x);
    else expect(filters!.x).toBeLessThan(card!.x);
    await context.close();
  });
}
