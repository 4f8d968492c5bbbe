import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { gatewayCallOf } from '~/server/commerce/payment-records';
import { recordVerified } from '~/server/commerce/payments';
import {
  discountCodes,
  ledgerTransfers,
  payments,
  sandboxBankSessions,
  titlePurchases,
} from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  apiPath,
  atBank,
  expectBooksBalanced,
  newViewer,
  payAtBank,
  pricedTitle,
  seedShop,
  type Viewer,
} from './commerce-fixtures';

let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

async function purchasesOf(viewer: Viewer, productId: number): Promise<number> {
  const rows = await app.ctx.database.db
    .select({ id: titlePurchases.id })
    .from(titlePurchases)
    .where(sql`${titlePurchases.userId} = ${viewer.userId} and ${titlePurchases.productId} = ${productId}`);
  return rows.length;
}

async function gatewayIns(paymentId: number): Promise<number> {
  const rows = await app.ctx.database.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.paymentId} = ${paymentId} and ${ledgerTransfers.kind} = 'gateway_in'`);
  return rows.length;
}

/** Charges the viewer's wallet through the bank. */
async function charge(viewer: Viewer, amount: number): Promise<void> {
  const created = await viewer.buy({ type: 'CHARGE_WALLET', amount, gateway: 'sandbox', currency: 'IRR' });
  await payAtBank(app, created);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
}

describe('every payment is fulfilled exactly once', () => {
  it('a callback replayed 1000 times fulfils once', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    const callback = apiPath(await atBank(app, created, 'pay'));
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => app.request(callback)));
      expect(answers.every((res) => res.status === 303)).toBe(true);
    }
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    expect(await purchasesOf(viewer, film)).toBe(1);
    expect(await gatewayIns(created.payment.id)).toBe(1);
    await expectBooksBalanced(app);
  });

  it('two callbacks at once, on two instances, with the browser polling, fulfil once', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const sibling = await app.startSibling();
    try {
      const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
      const callback = apiPath(await atBank(app, created, 'pay'));
      const poll = () =>
        app.request(`/payments/${created.payment.id}`, {
          headers: { authorization: `Bearer ${viewer.token}` },
        });
      const answers = await Promise.all([app.request(callback), sibling.request(callback), poll(), poll()]);
      expect(answers.map((res) => res.status)).toEqual([303, 303, 200, 200]);
      expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
      expect(await purchasesOf(viewer, film)).toBe(1);
      expect(await gatewayIns(created.payment.id)).toBe(1);
    } finally {
      await sibling.close();
    }
    await expectBooksBalanced(app);
  });

  it('a crash after the gateway verified loses nothing: reconciliation fulfils', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await atBank(app, created, 'pay');
    // The gateway verified (its side is done), then the server died before writing anything.
    const adapter = app.ctx.gateways.get('sandbox')!;
    const [row] = await app.ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, created.payment.id));
    const answer = await adapter.verify(gatewayCallOf(row!));
    expect(answer.outcome).toBe('paid');
    expect((await viewer.payment(created.payment.id)).status).toBe('at_gateway');
    app.clock.advance(120);
    await reconcilePayments(app.ctx);
    const payment = await viewer.payment(created.payment.id);
    expect(payment.status).toBe('fulfilled');
    expect(payment.reference).toBe(answer.outcome === 'paid' ? answer.trace : null);
    expect(await purchasesOf(viewer, film)).toBe(1);
  });

  it('a crash between verification and fulfilment: the payment stays verified, then is fulfilled once', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await atBank(app, created, 'pay');
    const [open] = await app.ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, created.payment.id));
    await recordVerified(app.ctx, open!, { trace: '1234567890', card: null });
    const [row] = await app.ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, created.payment.id));
    expect(row!.status).toBe('verified');
    await Promise.all([reconcilePayments(app.ctx), reconcilePayments(app.ctx)]);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    expect(await purchasesOf(viewer, film)).toBe(1);
    await expectBooksBalanced(app);
  });

  it('an amount that differs at the gateway is refused and nothing is given', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    const callback = await atBank(app, created, 'pay');
    // The bank holds another amount than the one we asked for (a tampered or broken session).
    await app.ctx.database.db
      .update(sandboxBankSessions)
      .set({ amount: 1000 })
      .where(eq(sandboxBankSessions.callbackUrl, new URL(callback).origin + new URL(callback).pathname));
    await app.request(apiPath(callback));
    const payment = await viewer.payment(created.payment.id);
    expect(payment.status).toBe('failed');
    expect(payment.note).toMatch(/مبلغ/);
    expect(await purchasesOf(viewer, film)).toBe(0);
  });

  it('a payer who never comes back: the payment expires and the held wallet part is released', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    await charge(viewer, 300_000);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: film,
      gateway: 'sandbox',
      use_wallet: true,
    });
    expect(created.payment).toMatchObject({ wallet_part: 300_000, gateway_part: 459_000 });
    const held = await app.as(viewer.token, '/me/wallet');
    expect((await held.json()).balances).toEqual([{ currency: 'IRR', balance: 0, held: 300_000 }]);
    app.clock.advance(31 * 60);
    await reconcilePayments(app.ctx);
    expect((await viewer.payment(created.payment.id)).status).toBe('expired');
    const wallet = await (await app.as(viewer.token, '/me/wallet')).json();
    expect(wallet.balances).toEqual([{ currency: 'IRR', balance: 300_000, held: 0 }]);
    await expectBooksBalanced(app);
  });

  it('100 concurrent wallet spends never take the wallet below zero; the balance equals the ledger', async () => {
    const viewer = await newViewer(app);
    await charge(viewer, 1_000_000);
    const films = await Promise.all(
      Array.from({ length: 100 }, () => pricedTitle(app, {}, { irr: 100_000, usd: 50 })),
    );
    const answers = await Promise.all(
      films.map((film) => viewer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'wallet' })),
    );
    const accepted = answers.filter((res) => res.status === 201).length;
    const refused = answers.filter((res) => res.status === 422).length;
    expect(accepted).toBe(9); // 9 × 110,000 = 990,000 ≤ 1,000,000 < 10 × 110,000
    expect(refused).toBe(91);
    const wallet = await (await app.as(viewer.token, '/me/wallet')).json();
    expect(wallet.balances).toEqual([{ currency: 'IRR', balance: 10_000, held: 0 }]);
    await expectBooksBalanced(app);
  });

  it('a code limited to 5 uses is used 5 times when 20 buyers race; once-per-account holds too', async () => {
    await app.ctx.database.db
      .insert(discountCodes)
      .values({ code: 'FIVE', kind: 'percent', percent: 10, maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newViewer(app)));
    const film = await pricedTitle(app);
    const answers = await Promise.all(
      buyers.map((buyer) =>
        buyer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox', discount_code: 'five' }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
    const refusals = await Promise.all(answers.filter((res) => res.status === 422).map((res) => res.json()));
    expect(refusals).toHaveLength(15);
    expect(refusals.every((body) => body.errors.discount_code.length === 1)).toBe(true);

    const one = buyers[0]!;
    const titles = await Promise.all(Array.from({ length: 10 }, () => pricedTitle(app)));
    const once = await Promise.all(
      titles.map((title) =>
        one.start({ type: 'BUY_MOVIE', item_id: title, gateway: 'sandbox', discount_code: 'DEMO-ONCE' }),
      ),
    );
    expect(once.filter((res) => res.status === 201)).toHaveLength(1);
  });

  it('a held discount is given back when its payment is cancelled', async () => {
    const viewer = await newViewer(app);
    const film = await pricedTitle(app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: film,
      gateway: 'sandbox',
      discount_code: 'DEMO-ONCE',
    });
    expect(created.payment).toMatchObject({
      discount: 138_000,
      vat: 55_200,
      total: 607_200,
      discount_code: 'DEMO-ONCE',
    });
    await app.request(apiPath(await atBank(app, created, 'cancel')));
    const again = await viewer.start({
      type: 'BUY_MOVIE',
      item_id: film,
      gateway: 'sandbox',
      discount_code: 'DEMO-ONCE',
    });
    expect(again.status).toBe(201);
  });

  it('what can no longer be delivered is credited to the wallet, and the viewer is told', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const first = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    const second = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await payAtBank(app, first);
    await payAtBank(app, second);
    const credited = await viewer.payment(second.payment.id);
    expect(credited.status).toBe('credited');
    expect(credited.note).toContain('کیف پول');
    const wallet = await (await app.as(viewer.token, '/me/wallet')).json();
    expect(wallet.balances).toEqual([{ currency: 'IRR', balance: 759_000, held: 0 }]);
    expect(await purchasesOf(viewer, film)).toBe(1);
    await expectBooksBalanced(app);
  });
});

describe('final states stay final', () => {
  it('a cancelled payment stays cancelled when a late OK callback arrives for it', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    const cancelled = await atBank(app, created, 'cancel');
    await app.request(apiPath(cancelled));
    const forged = new URL(cancelled);
    forged.searchParams.set('Status', 'OK');
    await app.request(apiPath(forged.toString()));
    expect((await viewer.payment(created.payment.id)).status).toBe('cancelled');
    expect(await purchasesOf(viewer, film)).toBe(0);
  });
});
