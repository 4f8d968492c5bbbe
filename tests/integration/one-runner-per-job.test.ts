import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimVerify } from '~/server/commerce/payment-records';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { paymentRow, returnToShop } from './gateway-suite';
import { databaseUnderTest } from './harness';
import { startVerifyCountingShop, type VerifyCountingShop } from './verify-counting-shop';

/** One payment is asked about at its gateway once, however many sweeps and callbacks reach it at once. */

let shop: VerifyCountingShop;
beforeAll(async () => {
  shop = await startVerifyCountingShop();
});
afterAll(async () => {
  await shop?.close();
});

describe(`one verify per payment on ${databaseUnderTest}`, () => {
  it('two sweeps and the late callback racing on two instances ask the gateway once', async () => {
    const stuck = await shop.stuckPayment();
    const { back } = stuck;
    const sibling = await shop.app.startSibling();
    try {
      const [, , callback] = await Promise.all([
        reconcilePayments(shop.app.ctx),
        reconcilePayments(sibling.ctx),
        returnToShop(sibling, back),
      ]);
      expect(callback.status).toBe(303);
    } finally {
      await sibling.close();
    }
    expect(shop.verifies()).toBe(1);
    await shop.expectSettledOnce(stuck);
  });

  it('a claim whose holder stopped mid-call lapses, and the next sweep verifies', async () => {
    const stuck = await shop.stuckPayment();
    const { created } = stuck;
    // An instance claimed the payment, then died before the gateway answered.
    const claim = await claimVerify(
      shop.app.ctx.database.db,
      created.payment.id,
      shop.app.clock.now(),
      20_000,
    );
    expect(claim).not.toBeNull();
    await reconcilePayments(shop.app.ctx);
    expect(shop.verifies()).toBe(0);
    expect((await paymentRow(shop.app, created.payment.id)).status).toBe('at_gateway');
    shop.app.clock.advance(21);
    await reconcilePayments(shop.app.ctx);
    expect(shop.verifies()).toBe(1);
    await shop.expectSettledOnce(stuck);
  });
});

// Two instances each with their own connections need PostgreSQL: an embedded PGlite is one process.
