import { asc, eq } from 'drizzle-orm';
import type { ReceiptLine } from '../../shared/receipts';
import { productKind, type PaymentRow, type Tx } from '../commerce';
import { shopCheckoutLines, shopCheckouts } from '../db/schema';
import { prepareCheckout, releaseCheckout, reserveCheckout, type PhysicalCheckout } from './checkout';
import { registerOrder } from './orders';

/**
 * A shop order as a product kind (BUY_PHYSICAL): the account's cart delivered to one of its addresses,
 * its goods reserved when the payment starts and taken when it is fulfilled. Refunded by cancelling or
 * rejecting the order (orders.ts), which books through commerce's refunds, not from finance's console.
 */
/**
 * The goods as they were priced when the payment started (the checkout's snapshot: title with its
 * variant, quantity and unit price), then the delivery when it cost anything.
 */
async function describeCheckout(db: Tx, payment: PaymentRow): Promise<ReceiptLine[]> {
  const goods = await db
    .select()
    .from(shopCheckoutLines)
    .where(eq(shopCheckoutLines.paymentId, payment.id))
    .orderBy(asc(shopCheckoutLines.id));
  const [checkout] = await db.select().from(shopCheckouts).where(eq(shopCheckouts.paymentId, payment.id));
  const lines: ReceiptLine[] = goods.map((line) => ({
    title: { fa: line.titleFa, en: line.titleEn },
    detail: null,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    amount: line.unitPrice * line.quantity,
  }));
  if (checkout && checkout.deliveryCost > 0) {
    lines.push({
      title: { fa: checkout.deliveryTitleFa, en: checkout.deliveryTitleEn },
      detail: null,
      quantity: 1,
      unit_price: checkout.deliveryCost,
      amount: checkout.deliveryCost,
    });
  }
  return lines;
}

export const shopOrderKind = productKind<PhysicalCheckout>({
  types: ['BUY_PHYSICAL'],
  itemless: true,
  async price(ctx, request, buying) {
    const checkout = await prepareCheckout(ctx, buying.userId, request, buying.currency);
    const price = checkout.itemsTotal + checkout.deliveryCost;
    return { price, taxable: true, productId: null, packageId: null, hold: checkout };
  },
  reserve: reserveCheckout,
  release: releaseCheckout,
  async deliver(tx, _ctx, payment, now) {
    // Its goods were reserved when the payment started, so they are there to deliver.
    await registerOrder(tx, payment, now);
    return { ok: true };
  },
  describe: describeCheckout,
});
