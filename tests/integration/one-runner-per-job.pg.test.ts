import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startReconciler } from '~/server/commerce/reconcile';
import { runPeriodically } from '~/server/core/periodic';
import { startVerifyCountingShop, type VerifyCountingShop } from './verify-counting-shop';

/**
 * Periodic jobs run on one instance at a time. PostgreSQL only (a .pg.test.ts file, left out of the
 * PGlite run): two instances each with their own connections need a server; an embedded PGlite is one
 * process, where the job lock is always granted.
 */

let shop: VerifyCountingShop;
beforeAll(async () => {
  shop = await startVerifyCountingShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('one sweep at a time across instances', () => {
  it('two instances starting their reconciliation together: one sweeps, the gateway hears one verify', async () => {
    const stuck = await shop.stuckPayment();
    const sibling = await shop.app.startSibling();
    try {
      const stops = [startReconciler(shop.app.ctx), startReconciler(sibling.ctx)];
      // Each runs its first sweep at once; stopping waits for it.
      await Promise.all(stops.map((stop) => stop()));
    } finally {
      await sibling.close();
    }
    expect(shop.verifies()).toBe(1);
    await shop.expectSettledOnce(stuck);
  });

  it('a periodic job runs on one instance at a time: another skips its run meanwhile, and runs it after', async () => {
    const sibling = await shop.app.startSibling();
    const ran: string[] = [];
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    try {
      const stopFirst = runPeriodically(
        shop.app.ctx.database,
        'test-job',
        async () => {
          ran.push('first');
          await finished;
        },
        60_000,
      );
      await vi.waitFor(() => expect(ran).toEqual(['first']));
      const job = async () => void ran.push('second');
      await runPeriodically(sibling.ctx.database, 'test-job', job, 60_000)();
      expect(ran).toEqual(['first']);
      finish();
      await stopFirst();
      await runPeriodically(sibling.ctx.database, 'test-job', job, 60_000)();
      expect(ran).toEqual(['first', 'second']);
    } finally {
      finish();
      await sibling.close();
    }
  });
});
