import { expect, test } from '@playwright/test';
import { langs, local } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24, viewer items on title pages. An upcoming screening (item 4) is a countdown and an offer,
 * never a "not available" box.
 */

const notYet = { fa: 'در حال حاضر در دسترس نیست', en: 'not available at this time' } as const;
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
}
