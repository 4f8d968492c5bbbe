import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '~/shared/commerce';
import type { ShopOrder } from '~/shared/shop';
import { carts } from '~/server/db/schema';
import { deleteStaleGuestCarts, GUEST_CART_DAYS } from '~/server/shop/cart-cleanup';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  atBank,
  expectBooksBalanced,
  newViewer,
  payAtBank,
  returnFromBank,
  seedShop,
  type Viewer,
} from './commerce-fixtures';
import { IRANIAN } from './playback-fixtures';
import {
  addAddress,
  cartOf,
  ISFAHAN,
  putInCart,
  seedDelivery,
  stockedGoods,
  stockOf,
  TEHRAN,
  validAddress,
} from './shop-fixtures';

let app: AccountsApp;
let delivery: Record<string, number>;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  delivery = await seedDelivery(app);
});
afterAll(() => app.close());

async function orders(viewer: Viewer): Promise<ShopOrder[]> {
  const res = await app.as(viewer.token, '/me/shop/orders');
  expect(res.status).toBe(200);
  return ((await res.json()) as { orders: ShopOrder[] }).orders;
}

async function walletIrr(viewer: Viewer): Promise<number> {
  const res = await app.as(viewer.token, '/me/wallet');
  const { balances } = (await res.json()) as { balances: { currency: string; balance: number }[] };
  return balances.find((row) => row.currency === 'IRR')?.balance ?? 0;
}

/** A viewer with an address in Tehran and `quantity` of the variant in the cart. */
async function shopper(productId: number, variantId: number, quantity = 1) {
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
  return { viewer, addressId, checkout };
}

describe('the cart', () => {
  it('keeps an anonymous cart under its key and merges it into the account at login', async () => {
    const { productId, variantIds } = await stockedGoods(app, [{ stock: 5 }]);
    const first = await cartOf(await putInCart(app, { product_id: productId, quantity: 2 }));
    expect(first.user_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(first).toMatchObject({ count: 2, items_total: 1_800_000, currency: 'IRR' });
    const again = await cartOf(
      await app.request(`/cart?cart_id=${first.user_id}`, { clientAddress: IRANIAN }),
    );
    expect(again.items).toHaveLength(1);

    const viewer = await newViewer(app);
    // The account already holds one of the same goods: quantities add up.
    await cartOf(
      await putInCart(app, { product_id: productId, variant_id: variantIds[0]!, quantity: 1 }, viewer.token),
    );
    const merged = await cartOf(
      await app.as(viewer.token, `/cart?cart_id=${first.user_id}`, { clientAddress: IRANIAN }),
    );
    expect(merged.user_id).toBe(String(viewer.userId));
    expect(merged.items).toMatchObject([{ variant_id: variantIds[0], quantity: 3, available: 5 }]);
    const gone = await cartOf(
      await app.request(`/cart?cart_id=${first.user_id}`, { clientAddress: IRANIAN }),
    );
    expect(gone).toMatchObject({ user_id: '', items: [] });
    // Presenting the key again changes nothing.
    const same = await cartOf(await app.as(viewer.token, `/cart?cart_id=${first.user_id}`));
    expect(same.count).toBe(3);
  });

  it('bounds quantities by stock, asks for a variant, removes lines of its own cart only', async () => {
    const { productId, variantIds } = await stockedGoods(app, [
      { stock: 2, label: 'S' },
      { stock: 0, label: 'L' },
    ]);
    const noVariant = await putInCart(app, { product_id: productId, quantity: 1 });
    expect(noVariant.status).toBe(422);
    expect((await noVariant.json()).errors.variant_id).toEqual(['گونهٔ کالا را انتخاب کنید']);
    const tooMany = await putInCart(app, { product_id: productId, variant_id: variantIds[0]!, quantity: 3 });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors.quantity).toEqual(['از این کالا فقط ۲ عدد موجود است']);
    const soldOut = await putInCart(app, { product_id: productId, variant_id: variantIds[1]!, quantity: 1 });
    expect((await soldOut.json()).errors.quantity).toEqual(['این کالا موجود نیست']);

    const mine = await cartOf(
      await putInCart(app, { product_id: productId, variant_id: variantIds[0]!, quantity: 2 }),
    );
    const other = await cartOf(
      await putInCart(app, { product_id: productId, variant_id: variantIds[0]!, quantity: 1 }),
    );
    const stolen = await app.request(`/cart/${mine.items[0]!.id}?cart_id=${other.user_id}`, {
      method: 'DELETE',
    });
    expect(stolen.status).toBe(404);
    const emptied = await cartOf(
      await app.request(`/cart/${mine.items[0]!.id}?cart_id=${mine.user_id}`, { method: 'DELETE' }),
    );
    expect(emptied.items).toEqual([]);
  });

  it('deletes guest carts untouched for 30 days with their lines, never a fresh one or an account’s', async () => {
    const { productId } = await stockedGoods(app, [{ stock: 5 }]);
    const stale = await cartOf(await putInCart(app, { product_id: productId, quantity: 1 }));
    const fresh = await cartOf(await putInCart(app, { product_id: productId, quantity: 1 }));
    const viewer = await newViewer(app);
    await cartOf(await putInCart(app, { product_id: productId, quantity: 1 }, viewer.token));
    const { db } = app.ctx.database;
    const longAgo = new Date(app.ctx.clock.now().getTime() - (GUEST_CART_DAYS + 1) * 86_400_000);
    await db.update(carts).set({ updatedAt: longAgo }).where(eq(carts.key, stale.user_id));
    await db.update(carts).set({ updatedAt: longAgo }).where(eq(carts.userId, viewer.userId));

    expect(await deleteStaleGuestCarts(app.ctx)).toBe(1);
    const lookup = async (key: string) =>
      cartOf(await app.request(`/cart?cart_id=${key}`, { clientAddress: IRANIAN }));
    expect(await lookup(stale.user_id)).toMatchObject({ user_id: '', items: [] });
    expect((await lookup(fresh.user_id)).count).toBe(1);
    expect((await cartOf(await app.as(viewer.token, '/cart'))).count).toBe(1);
    expect(await deleteStaleGuestCarts(app.ctx)).toBe(0);
    // The guest comes back with the old key: the line goes into a new cart under a new key.
    const reopened = await cartOf(
      await putInCart(app, { product_id: productId, quantity: 2, cart_id: stale.user_id }),
    );
    expect(reopened.user_id).not.toBe(stale.user_id);
    expect(reopened.count).toBe(2);
  });
});

describe('addresses and delivery', () => {
  it('validates every field, in the request language, and accepts Persian digits', async () => {
    const viewer = await newViewer(app);
    const bad = await app.as(viewer.token, '/me/addresses', {
      json: {
        title: '',
        state: TEHRAN,
        city: 1,
        deliveryTo: 'x',
        tel: '12',
        postalCode: '۱۲۳۴',
        fullAddress: 'short',
      },
      headers: { 'accept-language-site': 'en' },
    });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(Object.keys(errors).sort()).toEqual(['deliveryTo', 'fullAddress', 'postalCode', 'tel', 'title']);
    expect(errors.postalCode).toEqual(['The postal code must be ten digits.']);

    const wrongCity = await app.as(viewer.token, '/me/addresses', {
      json: { ...validAddress, state: ISFAHAN },
    });
    expect((await wrongCity.json()).errors).toEqual({ city: ['این شهر در استان انتخاب‌شده نیست'] });
    const noState = await app.as(viewer.token, '/me/addresses', { json: { ...validAddress, state: 999 } });
    expect(Object.keys((await noState.json()).errors)).toEqual(['state']);

    const id = await addAddress(app, viewer.token, { ...validAddress, tel: '۰۹۱۲ ۱۲۳ ۴۵۶۷' });
    const list = await (await app.as(viewer.token, '/me/addresses')).json();
    expect(list.addresses).toMatchObject([
      {
        id,
        postalCode: '1234567890',
        tel: '09121234567',
        state: { id: TEHRAN, en_name: 'Tehran' },
        city: { name: 'تهران' },
      },
    ]);
    const changed = await app.as(viewer.token, `/me/addresses/${id}`, {
      method: 'PUT',
      json: { ...validAddress, title: 'کار' },
    });
    expect((await changed.json()).addresses[0].title).toBe('کار');
  });

  it("another account's address is a 404, and cannot be shipped to", async () => {
    const owner = await newViewer(app);
    const id = await addAddress(app, owner.token);
    const other = await newViewer(app);
    for (const method of ['PUT', 'DELETE']) {
      const res = await app.as(
        other.token,
        `/me/addresses/${id}`,
        method === 'PUT' ? { method, json: validAddress } : { method },
      );
      expect(res.status).toBe(404);
    }
    const { productId } = await stockedGoods(app, [{ stock: 3 }]);
    await cartOf(await putInCart(app, { product_id: productId, quantity: 1 }, other.token));
    const res = await other.start({
      type: 'BUY_PHYSICAL',
      address_id: id,
      delivery_method_id: delivery['express-post']!,
      gateway: 'sandbox',
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['address_id']);
    expect((await (await app.as(owner.token, '/me/addresses')).json()).addresses).toHaveLength(1);
  });

  it('lists the methods that reach a province, in the asked currency', async () => {
    const tehran = await (await app.request(`/core/delivery-methods/${TEHRAN}?currency=USD`)).json();
    expect(tehran.methods.map((m: { en_title: string }) => m.en_title)).toEqual([
      'Tehran courier',
      'Express post',
      'Tipax freight',
    ]);
    expect(tehran.methods[0]).toMatchObject({ currency: 'USD', price: 399, days_min: 0, days_max: 1 });
    const isfahan = await (await app.request(`/core/delivery-methods/${ISFAHAN}`)).json();
    expect(isfahan.methods).toHaveLength(2);
    expect((await app.request('/core/delivery-methods/999')).status).toBe(404);
  });
});

describe('checkout and orders', () => {
  it('reserves at checkout, registers the order on payment, and empties the cart', async () => {
    const { productId, variantIds } = await stockedGoods(app, [{ stock: 4 }]);
    const { viewer, checkout } = await shopper(productId, variantIds[0]!, 2);
    const quote = await (
      await app.as(viewer.token, '/payments/quote', {
        json: { ...checkout, gateway: undefined, discount_code: 'DEMO-20' },
        clientAddress: IRANIAN,
      })
    ).json();
    // Items 1,800,000 + post 450,000 = 2,250,000; 20 % off = 450,000; VAT 10 % of 1,800,000.
    expect(quote).toMatchObject({ price: 2_250_000, discount: 450_000, vat: 180_000, total: 1_980_000 });

    const created = await viewer.buy({ ...checkout, discount_code: 'DEMO-20' });
    expect(created.payment).toMatchObject({ type: 'BUY_PHYSICAL', status: 'at_gateway', total: 1_980_000 });
    expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 4, reserved: 2 });
    await payAtBank(app, created);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 2, reserved: 0 });

    const [order] = await orders(viewer);
    expect(order).toMatchObject({
      payment_id: created.payment.id,
      status: 'Registred',
      items: [{ variant_id: variantIds[0], quantity: 2, price: 900_000 }],
      address: { postalCode: '1234567890', deliveryTo: validAddress.deliveryTo },
      delivery: { en_title: 'Express post', price: 450_000 },
      items_total: 1_800_000,
      total: 1_980_000,
      cancellable: true,
    });
    expect(order!.history.map((step) => step.status)).toEqual(['Registred']);
    expect((await cartOf(await app.as(viewer.token, '/cart'))).items).toEqual([]);
    await expectBooksBalanced(app);
  });

  it('releases the reservation when the payment is declined or cancelled, and keeps the cart', async () => {
    const { productId, variantIds } = await stockedGoods(app, [{ stock: 1 }]);
    const { viewer, checkout } = await shopper(productId, variantIds[0]!);
    for (const action of ['decline', 'cancel'] as const) {
      const created = await viewer.buy(checkout);
      expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 1, reserved: 1 });
      await returnFromBank(app, await atBank(app, created, action));
      const payment: Payment = await viewer.payment(created.payment.id);
      expect(['failed', 'cancelled']).toContain(payment.status);
      expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 1, reserved: 0 });
    }
    expect((await cartOf(await app.as(viewer.token, '/cart'))).count).toBe(1);
    expect(await orders(viewer)).toEqual([]);
    await expectBooksBalanced(app);
  });

  it('refuses a checkout without a cart, an address or a delivery that reaches it', async () => {
    const viewer = await newViewer(app);
    const addressId = await addAddress(app, viewer.token, { ...validAddress, state: ISFAHAN, city: 122 });
    const base = { type: 'BUY_PHYSICAL', gateway: 'sandbox' } as const;
    const noAddress = await viewer.start({ ...base, delivery_method_id: delivery['freight']! });
    expect(Object.keys((await noAddress.json()).errors)).toEqual(['address_id']);
    const empty = await viewer.start({
      ...base,
      address_id: addressId,
      delivery_method_id: delivery['freight']!,
    });
    expect(Object.keys((await empty.json()).errors)).toEqual(['cart']);
    const courier = await viewer.start({
      ...base,
      address_id: addressId,
      delivery_method_id: delivery['tehran-courier']!,
    });
    expect((await courier.json()).errors).toEqual({
      delivery_method_id: ['این روش ارسال به این نشانی نمی‌رسد'],
    });
  });

  it('two buyers of the last piece: one wins, the other is refused and nothing is oversold', async () => {
    const { productId, variantIds } = await stockedGoods(app, [{ stock: 1 }]);
    const buyers = await Promise.all([1, 2, 3].map(() => shopper(productId, variantIds[0]!)));
    const answers = await Promise.all(buyers.map(({ viewer, checkout }) => viewer.start(checkout)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect((await refused.json()).message).toBe('این کالا موجود نیست');
    expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 1, reserved: 1 });
    const winner = answers.findIndex((res) => res.status === 201);
    await payAtBank(app, await answers[winner]!.json());
    expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 0, reserved: 0 });
    await expectBooksBalanced(app);
  });

  it('cancelling a registered order returns the goods and the whole total to the wallet, once', async () => {
    const { productId, variantIds } = await stockedGoods(app, [{ stock: 3 }]);
    const { viewer, checkout } = await shopper(productId, variantIds[0]!, 3);
    await payAtBank(app, await viewer.buy(checkout));
    const [order] = await orders(viewer);
    expect(await walletIrr(viewer)).toBe(0);

    const other = await newViewer(app);
    expect(
      (await app.as(other.token, `/me/shop/orders/${order!.id}/cancel`, { method: 'POST' })).status,
    ).toBe(404);
    const res = await app.as(viewer.token, `/me/shop/orders/${order!.id}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).order).toMatchObject({ status: 'Canceled', cancellable: false });
    expect(await walletIrr(viewer)).toBe(order!.total);
    expect(await stockOf(app, variantIds[0]!)).toEqual({ stock: 3, reserved: 0 });
    const again = await app.as(viewer.token, `/me/shop/orders/${order!.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await walletIrr(viewer)).toBe(order!.total);
    await expectBooksBalanced(app);
  });
});
