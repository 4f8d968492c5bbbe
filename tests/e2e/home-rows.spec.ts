import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Issue 25: on a desktop the home page's rows scroll with arrow buttons as well as by swipe. Each
 * button shows only while there is more that way, and "next" brings in the cards that wait at the
 * line's end: on the left in Persian, on the right in English. Phones swipe and get no buttons.
 */
const words = {
  fa: { next: (row: string) => `عنوان‌های بعدی «${row}»`, back: (row: string) => `عنوان‌های قبلی «${row}»` },
  en: { next: (row: string) => `Next in “${row}”`, back: (row: string) => `Previous in “${row}”` },
} as const;

/** The home page's first row of cards (the editors' picks) and its arrows, named after its heading. */
async function firstRow(page: Page, locale: 'fa' | 'en') {
  const region = page.locator('section', { has: page.locator('[data-row]') }).first();
  const title = (await region.getByRole('heading').first().textContent())!.trim();
  return {
    region,
    next: region.getByRole('button', { name: words[locale].next(title), exact: true }),
    back: region.getByRole('button', { name: words[locale].back(title), exact: true }),
  };
}

/**
 * Presses an arrow and waits until the row's smooth scroll has ended, so the arrows have been updated
 * before the next look: on a busy machine a scroll can outlast any fixed wait.
 */
async function press(arrow: Locator, row: Locator) {
  const ended = row.evaluate(
    (element) =>
      new Promise<void>((done) => element.addEventListener('scrollend', () => done(), { once: true })),
  );
  await arrow.click();
  await ended;
}

for (const locale of ['fa', 'en'] as const) {
  const home = locale === 'fa' ? '/' : '/en';

  test.describe(`${locale}, 1280 px`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('a row scrolls with its arrows, each shown while there is more that way', async ({ page }) => {
      await page.goto(home);
      const { region, next, back } = await firstRow(page, locale);
      const row = region.locator('[data-row]');
      const cards = row.locator(':scope > li');
      await expect(next).toBeVisible();
      await expect(back).toBeHidden();
      const first = cards.first();
      const start = (await first.boundingBox())!.x;

      await press(next, row);
      await expect(back).toBeVisible();
      // The first card left towards the line's start: the right in Persian, the left in English.
      const towardsStart = locale === 'fa' ? 1 : -1;
      await expect
        .poll(async () => ((await first.boundingBox())!.x - start) * towardsStart)
        .toBeGreaterThan(150);

      // Forward to the end: the "next" arrow goes, the "previous" one brings the start back.
      for (let presses = 0; presses < 20 && (await next.isVisible()); presses++) await press(next, row);
      await expect(next).toBeHidden();
      const last = (await cards.last().boundingBox())!;
      const box = (await row.boundingBox())!;
      expect(last.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);

      for (let presses = 0; presses < 20 && (await back.isVisible()); presses++) await press(back, row);
      await expect(back).toBeHidden();
      await expect(next).toBeVisible();
      await expect.poll(async () => Math.abs((await first.boundingBox())!.x - start)).toBeLessThanOrEqual(1);
    });
  });

  test.describe(`${locale}, 360 px`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('a phone swipes the rows and shows no arrows', async ({ page }) => {
      await page.goto(home);
      const { region, next, back } = await firstRow(page, locale);
      await expect(region.getByRole('listitem').first()).toBeVisible();
      await expect(next).toBeHidden();
      await expect(back).toBeHidden();
    });
  });
}
