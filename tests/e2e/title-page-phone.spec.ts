import { expect, test } from '@playwright/test';
import { langs, local } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24, viewer items on title pages. An upcoming screening (item 4) is a countdown and an offer,
 * never a "not available" box. The main actions of a title page (item 13: watch, trailer, buy, cafes,
 * what opens the title, like, dislike, favourite) are touch targets of at least 44x44 px on a 320 px phone.
 */

const notYet = { fa: 'در حال حاضر در دسترس نیست', en: 'Not available at this time.' } as const;
const startsIn = { fa: 'تا شروع اکران', en: 'Starts in' } as const;

for (const lang of langs) {
  test(`${lang}: an upcoming screening counts down and offers its ticket, with no error box`, async ({
    page,
    request,
  }) => {
    const id = await productIdOf(request, 'The Orange Grove', 'the-orange-grove-live');
    await page.goto(local(`/lives/${id}`, lang));
    await expect(page.getByText(startsIn[lang])).toBeVisible();
    await expect(page.locator('[data-buy]')).toBeVisible();
    await expect(page.locator('[data-availability]')).toHaveCount(0);
    await expect(page.getByText(notYet[lang])).toHaveCount(0);
  });

  test(`${lang}: the main actions of title pages are at least 44x44 px at 320 px`, async ({
    browser,
    request,
  }) => {
    const titles = [
      `/movies/${await productIdOf(request, 'A Separation', 'a-separation')}`,
      `/lives/${await productIdOf(request, 'The Orange Grove', 'the-orange-grove-live')}`,
    ];
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    for (const path of titles) {
      await page.goto(local(path, lang));
      const actions = page.locator(
        '[data-title-actions] :is(a, button):visible, [data-title-actions] ~ * [role="group"] button:visible',
      );
      // Watch or buy, the trailer, what opens it, like, dislike and favourite at the least.
      expect(await actions.count(), path).toBeGreaterThanOrEqual(5);
      const small = await actions.evaluateAll((elements) =>
        elements
          .map((element) => {
            const box = element.getBoundingClientRect();
            return {
              text: element.textContent?.trim(),
              width: Math.round(box.width),
              height: Math.round(box.height),
            };
          })
          .filter((box) => box.width < 44 || box.height < 44),
      );
      expect(small, path).toEqual([]);
      // Nothing of the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await context.close();
  });
}
