import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Addresses, Cart } from '~/shared/shop';
import { deliveryMethods, shopProducts, shopVariants } from '~/server/db/schema';
import { demoDeliveryMethods } from '~/server/demo/shop';
import type { AccountsApp } from './accounts';
import { IRANIAN } from './playback-fixtures';

/** The shop tests' goods, delivery methods and addresses, and the steps of filling a cart. */

export const TEHRAN = 8;
/** Tehran province's capital in iran-cities-json. */
export const TEHRAN_CITY = 394;
export const ISFAHAN = 4;

export async function seedDelivery(app: AccountsApp): Promise<Record<string, number>> {
  const rows = await app.ctx.database.db.insert(deliveryMethods).values(demoDeliveryMethods()).returning();
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

let goodsCount = 0;

/** Goods with one variant per entry (900,000 rials or $9 each unless told), returns product and variant ids. */
export async function stockedGoods(
  app: AccountsApp,
  variants: { stock: number; irr?: number; usd?: number; label?: string }[],
): Promise<{ productId: number; variantIds: number[] }> {
  const { db } = app.ctx.database;
  const n = ++goodsCount;
  const [product] = await db
    .insert(shopProducts)
    .values({
      slug: `goods-${n}`,
      category: 'poster',
      titleFa: `کالای ${n}`,
      titleEn: `Goods ${n}`,
      descriptionFa: 'آزمایشی',
      descriptionEn: 'For tests',
    })
    .returning();
  const rows = await db
    .insert(shopVariants)
    .values(
      variants.map((variant, position) => ({
        productId: product!.id,
        labelFa: variant.label ?? null,
        labelEn: variant.label ?? null,
        position,
        priceIrr: variant.irr ?? 900_000,
        priceUsd: variant.usd ?? 900,
        stock: variant.stock,
      })),
    )
    .returning({ id: shopVariants.id });
  return { productId: product!.id, variantIds: rows.map((row) => row.id) };
}

export async function stockOf(app: AccountsApp, variantId: number) {
  const [row] = await app.ctx.database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return { stock: row!.stock, reserved: row!.reserved };
}

export const validAddress = {
  title: 'خانه',
  state: TEHRAN,
  city: TEHRAN_CITY,
  deliveryTo: 'مریم رضایی',
  tel: '02188776655',
  postalCode: '۱۲۳۴۵۶۷۸۹۰',
  fullAddress: 'خیابان ولیعصر، کوچهٔ بهار، پلاک ۱۲',
};

export async function addAddress(app: AccountsApp, token: string, body: object = validAddress) {
  const res = await app.as(token, '/me/addresses', { json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  const { addresses } = (await res.json()) as Addresses;
  return addresses.at(-1)!.id;
}

/** POST /cart as a visitor from Iran, with or without a login. */
export async function putInCart(
  app: AccountsApp,
  line: { product_id: number; variant_id?: number; quantity: number; cart_id?: string },
  token?: string,
): Promise<Response> {
  const init = { json: line, clientAddress: IRANIAN };
  return token ? app.as(token, '/cart', init) : app.request('/cart', init);
}

export async function cartOf(res: Response): Promise<Cart> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Cart;
}
