import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedPayment } from '~/shared/commerce';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { claimVerify } from '~/server/commerce/payment-records';
import { reconcilePayments, startReconciler } from '~/server/commerce/reconcile';
import { runPeriodically } from '~/server/core/periodic';
import { ledgerTransfers, titlePurchases } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, pricedTitle, seedShop, type Viewer } from './commerce-fixtures';
import { atGateway, paymentRow, returnToShop, type BackToShop } from './gateway-suite';
import { databaseUnderTest } from './harness';

/**
 * One payment is asked about at its gateway once, however many sweeps and callbacks reach it at the
 * same time, on however many instances: Zarinpal's fake counts the verify calls it is sent, each
 * answered after a pause so that racing callers are all in flight together.
 */

const VERIFY_PAUSE_MS = 300;

let app: AccountsApp;
let served: ServedFake;
let verifies = 0;

beforeAll(async () => {
  const fake = zarinpalFake({ clock: { now: () => app.clock.now() } });
  const counting = new Hono();
  counting.all('*', async (c) => {
    if (c.req.path.endsWith('/verify.json')) {
      verifies += 1;
      await new Promise((resolve) => setTimeout(resolve, VERIFY_PAUSE_MS));
    }
    return fake.app.fetch(c.req.raw);
  });
  served = await serveFake({ ...fake, app: counting });
  app = await startAccountsApp({ ...served.env, SANDBOX_BANK: '0', GATEWAY_TIMEOUT_MS: '5000' });
  await seedShop(app);
});
afterAll(async () => {
  await app?.close();
  await served?.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await app.ctx.database.db.execute(query)) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
  return Number(rows[0]!.n);
}

/** A viewer paid at Zarinpal and never came back; two minutes on, the payment is due for a sweep. */
async function stuckPayment(): Promise<{
  viewer: Viewer;
  film: number;
  created: CreatedPayment;
  back: BackToShop;
}> {
  const film = await pricedTitle(app);
  const viewer = await newViewer(app);
  const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'zarinpal' });
  const back = await atGateway(created, 'pay');
  app.clock.advance(120);
  verifies = 0;
  return { viewer, film, created, back };
}

/** Settled once: fulfilled, one purchase, the gateway's money in once, the books balanced. */
async function expectSettledOnce(viewer: Viewer, film: number, paymentId: number): Promise<void> {
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
  await expectBooksBalanced(app);
}

describe(`one verify per payment on ${databaseUnderTest}`, () => {
  it('two sweeps and the late callback racing on two instances ask the gateway once', async () => {
    const { viewer, film, created, back } = await stuckPayment();
    const sibling = await app.startSibling();
    try {
      const [, , callback] = await Promise.all([
        reconcilePayments(app.ctx),
        reconcilePayments(sibling.ctx),
        returnToShop(sibling, back),
      ]);
      expect(callback.status).toBe(303);
    } finally {
      await sibling.close();
    }
    expect(verifies).toBe(1);
    await expectSettledOnce(viewer, film, created.payment.id);
  });

  it('a claim whose holder stopped mid-call lapses, and the next sweep verifies', async () => {
    const { viewer, film, created } = await stuckPayment();
    // An instance claimed the payment, then died before the gateway answered.
    const claim = await claimVerify(app.ctx.database.db, created.payment.id, app.clock.now(), 20_000);
    expect(claim).not.toBeNull();
    await reconcilePayments(app.ctx);
    expect(verifies).toBe(0);
    expect((await paymentRow(app, created.payment.id)).status).toBe('at_gateway');
    app.clock.advance(21);
    await reconcilePayments(app.ctx);
    expect(verifies).toBe(1);
    await expectSettledOnce(viewer, film, created.payment.id);
  });
});

// Two instances each with their own connections need PostgreSQL: an embedded PGlite is one process.
describe.runIf(databaseUnderTest === 'postgres')('one sweep at a time across instances', () => {
  it('two instances starting their reconciliation together: one sweeps, the gateway hears one verify', async () => {
    const { viewer, film, created } = await stuckPayment();
    const sibling = await app.startSibling();
    try {
      const stops = [startReconciler(app.ctx), startReconciler(sibling.ctx)];
      // Each runs its first sweep at once; stopping waits for it.
      await Promise.all(stops.map((stop) => stop()));
    } finally {
      await sibling.close();
    }
    expect(verifies).toBe(1);
    await expectSettledOnce(viewer, film, created.payment.id);
  });

  it('a periodic job runs on one instance at a time: another skips its run meanwhile, and runs it after', async () => {
    const sibling = await app.startSibling();
    const ran: string[] = [];
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    try {
      const stopFirst = runPeriodically(
        app.ctx.database,
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
