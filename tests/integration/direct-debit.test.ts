import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DirectDebit, DirectDebitContract } from '~/shared/direct-debit';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { zarinpalFake, type ZarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { renewSubscriptions } from '~/server/commerce/renewal';
import { unseal } from '~/server/commerce/sealed';
import { paymanContracts, paymanRenewals, payments, subscriptions } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { apiPath, expectBooksBalanced, newViewer, seedShop, type Viewer } from './commerce-fixtures';

/**
 * Monthly direct debit against the Zarinpal fake's Payman over real HTTP: signing at the bank's page,
 * renewals on the app's clock (two instances, retries, giving up), cancelling.
 */

const DAY_S = 86_400;
/** The monthly demo package with 10 % VAT. */
const MONTH_WITH_VAT = 1_639_000;

let app: AccountsApp;
let fake: ZarinpalFake;
let served: ServedFake;

beforeAll(async () => {
  fake = zarinpalFake({ clock: { now: () => app.clock.now() } });
  served = await serveFake(fake);
  app = await startAccountsApp({ ...served.env, SANDBOX_BANK: '0', GATEWAY_TIMEOUT_MS: '1000' });
  await seedShop(app);
});

afterAll(async () => {
  await app?.close();
  await served?.close();
});

beforeEach(() => {
  fake.payman.refuseCheckouts = 0;
  fake.hang.clear();
});

async function directDebit(viewer: Viewer): Promise<DirectDebit> {
  const res = await app.as(viewer.token, '/me/direct-debit');
  expect(res.status).toBe(200);
  return (await res.json()) as DirectDebit;
}

/** POST /me/direct-debit for the Saman bank: the signing page it answers. */
async function askForContract(viewer: Viewer): Promise<string> {
  const res = await app.as(viewer.token, '/me/direct-debit', { json: { bank_code: 'SABCIR' } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { redirect } = (await res.json()) as { redirect: string };
  expect(redirect.startsWith(`${served.origin}/pg/StartPayman/payman_`)).toBe(true);
  expect(redirect.endsWith('/SABCIR')).toBe(true);
  return redirect;
}

/** The bank's page: a button pressed; returns our callback the bank sends the browser to. */
async function pressAtBank(redirect: string, action: 'sign' | 'cancel'): Promise<string> {
  const page = await fetch(redirect);
  expect(await page.text()).toContain('بانک سامان');
  const pressed = await fetch(redirect, {
    method: 'POST',
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  });
  expect(pressed.status).toBe(303);
  return pressed.headers.get('location')!;
}

/** The viewer's browser at the bank's signing page: asks, presses a button, comes back. */
async function signAtBank(viewer: Viewer, action: 'sign' | 'cancel'): Promise<string> {
  const callback = await pressAtBank(await askForContract(viewer), action);
  const back = await app.request(apiPath(callback));
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toBe('/account/direct-debit');
  return callback;
}

async function signedViewer(): Promise<{ viewer: Viewer; contract: DirectDebitContract }> {
  const viewer = await newViewer(app);
  await signAtBank(viewer, 'sign');
  const { contract } = await directDebit(viewer);
  expect(contract?.status).toBe('signed');
  return { viewer, contract: contract! };
}

/** A running subscription of the viewer that ends `days` from now. */
async function subscribedUntil(viewer: Viewer, days: number): Promise<Date> {
  const now = app.clock.now();
  const endsAt = new Date(now.getTime() + days * DAY_S * 1000);
  await app.ctx.database.db.insert(subscriptions).values({
    userId: viewer.userId,
    plan: 'monthly',
    startsAt: new Date(endsAt.getTime() - 30 * DAY_S * 1000),
    endsAt,
    source: 'script',
    createdAt: now,
  });
  return endsAt;
}

const renewalPayments = (viewer: Viewer) =>
  app.ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, viewer.userId), eq(payments.type, 'SUBSCRIPTION')));

async function latestEnd(viewer: Viewer): Promise<Date> {
  const rows = await app.ctx.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, viewer.userId));
  return new Date(Math.max(...rows.map((row) => row.endsAt.getTime())));
}

async function renewalOf(contractId: number) {
  const rows = await app.ctx.database.db
    .select()
    .from(paymanRenewals)
    .where(eq(paymanRenewals.contractId, contractId));
  return rows;
}

describe('signing a direct-debit contract', () => {
  it("asks with the account's mobile and our limits, keeps the signature sealed, once", async () => {
    const viewer = await newViewer(app);
    const before = await directDebit(viewer);
    expect(before.contract).toBeNull();
    expect(before.banks.map((bank) => bank.bank_code)).toEqual(['SABCIR', 'SINAIR']);
    expect(before.monthly_amount).toBe(MONTH_WITH_VAT);

    const callback = await signAtBank(viewer, 'sign');
    const { contract } = await directDebit(viewer);
    expect(contract).toMatchObject({
      status: 'signed',
      bank_code: 'SABCIR',
      bank_name: 'بانک سامان',
      max_amount: MONTH_WITH_VAT,
      max_daily_count: 1,
      max_monthly_count: 4,
    });
    expect(contract!.mobile).toMatch(/^0935\d{7}$/);
    const [atBank] = [...fake.payman.contracts.values()].filter((c) => c.mobile === contract!.mobile);
    expect(atBank!.expiresAt.getTime() - app.clock.now().getTime()).toBeGreaterThanOrEqual(30 * DAY_S * 1000);
    const [row] = await app.ctx.database.db
      .select()
      .from(paymanContracts)
      .where(eq(paymanContracts.id, contract!.id));
    expect(row!.sealedSignature).not.toContain(atBank!.signature!);
    expect(unseal(app.ctx.config, row!.sealedSignature!)).toBe(atBank!.signature);

    // A replayed callback changes nothing; a second contract waits for this one's cancellation.
    expect((await app.request(apiPath(callback))).status).toBe(303);
    const again = await app.as(viewer.token, '/me/direct-debit', { json: { bank_code: 'SINAIR' } });
    expect(again.status).toBe(409);
  });

  it('is refused when the viewer cancels at the bank', async () => {
    const viewer = await newViewer(app);
    await signAtBank(viewer, 'cancel');
    expect((await directDebit(viewer)).contract?.status).toBe('refused');
  });

  it('is signed at the next look when the way back from the bank was lost, else refused after 30 minutes', async () => {
    const viewer = await newViewer(app);
    await pressAtBank(await askForContract(viewer), 'sign');
    expect((await directDebit(viewer)).contract?.status).toBe('signed');

    const other = await newViewer(app);
    await askForContract(other);
    expect((await directDebit(other)).contract?.status).toBe('pending');
    app.clock.advance(31 * 60);
    expect((await directDebit(other)).contract?.status).toBe('refused');
  });

  it('refuses an unknown bank, and says to try again when Zarinpal does not answer', async () => {
    const viewer = await newViewer(app);
    const res = await app.as(viewer.token, '/me/direct-debit', { json: { bank_code: 'NOPEIR' } });
    expect(res.status).toBe(422);
    fake.hang.add('contract');
    const unanswered = await app.as(viewer.token, '/me/direct-debit', { json: { bank_code: 'SABCIR' } });
    expect(unanswered.status).toBe(503);
    expect((await directDebit(viewer)).contract).toBeNull();
  });
});

describe('renewals', () => {
  it('charge once per period, even with two instances at once, and tell the viewer', async () => {
    const { viewer, contract } = await signedViewer();
    expect((await directDebit(viewer)).subscription_ends_at).toBeNull();
    const endsAt = await subscribedUntil(viewer, 1);
    expect((await directDebit(viewer)).subscription_ends_at).toBe(endsAt.toISOString());
    const sibling = await app.startSibling();
    try {
      await Promise.all([renewSubscriptions(app.ctx), renewSubscriptions(sibling.ctx)]);
      await Promise.all([renewSubscriptions(app.ctx), renewSubscriptions(sibling.ctx)]);
    } finally {
      await sibling.close();
    }
    const charged = await renewalPayments(viewer);
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ status: 'fulfilled', gateway: 'zarinpal', total: MONTH_WITH_VAT });
    expect((await latestEnd(viewer)).getTime()).toBeGreaterThan(endsAt.getTime() + 27 * DAY_S * 1000);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'paid', attempts: 1 }]);
    // One notice (in the viewer's language, the amount in toman), however many instances ran.
    const notices = (await app.outbox()).filter((line) => line.text.includes('۱۶۳٬۹۰۰ تومان'));
    expect(notices).toHaveLength(1);

    // Nothing more is due until two days before the new end.
    app.clock.advance(2 * DAY_S);
    await renewSubscriptions(app.ctx);
    expect(await renewalPayments(viewer)).toHaveLength(1);
    await expectBooksBalanced(app);
  });

  it('try a refused charge again a day later, and give up after the third', async () => {
    const { viewer, contract } = await signedViewer();
    await subscribedUntil(viewer, 1);
    fake.payman.refuseCheckouts = 1;
    await renewSubscriptions(app.ctx);
    expect((await renewalPayments(viewer)).map((p) => p.status)).toEqual(['cancelled']);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'due', attempts: 1 }]);
    // Not again within the day.
    app.clock.advance(DAY_S / 2);
    await renewSubscriptions(app.ctx);
    expect(await renewalPayments(viewer)).toHaveLength(1);
    app.clock.advance(DAY_S / 2 + 60);
    await renewSubscriptions(app.ctx);
    expect((await renewalPayments(viewer)).map((p) => p.status).sort()).toEqual(['cancelled', 'fulfilled']);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'paid', attempts: 2 }]);

    const other = await signedViewer();
    await subscribedUntil(other.viewer, 1);
    fake.payman.refuseCheckouts = 3;
    for (const wait of [0, DAY_S + 60, 2 * DAY_S + 60, 3 * DAY_S]) {
      app.clock.advance(wait);
      await renewSubscriptions(app.ctx);
    }
    expect((await renewalPayments(other.viewer)).map((p) => p.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(await renewalOf(other.contract.id)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    await expectBooksBalanced(app);
  });

  it('leave a charge whose answer was lost to reconciliation, which fulfils it once', async () => {
    const { viewer, contract } = await signedViewer();
    await subscribedUntil(viewer, 1);
    fake.hang.add('checkout-answer');
    await renewSubscriptions(app.ctx);
    fake.hang.delete('checkout-answer');
    expect((await renewalPayments(viewer)).map((p) => p.status)).toEqual(['at_gateway']);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'charging', attempts: 1 }]);
    // A pass meanwhile neither charges again nor closes the attempt.
    await renewSubscriptions(app.ctx);
    expect(await renewalPayments(viewer)).toHaveLength(1);

    app.clock.advance(61);
    await reconcilePayments(app.ctx);
    await renewSubscriptions(app.ctx);
    expect((await renewalPayments(viewer)).map((p) => p.status)).toEqual(['fulfilled']);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'paid', attempts: 1 }]);
    await expectBooksBalanced(app);
  });

  it('count an attempt whose instance stopped before opening its payment as failed, an hour on', async () => {
    const { viewer, contract } = await signedViewer();
    const periodEnd = await subscribedUntil(viewer, 1);
    // What an instance leaves when it stops between claiming the attempt and starting the payment.
    const now = app.clock.now();
    await app.ctx.database.db.insert(paymanRenewals).values({
      contractId: contract.id,
      periodEnd,
      status: 'charging',
      attempts: 1,
      nextAttemptAt: now,
      updatedAt: now,
    });
    await renewSubscriptions(app.ctx);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'charging', attempts: 1 }]);
    app.clock.advance(61 * 60);
    await renewSubscriptions(app.ctx);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'due', attempts: 1 }]);
    app.clock.advance(DAY_S);
    await renewSubscriptions(app.ctx);
    expect((await renewalPayments(viewer)).map((p) => p.status)).toEqual(['fulfilled']);
    expect(await renewalOf(contract.id)).toMatchObject([{ status: 'paid', attempts: 2 }]);
  });

  it('stop once the viewer cancels the contract, at Zarinpal too', async () => {
    const { viewer, contract } = await signedViewer();
    const cancelled = await app.as(viewer.token, '/me/direct-debit', { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { contract: DirectDebitContract }).contract.status).toBe('cancelled');
    expect([...fake.payman.contracts.values()].find((c) => c.mobile === contract.mobile)?.status).toBe(
      'cancelled',
    );
    await subscribedUntil(viewer, 1);
    await renewSubscriptions(app.ctx);
    expect(await renewalPayments(viewer)).toHaveLength(0);
    expect((await app.as(viewer.token, '/me/direct-debit', { method: 'DELETE' })).status).toBe(404);
    // A new contract may be signed after it.
    await signAtBank(viewer, 'sign');
    expect((await directDebit(viewer)).contract?.status).toBe('signed');
  });

  it('stop once the contract expired', async () => {
    const { viewer } = await signedViewer();
    app.clock.advance(366 * DAY_S);
    await subscribedUntil(viewer, 1);
    await renewSubscriptions(app.ctx);
    expect(await renewalPayments(viewer)).toHaveLength(0);
  });
});
