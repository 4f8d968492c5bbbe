import { productKind } from '../commerce';
import { prepareCheckout, releaseCheckout, reserveCheckout, type PhysicalCheckout } from './checkout';
import { registerOrder } from './orders';

/**
 * A shop order as a product kind (BUY_PHYSICAL): the account's cart delivered to one of its addresses,
 * its goods reserved when the payment starts and taken when it is fulfilled. Refunded by cancelling or
 * rejecting the order (orders.ts), which books through commerce's refunds, not from finance's console.
 */
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
});
