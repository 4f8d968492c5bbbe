import { expect, test } from '@playwright/test';
import { langs, local, phone360 } from './commerce-helpers';
import { productIdOf } from './player-helpers';

/**
 * Issue 24 (2): a title page and its card say what opens the title, from the player's rules, instead
 * of "included in subscription" on every title: A Hero is sold by purchase only, The Pear Tree by
 * nothing, A Separation by subscription or purchase, a festival by its pass, a screening by a ticket.
 * The buy button says "Buy" where no plan holds the title.
 */

const labels = {
  fa: {
    subscription: 'با اشتراک قابل تماشاست',
    purchaseOnly: 'فقط با خرید',
    none: 'فعلاً فروخته نمی‌شود',
    festival: 'با بلیت جشنواره',
    ticket: 'نیاز به خرید بلیت',
  },
  en: {
    subscription: 'Included in subscription',
    purchaseOnly: 'Purchase only',
    none: 'Not on sale',
    festival: 'With a festival pass',
    ticket: 'Ticket required',
  },
} as const;

const buttons = {
  fa: { buy: 'خرید', buyOrSubscribe: 'خرید یا اشتراک' },
  en: { buy: 'Buy', buyOrSubscribe: 'Buy or subscribe' },
} as const;

for (const lang of langs) {
  for (const [width, viewport] of [
    ['phone', phone360],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    test(`${lang}, ${width}: each title page says what opens it`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const says = labels[lang];
      const cases = [
        [`/movies/${await productIdOf(request, 'A Hero', 'a-hero')}`, [says.purchaseOnly]],
        [`/movies/${await productIdOf(request, 'The Pear Tree', 'the-pear-tree')}`, [says.none]],
        [`/movies/${await productIdOf(request, 'A Separation', 'a-separation')}`, [says.subscription]],
        [
          `/festivals/${await productIdOf(request, 'Kiarostami', 'kiarostami-retrospective')}`,
          [says.festival],
        ],
        [`/lives/${await productIdOf(request, 'Tehran Nights', 'tehran-nights-live')}`, [says.ticket]],
      ] as const;
      for (const [path, shown] of cases) {
        await page.goto(local(path, lang));
        const access = page.locator('main header [data-access]');
        for (const text of shown) await expect(access.filter({ hasText: text }), path).toBeVisible();
        if (!shown.includes(says.subscription as never)) {
          await expect(access.filter({ hasText: says.subscription }), path).toHaveCount(0);
        }
      }
      // The buy button promises no more than the labels: A Hero is bought, A Separation bought or
      // subscribed to.
      for (const [slug, search, button] of [
        ['a-hero', 'A Hero', buttons[lang].buy],
        ['a-separation', 'A Separation', buttons[lang].buyOrSubscribe],
      ] as const) {
        await page.goto(local(`/movies/${await productIdOf(request, search, slug)}`, lang));
        await expect(
          page.locator('main header').getByRole('button', { name: button, exact: true }),
        ).toBeVisible();
      }
      await context.close();
    });
  }

  test(`${lang}: a card says a title is sold by purchase only`, async ({ page }) => {
    await page.goto(local('/search?q=A%20Hero', lang));
    const card = page.locator('article', { has: page.getByRole('link', { name: /^(A Hero|قهرمان)$/ }) });
    await expect(card.first().locator('[data-access]')).toHaveText([labels[lang].purchaseOnly]);
  });
}
