import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { expect } from 'vitest';
import type { CreatedPayment } from '~/shared/commerce';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { ledgerTransfers, titlePurchases } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, pricedTitle, seedShop, type Viewer } from './commerce-fixtures';
import { atGateway, type BackToShop } from './gateway-suite';

/**
 * A shop whose Zarinpal fake counts the verify calls it is sent, each answered after a pause so that
 * racing callers are all in flight together: one payment must be asked about once, however many
 * sweeps and callbacks reach it at the same time, on however many instances.
 */

const VERIFY_PAUSE_MS = 300;

export interface StuckPayment {
  viewer: Viewer;
  film: number;
  created: CreatedPayment;
  back: BackToShop;
}

export interface VerifyCountingShop {
  app: AccountsApp;
  /** Verify calls the gateway has heard since the last stuckPayment(). */
  verifies(): number;
  /** A viewer paid at Zarinpal and never came back; two minutes on, the payment is due for a sweep. */
  stuckPayment(): Promise<StuckPayment>;
  /** Settled once: fulfilled, one purchase, the gateway's money in once, the books balanced. */
  expectSettledOnce(stuck: StuckPayment): Promise<void>;
  close(): Promise<void>;
}

export async function startVerifyCountingShop(): Promise<VerifyCountingShop> {
  let verifies = 0;
  // The fake reads the app's clock, which exists by the time the first payment reaches it.
  const fake = zarinpalFake({ clock: { now: () => started.clock.now() } });
  const counting = new Hono();
  counting.all('*', async (c) => {
    if (c.req.path.endsWith('/verify.json')) {
      verifies += 1;
      await new Promise((resolve) => setTimeout(resolve, VERIFY_PAUSE_MS));
    }
    return fake.app.fetch(c.req.raw);
  });
  const served: ServedFake = await serveFake({ ...fake, app: counting });
  const started = await startAccountsApp({ ...served.env, SANDBOX_BANK: '0', GATEWAY_TIMEOUT_MS: '5000' });
  await seedShop(started);

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const result = (await started.ctx.database.db.execute(query)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
    return Number(rows[0]!.n);
  }

  return {
    app: started,
    verifies: () => verifies,
    async stuckPayment() {
      const film = await pricedTitle(started);
      const viewer = await newViewer(started);
      const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'zarinpal' });
      const back = await atGateway(created, 'pay');
      started.clock.advance(120);
      verifies = 0;
      return { viewer, film, created, back };
    },
    async expectSettledOnce({ viewer, film, created }) {
      const paymentId = created.payment.id;
      expect((await viewer.payment(paymentId)).status).toBe('fulfilled');
      expect(
        await count(
          sql`select count(*) as n from ${titlePurchases} where ${titlePurchases.userId} = ${viewer.userId} and ${titlePurchases.productId} = ${film}`,
        ),
      ).toBe(1);
      expect(
        await count(
          sql`select count(*) as n from ${ledgerTransfers} where ${ledgerTransfers.paymentId} = ${paymentId} and ${ledgerTransfers.kind} = 'gateway_in'`,
        ),
      ).toBe(1);
      await expectBooksBalanced(started);
    },
    async close() {
      await started.close();
      await served.close();
    },
  };
}
