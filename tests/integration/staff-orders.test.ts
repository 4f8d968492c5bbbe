import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, ShopOrder } from '~/shared/shop';
import { orderStatuses } from '~/shared/shop-constants';
import type { StaffOrderResponse, StaffShopOrders } from '~/shared/staff-shop';
import { auditLog, users } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, payAtBank, seedShop, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { addAddress, cartOf, putInCart, seedDelivery, stockedGoods, stockOf } from './shop-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * Issue 17's order state machine through the staff API: every allowed and every refused move, the
 * tracking number on delivery, the audit entry, the buyer's notice and what the buyer sees.
 */

let app: AccountsApp;
let delivery: Record<string, number>;
let staff: { token: string; userId: number };

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  delivery = await seedDelivery(app);
  const member = await newStaffMember(app, 'shop');
  staff = { token: member.token, userId: member.userId };
});
afterAll(() => app.close());

/** A paid order of `quantity` pieces of a new product with `stock` (a Registred order). */
async function paidOrder(quantity = 1, stock = 5) {
  const { productId, variantIds } = await stockedGoods(app, [{ stock }]);
  const viewer = await newViewer(app);
  const addressId = await addAddress(app, viewer.token);
  await cartOf(await putInCart(app, { product_id: productId, quantity }, viewer.token));
  await payAtBank(
    app,
    await viewer.buy({
      type: 'BUY_PHYSICAL',
      address_id: addressId,
      delivery_method_id: delivery['express-post']!,
      gateway: 'sandbox',
    }),
  );
  const [order] = await ownOrders(viewer);
  const [buyer] = await app.ctx.database.db.select().from(users).where(eq(users.id, viewer.userId));
  return { viewer, order: order!, variantId: variantIds[0]!, phone: buyer!.phone! };
}

async function ownOrders(viewer: Viewer): Promise<ShopOrder[]> {
  const res = await app.as(viewer.token, '/me/shop/orders');
  expect(res.status).toBe(200);
  return ((await res.json()) as { orders: ShopOrder[] }).orders;
}

function move(orderId: number, status: OrderStatus, extra: object = {}, locale = 'fa') {
  return app.as(staff.token, `/staff/shop/orders/${orderId}/status`, {
    json: { status, ...extra },
    headers: { 'accept-language': locale },
  });
}

async function audits(orderId: number) {
  return app.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'shop_order'), eq(auditLog.targetId, String(orderId))))
    .orderBy(asc(auditLog.id));
}

async function walletIrr(viewer: Viewer): Promise<number> {
  const res = await app.as(viewer.token, '/me/wallet');
  const { balances } = (await res.json()) as { balances: { currency: string; balance: number }[] };
  return balances.find((row) => row.currency === 'IRR')?.balance ?? 0;
}

/** Every status but the allowed ones is refused with 409, and the order stays as it was. */
async function expectRefusedExcept(orderId: number, from: OrderStatus, allowed: OrderStatus[]) {
  for (const to of orderStatuses.filter((status) => !allowed.includes(status))) {
    const res = await move(orderId, to, { tracking_number: 'EMS-12345' });
    expect(res.status, `${from} → ${to}`).toBe(409);
    expect((await res.json()).message).toBe('وضعیت این سفارش دیگر این تغییر را نمی‌پذیرد');
  }
  const [row] = (await listed({ q: String(orderId) })).orders;
  expect(row!.status).toBe(from);
}

async function listed(query: Record<string, string>): Promise<StaffShopOrders> {
  const res = await app.as(staff.token, `/staff/shop/orders?${new URLSearchParams(query)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe(`the order state machine through the staff API on ${databaseUnderTest}`, () => {
  it('Registred → Accepted → Delivered with a tracking number; every other move refused on the way', async () => {
    const { viewer, order, variantId, phone } = await paidOrder(2);
    await expectRefusedExcept(order.id, 'Registred', ['Accepted', 'Rejected', 'Canceled']);

    const accepted = await move(order.id, 'Accepted');
    expect(accepted.status).toBe(200);
    const body = (await accepted.json()) as StaffOrderResponse;
    expect(body).toMatchObject({
      message: 'وضعیت سفارش تغییر کرد',
      order: { status: 'Accepted', next: ['Delivered'] },
    });
    expect(body.order.buyer.id).toBe(viewer.userId);
    await expectRefusedExcept(order.id, 'Accepted', ['Delivered']);

    for (const bad of [{}, { tracking_number: '' }, { tracking_number: 'no spaces allowed here!' }]) {
      const res = await move(order.id, 'Delivered', bad, 'en');
      expect(res.status).toBe(422);
      expect((await res.json()).errors.tracking_number).toEqual([
        'Sending needs a tracking number (4 to 40 Latin letters, digits or dashes).',
      ]);
    }
    // Persian digits and lower case, as a clerk may type them, are stored as the carrier prints them.
    const delivered = await move(order.id, 'Delivered', { tracking_number: 'ems-۱۲۳۴۵۶۷۸' });
    expect(delivered.status).toBe(200);
    expect((await delivered.json()).order).toMatchObject({
      status: 'Delivered',
      tracking_number: 'EMS-12345678',
      next: [],
    });
    await expectRefusedExcept(order.id, 'Delivered', []);

    const [seen] = await ownOrders(viewer);
    expect(seen).toMatchObject({ status: 'Delivered', tracking_number: 'EMS-12345678', cancellable: false });
    expect(seen!.history.map((step) => step.status)).toEqual(['Registred', 'Accepted', 'Delivered']);
    expect(await stockOf(app, variantId)).toEqual({ stock: 3, reserved: 0 });

    expect(
      (await audits(order.id)).map(({ action, actorId, before, after }) => ({
        action,
        actorId,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'order.status',
        actorId: staff.userId,
        before: { status: 'Registred', tracking_number: null },
        after: { status: 'Accepted', tracking_number: null },
      },
      {
        action: 'order.status',
        actorId: staff.userId,
        before: { status: 'Accepted', tracking_number: null },
        after: { status: 'Delivered', tracking_number: 'EMS-12345678' },
      },
    ]);
    expect(await noticesTo(phone)).toEqual([
      `سفارش ${toFa(order.id)} شما پذیرفته شد و آمادهٔ ارسال است.`,
      `سفارش ${toFa(order.id)} شما ارسال شد. کد رهگیری: EMS-12345678`,
    ]);
  });

  it('Registred → Rejected gives back goods and money, tells the buyer, and nothing moves it after', async () => {
    const { viewer, order, variantId, phone } = await paidOrder(2, 2);
    expect(await stockOf(app, variantId)).toEqual({ stock: 0, reserved: 0 });
    expect((await move(order.id, 'Rejected')).status).toBe(200);
    expect(await stockOf(app, variantId)).toEqual({ stock: 2, reserved: 0 });
    expect(await walletIrr(viewer)).toBe(order.total);
    await expectRefusedExcept(order.id, 'Rejected', []);
    expect(await walletIrr(viewer)).toBe(order.total);
    expect((await audits(order.id)).map((entry) => entry.after)).toEqual([
      { status: 'Rejected', tracking_number: null },
    ]);
    const [notice] = await noticesTo(phone);
    expect(notice).toMatch(
      new RegExp(`^سفارش ${toFa(order.id)} شما پذیرفته نشد و مبلغ آن، .+ تومان، به کیف پول شما برگشت.$`),
    );
    await expectBooksBalanced(app);
  });

  it('staff may cancel a registered order for the buyer: goods and money back, then final', async () => {
    const { viewer, order, variantId } = await paidOrder(1, 1);
    expect((await move(order.id, 'Canceled')).status).toBe(200);
    expect(await stockOf(app, variantId)).toEqual({ stock: 1, reserved: 0 });
    expect(await walletIrr(viewer)).toBe(order.total);
    await expectRefusedExcept(order.id, 'Canceled', []);
    await expectBooksBalanced(app);
  });

  it('the buyer may only cancel, and only while Registred; nobody else’s order', async () => {
    const { viewer, order } = await paidOrder();
    const stranger = await newViewer(app);
    const cancel = (token: string, id = order.id) =>
      app.as(token, `/me/shop/orders/${id}/cancel`, { method: 'POST' });
    expect((await cancel(stranger.token)).status).toBe(404);
    expect(
      (await app.as(viewer.token, `/staff/shop/orders/${order.id}/status`, { json: { status: 'Accepted' } }))
        .status,
    ).toBe(403);
    expect((await move(order.id, 'Accepted')).status).toBe(200);
    expect((await cancel(viewer.token)).status).toBe(409);
    // A buyer's own cancel is no staff change: it is in the order's history, not the audit log.
    const again = await paidOrder();
    expect((await cancel(again.viewer.token, again.order.id)).status).toBe(200);
    expect(await audits(again.order.id)).toEqual([]);
  });

  it('lists one status oldest first, finds an order by number and a buyer by phone', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const registred = await listed({ status: 'Registred' });
    const ids = registred.orders.map((order) => order.id);
    expect(ids.indexOf(first.order.id)).toBeLessThan(ids.indexOf(second.order.id));
    expect(registred.orders.every((order) => order.status === 'Registred')).toBe(true);

    expect((await listed({ q: `#${toFa(second.order.id)}` })).orders.map((order) => order.id)).toEqual([
      second.order.id,
    ]);
    const phone = registred.orders.find((order) => order.id === second.order.id)!.buyer.phone!;
    const byPhone = await listed({ q: `0${phone.slice(3)}` });
    expect(byPhone.orders.map((order) => order.id)).toEqual([second.order.id]);
    expect((await listed({ status: 'Delivered', q: `0${phone.slice(3)}` })).orders).toEqual([]);
  });
});

/** The second line (after the brand) of every notice, not code, the outbox holds for a phone. */
async function noticesTo(phone: string): Promise<string[]> {
  return (await app.outbox())
    .filter((line) => line.to === phone && line.code === '')
    .map((line) => line.text.split('\n')[1]!);
}

function toFa(n: number): string {
  return String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
}
