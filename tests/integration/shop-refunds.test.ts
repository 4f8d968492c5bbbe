import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentTotals, StaffPaymentDetail } from '~/shared/staff-payments';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, payAtBank, seedShop, type Viewer } from './commerce-fixtures';
import { addAddress, cartOf, putInCart, seedDelivery, stockedGoods } from './shop-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * One refund path (issue 26): a shop order canceled by its buyer or rejected by staff gives its money
 * back through commerce's refunds, so the payment shows the refund and finance's totals count it
 * beside every other refund.
 */

let app: AccountsApp;
let delivery: Record<string, number>;
let finance: string;
let shopStaff: string;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  delivery = await seedDelivery(app);
  finance = (await newStaffMember(app, 'finance')).token;
  shopStaff = (await newStaffMember(app, 'shop')).token;
});
afterAll(() => app.close());

/** Today as finance's totals count it: the day in Tehran. */
function tehranToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(app.clock.now());
}

async function refundedToday(): Promise<number> {
  const day = tehranToday();
  const res = await app.as(finance, `/staff/payments/totals?from=${day}&to=${day}`);
  expect(res.status).toBe(200);
  const { days } = (await res.json()) as PaymentTotals;
  return days.find((row) => row.gateway === 'sandbox' && row.currency === 'IRR')?.refunded ?? 0;
}

/** A viewer whose order of two pieces was paid at the sandbox bank: the order's id, payment and total. */
async function paidOrder(): Promise<{ viewer: Viewer; id: number; paymentId: number; total: number }> {
  const { productId, variantIds } = await stockedGoods(app, [{ stock: 5 }]);
  const viewer = await newViewer(app);
  const addressId = await addAddress(app, viewer.token);
  await cartOf(
    await putInCart(app, { product_id: productId, variant_id: variantIds[0]!, quantity: 2 }, viewer.token),
  );
  const created = await viewer.buy({
    type: 'BUY_PHYSICAL',
    address_id: addressId,
    delivery_method_id: delivery['express-post']!,
    gateway: 'sandbox',
  });
  await payAtBank(app, created);
  const res = await app.as(viewer.token, '/me/shop/orders');
  const [order] = ((await res.json()) as { orders: { id: number; payment_id: number; total: number }[] })
    .orders;
  return { viewer, id: order!.id, paymentId: order!.payment_id, total: order!.total };
}

async function detail(paymentId: number): Promise<StaffPaymentDetail> {
  const res = await app.as(finance, `/staff/payments/${paymentId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as StaffPaymentDetail;
}

describe('shop orders refunded through commerce', () => {
  it('a canceled and a rejected order each leave a refund that the payment and the totals show', async () => {
    const before = await refundedToday();
    const canceled = await paidOrder();
    const rejected = await paidOrder();
    const cancel = await app.as(canceled.viewer.token, `/me/shop/orders/${canceled.id}/cancel`, {
      method: 'POST',
    });
    expect(cancel.status).toBe(200);
    const reject = await app.as(shopStaff, `/staff/shop/orders/${rejected.id}/status`, {
      json: { status: 'Rejected' },
    });
    expect(reject.status, await reject.clone().text()).toBe(200);

    for (const order of [canceled, rejected]) {
      const shown = await detail(order.paymentId);
      expect(shown.refunds).toMatchObject([
        { method: 'wallet', status: 'done', currency: 'IRR', amount: order.total, vat: shown.payment.vat },
      ]);
      expect(shown.payment.refunded).toBe(order.total);
      // Given back whole: nothing is left for finance to refund a second time.
      expect(shown.refundable).toBe(0);
    }
    expect((await refundedToday()) - before).toBe(canceled.total + rejected.total);
    await expectBooksBalanced(app);
  });
});
