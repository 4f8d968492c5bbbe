import { expect, test } from '@playwright/test';
import { toPersianDigits } from './auth-helpers';
import { langs, local } from './commerce-helpers';
import { shopIdOf } from './shop-helpers';
import { consolePage } from './staff-helpers';

/**
 * Goods and stock in the console (issue 17), both languages: shop staff find a record by its slug,
 * change its stock (typed in the page's digits) and price, and the shop sells exactly that many at
 * that price at once.
 */

const cases = {
  fa: {
    slug: 'vinyl-hamoun',
    find: 'جست‌وجو',
    search: 'نام یا نشانی کالا',
    single: 'یک‌گونه',
    stock: 'موجودی',
    price: 'قیمت به ریال',
    save: 'ذخیرهٔ گونه',
    saved: 'کالا ذخیره شد',
    typed: (n: number) => toPersianDigits(String(n)),
  },
  en: {
    slug: 'vinyl-the-song-of-sparrows',
    find: 'Find',
    search: 'Name or slug',
    single: 'One kind',
    stock: 'Stock',
    price: 'Price in rials',
    save: 'Save the variant',
    saved: 'The product was saved.',
    typed: (n: number) => String(n),
  },
} as const;

for (const lang of langs) {
  const c = cases[lang];

  test(`${lang}: shop staff change a record's stock and price; the shop sells that at once`, async ({
    browser,
    request,
  }) => {
    const id = await shopIdOf(request, c.slug);
    const page = await consolePage(browser, request, lang, 'shop');
    await page.goto(local('/admin/goods', lang));
    await page.getByLabel(c.search).fill(c.slug);
    await page.getByRole('button', { name: c.find, exact: true }).click();
    const card = page.locator(`[data-staff-goods="${id}"]`);
    await expect(page.locator('[data-staff-goods]')).toHaveCount(1);
    await card.locator('summary').click();
    const variant = card.getByRole('form', { name: c.single });
    await variant.getByLabel(c.stock).fill(c.typed(11));
    await variant.getByLabel(c.price).fill(c.typed(4_100_000));
    await variant.getByRole('button', { name: c.save }).click();
    await expect(page.getByRole('status')).toHaveText(c.saved);

    const reply = await request.get(`/api/v1/shop/products/${id}?currency=IRR`);
    const { variants } = (await reply.json()) as { variants: { available: number; price: number }[] };
    expect(variants).toEqual([expect.objectContaining({ available: 11, price: 4_100_000 })]);
    await page.context().close();
  });
}
