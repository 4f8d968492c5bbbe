import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { paymentRefunds } from '../db/refunds-schema';
import { payments } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import { lockAccount } from './entitlements';
import { paymentAccounts, transfer, type PaymentAccounts, type Tx } from './ledger';
import { gatewayCallOf, lockPayment, type PaymentRow } from './payment-records';
import { log } from '../core/log';
import { removeVotesOfPayment } from '../screenings/award';

/**
 * Finance gives money back from a fulfilled payment (issue 17, docs/decisions/0029-refunds.md): to the
 * viewer's wallet, any part of what is left, at once; or the gateway part back to the card, where the
 * gateway can still reverse it. Each refund is one transaction that locks the payment first and checks
 * that what is refunded is still what the staff member saw, so two people pressing at once refund once
 * and the refunds of a payment never add up to more than was paid. The books: what the sale and the
 * VAT took goes back (sales → wallet or gateway, vat → wallet or gateway); once the whole total is
 * back, the discount's booking is undone too, as a cancelled shop order's is.
 */

export type RefundRow = typeof paymentRefunds.$inferSelect;

export interface Actor {
  userId: number;
}

/**
 * Whether finance refunds the payment here: what a product kind delivered and lets finance take back
 * (a subscription, a title, a ticket, cafe seats). A wallet top-up is already the viewer's money; a
 * shop order is refunded by cancelling or rejecting it, which books and records its refund here too
 * (refundWholeLocked), so every refund is one path.
 */
export function refundsAllowed(
  ctx: AppContext,
  payment: Pick<PaymentRow, 'type' | 'status' | 'total'>,
): boolean {
  return payment.status === 'fulfilled' && payment.total > 0 && !!ctx.kinds.of(payment.type)?.refunds;
}

/** What was given back so far, counting a reversal that waits for the gateway's answer. */
export async function refundedOf(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, ['done', 'requested'])),
    );
  return Number(row?.sum ?? 0);
}

export async function refundsOf(tx: Tx, paymentId: number): Promise<RefundRow[]> {
  return tx
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.id));
}

/** round(refunded × vat / total), half up, in integers of any size. */
function vatBackAt(payment: Pick<PaymentRow, 'total' | 'vat'>, refunded: number): number {
  const total = BigInt(payment.total);
  return Number((BigInt(refunded) * BigInt(payment.vat) * 2n + total) / (2n * total));
}

/**
 * The VAT share of refunding `amount` after `before` was refunded: shares are taken from the running
 * sum, so a payment refunded in any number of parts gives back exactly its VAT.
 */
export function vatShare(payment: Pick<PaymentRow, 'total' | 'vat'>, before: number, amount: number): number {
  return vatBackAt(payment, before + amount) - vatBackAt(payment, before);
}

/** Books a refund: the VAT share from VAT payable, the rest from sales, to the wallet or the gateway. */
async function bookRefund(
  tx: DbTransaction,
  payment: PaymentRow,
  accounts: PaymentAccounts,
  refund: { amount: number; vat: number; before: number; to: 'wallet' | 'gateway' },
): Promise<void> {
  const credit = refund.to === 'wallet' ? accounts.wallet : accounts.gateway!;
  const kind = refund.to === 'wallet' ? 'wallet_credit' : 'gateway_out';
  const whole = refund.before + refund.amount === payment.total;
  const moves = [
    { debit: accounts.sales, credit, amount: refund.amount - refund.vat, kind },
    { debit: accounts.vat, credit, amount: refund.vat, kind },
    {
      debit: accounts.sales,
      credit: accounts.discounts,
      amount: whole ? payment.discount : 0,
      kind: 'discount',
    },
  ] as const;
  for (const move of moves) {
    if (move.amount > 0) await transfer(tx, { ...move, currency: payment.currency, paymentId: payment.id });
  }
}

/**
 * Gives `amount` of a payment back to the wallet and writes it down, in the caller's transaction with
 * the payment and the account locked: the one booking of every refund to the wallet, so each leaves a
 * payment_refunds row that the payment's detail and finance's totals read.
 */
async function bookWalletRefund(
  tx: DbTransaction,
  payment: PaymentRow,
  accounts: PaymentAccounts,
  refund: { amount: number; before: number; actorId: number | null; reason: string; now: Date },
): Promise<RefundRow> {
  const vat = vatShare(payment, refund.before, refund.amount);
  await bookRefund(tx, payment, accounts, {
    amount: refund.amount,
    vat,
    before: refund.before,
    to: 'wallet',
  });
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      method: 'wallet',
      status: 'done',
      currency: payment.currency,
      amount: refund.amount,
      vat,
      actorId: refund.actorId,
      reason: refund.reason,
      createdAt: refund.now,
      resolvedAt: refund.now,
    })
    .returning();
  return row!;
}

/**
 * A product kind's own way of giving a sale back whole (a shop order canceled or rejected), in the
 * caller's transaction with the payment and the account locked: what is left of the total returns to
 * the wallet through the same booking and record as finance's refunds. A payment nothing was paid
 * for (a whole discount) only has its discount's booking undone, and leaves no row.
 */
export async function refundWholeLocked(
  tx: DbTransaction,
  payment: PaymentRow,
  accounts: PaymentAccounts,
  refund: { actorId: number; reason: string; now: Date },
): Promise<void> {
  const before = await refundedOf(tx, payment.id);
  const amount = payment.total - before;
  if (amount > 0) {
    await bookWalletRefund(tx, payment, accounts, { ...refund, amount, before });
  } else if (payment.total === 0) {
    await bookRefund(tx, payment, accounts, { amount: 0, vat: 0, before: 0, to: 'wallet' });
  }
}

/** The payment as it is now (404 when there is none), and the accounts its refunds move money between. */
async function loadPayment(ctx: AppContext, paymentId: number) {
  const { db } = ctx.database;
  const [found] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound('not_found');
  return { found, accounts: await paymentAccounts(db, found) };
}

/**
 * The payment locked, refundable, with nothing refunded since the staff member looked (else 409).
 * Locks in the orchestration's order: payment, account, then ledger accounts as transfers move.
 */
async function lockForRefund(
  tx: DbTransaction,
  ctx: AppContext,
  paymentId: number,
  expectedRefunded: number,
) {
  const payment = await lockPayment(tx, paymentId, ['fulfilled']);
  if (!payment || !refundsAllowed(ctx, payment)) throw new DomainError('conflict', 'refund_not_allowed');
  await lockAccount(tx, payment.userId);
  const refunds = await refundsOf(tx, payment.id);
  const refunded = refunds
    .filter((row) => row.status !== 'refused')
    .reduce((sum, row) => sum + row.amount, 0);
  if (refunded !== expectedRefunded) throw new DomainError('conflict', 'refund_changed');
  const waiting = refunds.find((row) => row.status === 'requested') ?? null;
  return { payment, refunded, waiting };
}

/** A refund as the audit log keeps it. */
function auditView(row: RefundRow) {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    currency: row.currency,
    amount: row.amount,
    vat: row.vat,
    reason: row.reason,
  };
}

/** POST /staff/payments/{id}/refund: part or all of what is left goes to the viewer's wallet. */
export async function refundToWallet(
  ctx: AppContext,
  actor: Actor,
  paymentId: number,
  request: { amount: number; reason: string; expectedRefunded: number },
): Promise<RefundRow> {
  const { accounts } = await loadPayment(ctx, paymentId);
  return ctx.database.db.transaction(async (tx) => {
    const { payment, refunded, waiting } = await lockForRefund(tx, ctx, paymentId, request.expectedRefunded);
    // The VAT share of what follows depends on how the waiting reversal ends.
    if (waiting) throw new DomainError('conflict', 'refund_reversal_waiting');
    const left = payment.total - refunded;
    if (request.amount > left) throw invalidFields({ amount: 'refund_too_big' });
    const undone = await undoDelivery(tx, ctx, payment, request.amount);
    const row = await bookWalletRefund(tx, payment, accounts, {
      amount: request.amount,
      before: refunded,
      actorId: actor.userId,
      reason: request.reason,
      now: ctx.clock.now(),
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: payment.id,
      before: { refunded },
      after: { refunded: refunded + request.amount, refund: auditView(row), ...undone },
    });
    return row;
  });
}

/**
 * What the payment's kind takes back with the money, in the refund's transaction before the ledger: a
 * kind refunded whole only (cafe seats, 0026) refuses a part, and voids what it delivered, so a
 * refunded seat never also gets someone in. Other kinds keep what they delivered. Whatever the kind,
 * the audience-award votes its tickets gave no longer count (issue 30).
 */
async function undoDelivery(tx: DbTransaction, ctx: AppContext, payment: PaymentRow, amount: number) {
  const refunds = ctx.kinds.of(payment.type)?.refunds;
  if (refunds?.wholeOnly && amount !== payment.total) throw invalidFields({ amount: 'refund_cafe_whole' });
  const undone = refunds?.undo ? await refunds.undo(tx, payment) : {};
  const awardVotesRemoved = await removeVotesOfPayment(tx, payment.id);
  return awardVotesRemoved > 0 ? { ...undone, awardVotesRemoved } : undone;
}

/** Whether the payment's gateway can be asked to give its part back to the card. */
export function reversibleAt(ctx: AppContext, payment: PaymentRow): boolean {
  return (
    refundsAllowed(ctx, payment) &&
    ctx.kinds.of(payment.type)?.refunds?.toCard === true &&
    payment.gatewayPart > 0 &&
    !!ctx.gateways.get(payment.gateway)?.reverse
  );
}

/**
 * POST /staff/payments/{id}/reverse: the whole gateway part back to the card. The decision is written
 * first (a `requested` refund, in its own transaction with the audit entry), the gateway is asked
 * outside any transaction, and its answer is booked once under the refund's lock: `done` moves the
 * money back through the gateway's clearing account, `refused` (window passed, already settled) moves
 * nothing and the wallet remains the way to refund. No answer leaves it requested; asking again calls
 * the gateway again, which answers a repeat as "already reversed".
 */
export async function reverseAtGateway(
  ctx: AppContext,
  actor: Actor,
  paymentId: number,
  request: { reason: string; expectedRefunded: number },
): Promise<RefundRow> {
  const { found, accounts } = await loadPayment(ctx, paymentId);
  const adapter = ctx.gateways.get(found.gateway);
  if (!adapter?.reverse || !reversibleAt(ctx, found))
    throw new DomainError('conflict', 'refund_not_reversible');
  const requested = await ctx.database.db.transaction(async (tx) => {
    const { payment, refunded, waiting } = await lockForRefund(tx, ctx, paymentId, request.expectedRefunded);
    if (waiting) return waiting;
    if (payment.gatewayPart > payment.total - refunded) {
      throw new DomainError('conflict', 'refund_not_reversible');
    }
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        method: 'gateway',
        status: 'requested',
        currency: payment.currency,
        amount: payment.gatewayPart,
        vat: vatShare(payment, refunded, payment.gatewayPart),
        actorId: actor.userId,
        reason: request.reason,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.reverse',
      targetType: 'payment',
      targetId: payment.id,
      before: { refunded },
      after: { refunded: refunded + payment.gatewayPart, refund: auditView(row!) },
    });
    return row!;
  });
  const answer = await adapter.reverse(gatewayCallOf(found));
  if (answer === 'error') {
    log.warn(
      { paymentId, gateway: found.gateway },
      `payment ${paymentId}: reversal asked by staff got no answer; it stays requested`,
    );
    return requested;
  }
  return ctx.database.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId, ['fulfilled']);
    await lockAccount(tx, found.userId);
    const [waiting] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.id, requested.id), eq(paymentRefunds.status, 'requested')))
      .for('update');
    if (!payment || !waiting) {
      const [now] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, requested.id));
      return now!;
    }
    const status = answer === 'done' ? 'done' : 'refused';
    if (status === 'done') {
      await removeVotesOfPayment(tx, payment.id);
      const before = (await refundedOf(tx, payment.id)) - waiting.amount;
      await bookRefund(tx, payment, accounts, {
        amount: waiting.amount,
        vat: waiting.vat,
        before,
        to: 'gateway',
      });
    }
    const [resolved] = await tx
      .update(paymentRefunds)
      .set({ status, resolvedAt: ctx.clock.now() })
      .where(eq(paymentRefunds.id, waiting.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'payment.reverse_answer',
      targetType: 'payment',
      targetId: payment.id,
      before: { refund: auditView(waiting) },
      after: { refund: auditView(resolved!) },
    });
    return resolved!;
  });
}
