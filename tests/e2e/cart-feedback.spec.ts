import { expect, test } from '@playwright/test';
import { langs, local, newBuyer, phone360 } from './commerce-helpers';

/**
 * Issue 24, item 12: after "add to cart" the viewer sees that the item was added, where they are
 * looking. On a 360 px phone the button is below the fold and the shop header (where the drawer opens)
 * is scrolled away: a toast at the top of the screen says so, with a link to the cart. On a desktop the
 * drawer peeks below the header, then closes by itself (SPEC §4).
 */

const words = {
  fa: {
    tote: 'کیف پارچه‌ای سینماخانه',
    add: 'افزودن به سبد',
    added: 'به سبد خرید اضافه شد.',
    cart: 'دیدن سبد',
  },
  en: { tote: 'Cinemakhaneh tote bag', add: 'Add to cart', added: 'Added to your cart.', cart: 'View cart' },
} as const;

for (const lang of langs) {
  test(`${lang}: on a 360 px phone, "add to cart" below the fold is answered where the viewer looks`, async ({
    browser,
    request,
  }) => {
    const w = words[lang];
    const { page } = await newBuyer(browser, request, lang, { signedIn: false, viewport: phone360 });
    await page.goto(local('/shop', lang));
    await page.getByRole('link', { name: w.tote }).click();
    const add = page.getByRole('button', { name: w.add });
    await add.scrollIntoViewIfNeeded();
    // The case of the issue: the shop header, where the drawer opens, is out of sight.
    await expect(page.locator('[data-cart-button]')).not.toBeInViewport();
    await add.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: w.added });
    await expect(toast).toBeInViewport();
    const link = toast.getByRole('link', { name: w.cart });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${local('/shop/cart', lang)}$`));
    await expect(page.locator('main [data-cart-line]')).toHaveCount(1);
  });
}

test('en: on a desktop the drawer peeks below the header and closes by itself', async ({
  browser,
  request,
}) => {
  const { page } = await newBuyer(browser, request, 'en', {
    signedIn: false,
    viewport: { width: 1280, height: 800 },
  });
  await page.goto('/en/shop');
  await page.getByRole('link', { name: words.en.tote }).click();
  await page.getByRole('button', { name: words.en.add }).click();
  const drawer = page.locator('[data-cart-drawer]');
  await expect(drawer).toBeInViewport();
  await expect(drawer.getByRole('link', { name: words.en.tote })).toBeVisible();
  await expect(drawer).toBeHidden({ timeout: 8000 });
});
