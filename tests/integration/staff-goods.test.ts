import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopProduct } from '~/shared/shop';
import type { NewGoodsRequest, StaffGoods, StaffGoodsList } from '~/shared/staff-shop';
import { auditLog } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, payAtBank, seedShop } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { en, IRANIAN } from './playback-fixtures';
import { addAddress, cartOf, putInCart, seedDelivery, stockOf } from './shop-fixtures';
import { newStaffMember } from './staff-fixtures';

/** Goods and stock editing: bilingual fields, prices per currency, and stock that never races checkout. */

let app: AccountsApp;
let delivery: Record<string, number>;
let staff: string;
let staffId: number;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  delivery = await seedDelivery(app);
  const member = await newStaffMember(app, 'shop');
  staff = member.token;
  staffId = member.userId;
});
afterAll(() => app.close());

let slugs = 0;
const poster = (): NewGoodsRequest => ({
  slug: `console-poster-${++slugs}`,
  category: 'poster',
  title_fa: 'پوستر طعم گیلاس',
  title_en: 'Taste of Cherry poster',
  description_fa: 'چاپ روی کاغذ گلاسه',
  description_en: 'Printed on gloss paper',
  active: true,
  variants: [
    { label_fa: 'کوچک', label_en: 'Small', price_irr: 1_200_000, price_usd: 900, stock: 3 },
    { label_fa: 'بزرگ', label_en: 'Large', price_irr: 2_500_000, price_usd: 1_900, stock: 1 },
  ],
});

async function send(method: string, path: string, json: unknown, headers: Record<string, string> = en) {
  return app.as(staff, path, { method, json, headers });
}

async function created(body = poster()): Promise<StaffGoods> {
  const res = await send('POST', '/staff/shop/goods', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { goods: StaffGoods }).goods;
}

async function auditsOf(targetType: string, id: number) {
  const rows = await app.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));
  return rows.map(({ action, actorId, before, after }) => ({ action, actorId, before, after }));
}

async function onSale(id: number, currency: 'IRR' | 'USD' = 'IRR'): Promise<Response> {
  return app.request(`/shop/products/${id}?currency=${currency}`, { clientAddress: IRANIAN });
}

/** A viewer whose checkout holds `quantity` of the variant (its payment waits at the bank). */
async function reserving(productId: number, variantId: number, quantity: number) {
  const viewer = await newViewer(app);
  const addressId = await addAddress(app, viewer.token);
  await cartOf(
    await putInCart(app, { product_id: productId, variant_id: variantId, quantity }, viewer.token),
  );
  const checkout = {
    type: 'BUY_PHYSICAL',
    address_id: addressId,
    delivery_method_id: delivery['express-post']!,
    gateway: 'sandbox',
  } as const;
  return { viewer, checkout };
}

describe(`staff: goods and stock on ${databaseUnderTest}`, () => {
  it('creates goods with variants priced in both currencies; the shop sells them at once; audited', async () => {
    const goods = await created();
    expect(goods).toMatchObject({ title_en: 'Taste of Cherry poster', active: true });
    expect(goods.variants).toMatchObject([
      { label_en: 'Small', price_irr: 1_200_000, price_usd: 900, stock: 3, reserved: 0 },
      { label_en: 'Large', price_irr: 2_500_000, price_usd: 1_900, stock: 1, reserved: 0 },
    ]);
    const shown = (await (await onSale(goods.id, 'USD')).json()) as ShopProduct;
    expect(shown).toMatchObject({ title: 'پوستر طعم گیلاس', en_title: 'Taste of Cherry poster', price: 900 });
    expect(shown.variants.map((variant) => variant.available)).toEqual([3, 1]);
    expect(await auditsOf('shop_product', goods.id)).toEqual([
      { action: 'goods.create', actorId: staffId, before: null, after: goods },
    ]);

    const listed = (await (await app.as(staff, '/staff/shop/goods?q=cherry')).json()) as StaffGoodsList;
    expect(listed.goods.map((row) => row.id)).toContain(goods.id);
  });

  it('edits the bilingual fields and takes goods off sale; refuses a slug in use and bad fields', async () => {
    const goods = await created();
    const other = await created();
    const { variants: _variants, id: _id, ...fields } = goods;
    const edited = {
      ...fields,
      title_en: 'Taste of Cherry (1997) poster',
      description_fa: 'چاپ مات',
      active: false,
    };
    const res = await send('PUT', `/staff/shop/goods/${goods.id}`, edited);
    expect(res.status).toBe(200);
    expect((await res.json()).goods).toMatchObject({
      title_en: 'Taste of Cherry (1997) poster',
      active: false,
    });
    expect((await onSale(goods.id)).status).toBe(404);
    const [entry] = await auditsOf('shop_product', goods.id).then((rows) => rows.slice(1));
    expect(entry).toMatchObject({
      action: 'goods.update',
      before: { title_en: 'Taste of Cherry poster', description_fa: 'چاپ روی کاغذ گلاسه', active: true },
      after: { title_en: 'Taste of Cherry (1997) poster', description_fa: 'چاپ مات', active: false },
    });

    const taken = await send('PUT', `/staff/shop/goods/${goods.id}`, { ...edited, slug: other.slug });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual({ slug: ['Another product already has this slug.'] });
    const blank = await send(
      'PUT',
      `/staff/shop/goods/${goods.id}`,
      { ...edited, title_fa: ' ' },
      {
        'accept-language-site': 'fa',
      },
    );
    expect(blank.status).toBe(422);
    expect(Object.keys((await blank.json()).errors)).toEqual(['title_fa']);
    expect((await send('PUT', '/staff/shop/goods/999999', edited)).status).toBe(404);
  });

  it('adds a variant and edits prices; a payment in progress keeps the price it started with', async () => {
    const goods = await created();
    const added = await send('POST', `/staff/shop/goods/${goods.id}/variants`, {
      label_fa: 'قاب‌شده',
      label_en: 'Framed',
      price_irr: 4_000_000,
      price_usd: 3_500,
      stock: 2,
    });
    expect(added.status).toBe(200);
    const framed = ((await added.json()).goods as StaffGoods).variants.at(-1)!;
    expect(framed).toMatchObject({ label_en: 'Framed', stock: 2 });
    expect((await auditsOf('shop_variant', framed.id))[0]).toMatchObject({ action: 'variant.create' });

    const small = goods.variants[0]!;
    const { viewer, checkout } = await reserving(goods.id, small.id, 1);
    const payment = await viewer.buy(checkout);
    const repriced = await send('PUT', `/staff/shop/variants/${small.id}`, {
      label_fa: small.label_fa,
      label_en: small.label_en,
      price_irr: 1_500_000,
      price_usd: 1_100,
      stock: 3,
      stock_was: 3,
    });
    expect(repriced.status).toBe(200);
    await payAtBank(app, payment);
    const orders = await (await app.as(viewer.token, '/me/shop/orders')).json();
    expect(orders.orders[0].items).toMatchObject([{ variant_id: small.id, price: 1_200_000 }]);
    const now = (await (await onSale(goods.id)).json()) as ShopProduct;
    expect(now.variants[0]).toMatchObject({ price: 1_500_000, available: 2 });
    await expectBooksBalanced(app);
  });

  it('a stock edit never overwrites a sale or goes below what payments hold', async () => {
    const goods = await created();
    const large = goods.variants[1]!; // stock 1
    const edit = (stock: number, stockWas: number) =>
      send('PUT', `/staff/shop/variants/${large.id}`, {
        label_fa: large.label_fa,
        label_en: large.label_en,
        price_irr: large.price_irr,
        price_usd: large.price_usd,
        stock,
        stock_was: stockWas,
      });
    const { viewer, checkout } = await reserving(goods.id, large.id, 1);
    await viewer.buy(checkout);
    expect(await stockOf(app, large.id)).toEqual({ stock: 1, reserved: 1 });

    const below = await edit(0, 1);
    expect(below.status).toBe(422);
    expect((await below.json()).errors).toEqual({
      stock: ['The stock cannot be below the 1 held by a payment in progress.'],
    });
    expect((await edit(6, 1)).status).toBe(200);
    expect(await stockOf(app, large.id)).toEqual({ stock: 6, reserved: 1 });

    // An editor whose form still shows 1 after that is told, and the count is not overwritten.
    const stale = await edit(10, 1);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: 'The stock changed meanwhile and is now 6; check it and save again.',
      stock: 6,
      reserved: 1,
    });
    expect(await stockOf(app, large.id)).toEqual({ stock: 6, reserved: 1 });
    expect((await auditsOf('shop_variant', large.id)).map((entry) => [entry.before, entry.after])).toEqual([
      [
        expect.objectContaining({ stock: 1, reserved: 1 }),
        expect.objectContaining({ stock: 6, reserved: 1 }),
      ],
    ]);
  });

  it('buyers reserving while staff cut the stock: nothing is oversold, whichever comes first', async () => {
    const goods = await created({ ...poster(), variants: [{ ...poster().variants[0]!, stock: 4 }] });
    const variant = goods.variants[0]!;
    const buyers = await Promise.all([1, 2, 3].map(() => reserving(goods.id, variant.id, 1)));
    const [cut, ...starts] = await Promise.all([
      send('PUT', `/staff/shop/variants/${variant.id}`, {
        label_fa: variant.label_fa,
        label_en: variant.label_en,
        price_irr: variant.price_irr,
        price_usd: variant.price_usd,
        stock: 2,
        stock_was: 4,
      }),
      ...buyers.map(({ viewer, checkout }) => viewer.start(checkout)),
    ]);
    const won = starts.filter((res) => res.status === 201).length;
    const after = await stockOf(app, variant.id);
    expect(after.reserved).toBe(won);
    expect(after.stock).toBeGreaterThanOrEqual(after.reserved);
    if (cut.status === 200) {
      expect(after.stock).toBe(2);
      expect(won).toBeLessThanOrEqual(2);
    } else {
      // The buyers reserved first: the cut would have gone below what they hold.
      expect(cut.status).toBe(422);
      expect(after.stock).toBe(4);
      expect(won).toBe(3);
    }
  });
});
