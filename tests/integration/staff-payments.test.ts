import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, iranDay } from '~/lib/iran-day';
import type { Wallet } from '~/shared/commerce';
import type {
  PaymentTotals,
  StaffPaymentAction,
  StaffPaymentDetail,
  StaffPayments,
} from '~/shared/staff-payments';
import { auditLog, ledgerTransfers, users } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  expectBooksBalanced,
  FILM_IRR,
  newViewer,
  payAtBank,
  pricedTitle,
  seedShop,
  type Viewer,
} from './commerce-fixtures';
import { newStaffMember } from './staff-fixtures';

/** The console's Payments section (issue 17): lookup, timeline, refunds to the wallet, totals. */

let app: AccountsApp;
let finance: string;
let support: string;
let financeId: number;

const FILM_TOTAL = 759_000; // 690,000 + 10 % VAT
const FILM_VAT = 69_000;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  const financeViewer = await newStaffMember(app, 'finance');
  finance = financeViewer.token;
  financeId = financeViewer.userId;
  support = (await newStaffMember(app, 'support')).token;
});
afterAll(() => app.close());

/** A film bought and paid at the sandbox bank: a fulfilled payment of 759,000 rials. */
async function boughtFilm(viewer: Viewer): Promise<number> {
  const created = await viewer.buy({
    type: 'BUY_MOVIE',
    item_id: await pricedTitle(app),
    gateway: 'sandbox',
  });
  await payAtBank(app, created);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  return created.payment.id;
}

async function detail(token: string, id: number): Promise<StaffPaymentDetail> {
  const res = await app.as(token, `/staff/payments/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as StaffPaymentDetail;
}

async function search(token: string, query: Record<string, string>): Promise<number[]> {
  const res = await app.as(token, `/staff/payments?${new URLSearchParams(query)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as StaffPayments).payments.map((payment) => payment.id);
}

const refund = (id: number, amount: number, expected: number, token = finance) =>
  app.as(token, `/staff/payments/${id}/refund`, {
    method: 'POST',
    json: { amount, reason: 'stream broke twice', expected_refunded: expected },
  });

async function walletIrr(viewer: Viewer): Promise<number> {
  const wallet = (await (await app.as(viewer.token, '/me/wallet')).json()) as Wallet;
  return wallet.balances.find((line) => line.currency === 'IRR')?.balance ?? 0;
}

async function auditOf(action: string, paymentId: number) {
  return app.ctx.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.targetType, 'payment'),
        eq(auditLog.targetId, String(paymentId)),
      ),
    );
}

/** What a payment's transfers left on one kind of account (credits minus debits). */
async function netOn(paymentId: number, kind: 'sales' | 'vat' | 'discounts'): Promise<number> {
  const result = (await app.ctx.database.db.execute(sql`
    select coalesce(sum(case when a.id = t.credit_account_id then t.amount else -t.amount end), 0)::text as net
    from ${ledgerTransfers} t join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
    where t.payment_id = ${paymentId} and a.kind = ${kind} and t.phase in ('posted', 'post')`)) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { net: string }[];
  return Number(rows[0]!.net);
}

/** Today as an Iranian day, the way the console's dates and totals count days. */
function iranToday(offsetDays = 0): string {
  return addDays(iranDay(app.clock.now()), offsetDays);
}

describe('finding payments', () => {
  it('by payment id, gateway reference, viewer, gateway, status, type and day', async () => {
    const viewer = await newViewer(app);
    const other = await newViewer(app);
    const id = await boughtFilm(viewer);
    const otherId = await boughtFilm(other);
    const [owner] = await app.ctx.database.db.select().from(users).where(eq(users.id, viewer.userId));
    const found = await detail(finance, id);

    expect(await search(finance, { reference: String(id) })).toEqual([id]);
    expect(await search(finance, { reference: found.payment.reference! })).toEqual([id]);
    expect(await search(finance, { reference: found.payment.gateway_ref! })).toEqual([id]);
    // The mobile as staff type it, in Persian digits and the 09… form.
    const typed = `۰${owner!.phone!.slice(3)}`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(await search(finance, { viewer: typed })).toEqual([id]);
    const byFilters = await search(support, {
      gateway: 'sandbox',
      status: 'fulfilled',
      type: 'BUY_MOVIE',
      from: iranToday(),
      to: iranToday(),
    });
    expect(byFilters).toEqual(expect.arrayContaining([id, otherId]));
    expect(await search(finance, { status: 'cancelled', reference: String(id) })).toEqual([]);
    expect(await search(finance, { type: 'SUBSCRIPTION', reference: String(id) })).toEqual([]);
    expect(await search(finance, { gateway: 'zarinpal', reference: String(id) })).toEqual([]);
    expect(await search(finance, { from: iranToday(1), reference: String(id) })).toEqual([]);
    expect(await search(finance, { to: iranToday(-1), reference: String(id) })).toEqual([]);
    expect(await search(finance, { reference: 'no-such-reference' })).toEqual([]);

    const bad = await app.as(finance, '/staff/payments?status=paid', {
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(422);
  });

  it('shows the timeline from start to fulfilment, and the viewer', async () => {
    const viewer = await newViewer(app);
    const id = await boughtFilm(viewer);
    const shown = await detail(support, id);
    expect(shown.timeline.map((step) => step.status)).toEqual([
      'started',
      'at_gateway',
      'verified',
      'fulfilled',
    ]);
    expect(shown.timeline[0]!.from).toBeNull();
    expect(shown.payment.viewer.id).toBe(viewer.userId);
    expect(shown.payment).toMatchObject({ total: FILM_TOTAL, vat: FILM_VAT, refunded: 0 });
    expect(shown.refundable).toBe(FILM_TOTAL);
    // The sandbox bank cannot reverse: its money goes back through the wallet.
    expect(shown.reversible).toBe(false);
    expect((await app.as(support, '/staff/payments/999999')).status).toBe(404);
  });
});

describe('refunds to the wallet', () => {
  it('two staff pressing at once, on two instances, refund once; the audit log has the one refund', async () => {
    const viewer = await newViewer(app);
    const id = await boughtFilm(viewer);
    const second = await newStaffMember(app, 'finance');
    // On PostgreSQL the sibling is a second instance with its own connections.
    const sibling = await app.startSibling();
    const body = { amount: FILM_TOTAL, reason: 'stream broke twice', expected_refunded: 0 };
    const answers = await Promise.all([
      refund(id, FILM_TOTAL, 0),
      sibling.request(`/staff/payments/${id}/refund`, {
        method: 'POST',
        json: body,
        headers: { authorization: `Bearer ${second.token}` },
      }),
      refund(id, FILM_TOTAL, 0, second.token),
      sibling.request(`/staff/payments/${id}/refund`, {
        method: 'POST',
        json: body,
        headers: { authorization: `Bearer ${finance}` },
      }),
    ]);
    await sibling.close();
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletIrr(viewer)).toBe(FILM_TOTAL);
    const shown = await detail(finance, id);
    expect(shown.refunds).toHaveLength(1);
    expect(shown.refunds[0]).toMatchObject({
      method: 'wallet',
      status: 'done',
      amount: FILM_TOTAL,
      vat: FILM_VAT,
    });
    expect(shown.refundable).toBe(0);
    const entries = await auditOf('payment.refund', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ refunded: 0 });
    expect(entries[0]!.after).toMatchObject({ refunded: FILM_TOTAL, refund: { amount: FILM_TOTAL } });
    expect([financeId, second.userId]).toContain(entries[0]!.actorId);
    // Everything the sale and the VAT took is back: nothing of this payment stays in sales or VAT.
    expect(await netOn(id, 'sales')).toBe(0);
    expect(await netOn(id, 'vat')).toBe(0);
    await expectBooksBalanced(app);
  });

  it('partial refunds never exceed what was paid, and give back exactly its VAT in total', async () => {
    const viewer = await newViewer(app);
    const id = await boughtFilm(viewer);
    const first = await refund(id, 250_001, 0, finance);
    expect(first.status, await first.clone().text()).toBe(200);
    const action = (await first.json()) as StaffPaymentAction;
    expect(action.detail.payment.refunded).toBe(250_001);
    expect(action.detail.refundable).toBe(FILM_TOTAL - 250_001);

    const stale = await refund(id, 10_000, 0);
    expect(stale.status).toBe(409);
    const tooMuch = await app.as(finance, `/staff/payments/${id}/refund`, {
      method: 'POST',
      json: { amount: FILM_TOTAL, reason: 'too much', expected_refunded: 250_001 },
      headers: { 'accept-language': 'en' },
    });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).errors.amount[0]).toBe('The refund is more than what is left to refund.');

    expect((await refund(id, 333_333, 250_001)).status).toBe(200);
    expect((await refund(id, FILM_TOTAL - 583_334, 583_334)).status).toBe(200);
    expect((await refund(id, 1, FILM_TOTAL)).status).toBe(422);
    const shown = await detail(finance, id);
    expect(shown.refunds.map((row) => row.amount)).toEqual([250_001, 333_333, FILM_TOTAL - 583_334]);
    expect(shown.refunds.reduce((sum, row) => sum + row.vat, 0)).toBe(FILM_VAT);
    expect(await walletIrr(viewer)).toBe(FILM_TOTAL);
    expect(await auditOf('payment.refund', id)).toHaveLength(3);
    await expectBooksBalanced(app);
  });

  it('a discounted purchase refunded in full undoes its discount booking too', async () => {
    const viewer = await newViewer(app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
      discount_code: 'DEMO-20',
    });
    await payAtBank(app, created);
    const paid = await viewer.payment(created.payment.id);
    expect(paid.discount).toBe(FILM_IRR / 5);
    expect((await refund(paid.id, paid.total, 0)).status).toBe(200);
    for (const kind of ['sales', 'vat', 'discounts'] as const) expect(await netOn(paid.id, kind)).toBe(0);
    await expectBooksBalanced(app);
  });

  it('is refused for what the wallet already holds, for support, and for a viewer', async () => {
    const viewer = await newViewer(app);
    const charge = await viewer.buy({ type: 'CHARGE_WALLET', amount: 500_000, gateway: 'sandbox' });
    await payAtBank(app, charge);
    const refused = await refund(charge.payment.id, 500_000, 0);
    expect(refused.status).toBe(409);
    expect((await detail(finance, charge.payment.id)).refundable).toBe(0);

    const id = await boughtFilm(viewer);
    expect((await refund(id, 1000, 0, support)).status).toBe(403);
    expect((await refund(id, 1000, 0, viewer.token)).status).toBe(403);
    expect((await app.request(`/staff/payments/${id}`)).status).toBe(401);
    expect(
      (await app.as(support, `/staff/payments/totals?from=${iranToday()}&to=${iranToday()}`)).status,
    ).toBe(403);
    expect(await auditOf('payment.refund', id)).toHaveLength(0);
  });
});

describe('totals per day and gateway', () => {
  it('counts what came in and what went back, in each currency apart', async () => {
    const before = { IRR: await totals('IRR'), USD: await totals('USD') };
    const viewer = await newViewer(app);
    const id = await boughtFilm(viewer);
    const charge = await viewer.buy({ type: 'CHARGE_WALLET', amount: 500_000, gateway: 'sandbox' });
    await payAtBank(app, charge);
    expect((await refund(id, 100_000, 0)).status).toBe(200);
    // The same film in dollars: $2.99 + 10 % VAT (30 cents) = $3.29.
    const abroad = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
      currency: 'USD',
    });
    await payAtBank(app, abroad);
    expect((await refund(abroad.payment.id, 29, 0)).status).toBe(200);

    const irr = await totals('IRR');
    expect(irr.payments - before.IRR.payments).toBe(2);
    expect(irr.received - before.IRR.received).toBe(FILM_TOTAL + 500_000);
    expect(irr.sales - before.IRR.sales).toBe(FILM_TOTAL);
    expect(irr.vat - before.IRR.vat).toBe(FILM_VAT);
    expect(irr.refunded - before.IRR.refunded).toBe(100_000);
    const usd = await totals('USD');
    expect(usd.payments - before.USD.payments).toBe(1);
    expect(usd.received - before.USD.received).toBe(329);
    expect(usd.sales - before.USD.sales).toBe(329);
    expect(usd.vat - before.USD.vat).toBe(30);
    expect(usd.refunded - before.USD.refunded).toBe(29);
  });
});

async function totals(currency: 'IRR' | 'USD') {
  const res = await app.as(finance, `/staff/payments/totals?from=${iranToday(-1)}&to=${iranToday()}`);
  expect(res.status).toBe(200);
  const { days } = (await res.json()) as PaymentTotals;
  const today = days.find(
    (row) => row.day === iranToday() && row.gateway === 'sandbox' && row.currency === currency,
  );
  return today ?? { payments: 0, received: 0, sales: 0, vat: 0, refunded: 0 };
}
