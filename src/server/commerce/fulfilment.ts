import { eq } from 'drizzle-orm';
import type { MessageKey } from '../../shared/messages';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { payments } from '../db/schema';
import { settleRedemption } from './discounts';
import { lockAccount } from './entitlements';
import type { Delivery, Undelivered } from './kinds';
import { openHolds, paymentAccounts, resolvePending, transfer, type PaymentAccounts } from './ledger';
import { gatewayCallOf, lockPayment, moveStatus, type PaymentRow } from './payment-records';
import { queueReceiptMail } from './receipt-mail';
import { log } from '../core/log';

/**
 * The last step of a payment whose money is in: give the viewer what they bought (its product kind's
 * deliver, commerce/kinds.ts) and book the sale, in one transaction with the status change, so it
 * happens exactly once. What can no longer be delivered (withdrawn from sale, already held by the
 * viewer) goes back to the card through a gateway that can reverse, else (or when the gateway
 * refuses) to the wallet.
 */

/** What the result page says when the money went back to the card instead of the wallet. */
const reversedNote: Record<Undelivered, MessageKey> = {
  payment_credited_withdrawn: 'payment_reversed_withdrawn',
  payment_credited_owned: 'payment_reversed_owned',
};

/** Hands over what the payment bought through its product kind; a wallet top-up hands over nothing. */
function deliver(tx: DbTransaction, ctx: AppContext, payment: PaymentRow, now: Date): Promise<Delivery> {
  const kind = ctx.kinds.of(payment.type);
  return kind ? kind.deliver(tx, ctx, payment, now) : Promise.resolve({ ok: true });
}

/** Books a delivered payment: the held wallet part is taken, the checkout pays sales and VAT. */
async function bookSale(
  tx: DbTransaction,
  ctx: AppContext,
  payment: PaymentRow,
  accounts: PaymentAccounts,
): Promise<void> {
  await resolveHolds(tx, payment, 'post');
  const move = async (
    debit: number,
    credit: number,
    amount: number,
    kind: 'sale' | 'vat' | 'discount' | 'wallet_charge' | 'gift_sold',
  ) => {
    if (amount > 0) {
      await transfer(tx, { debit, credit, amount, currency: payment.currency, kind, paymentId: payment.id });
    }
  };
  const { checkout } = accounts;
  if (payment.type === 'CHARGE_WALLET') {
    await move(checkout, accounts.wallet, payment.total, 'wallet_charge');
    return;
  }
  // A gift card is not sold until its code is redeemed: till then its price is owed (gift liabilities).
  const gift = ctx.kinds.of(payment.type)?.earnedOn === 'gifts';
  const earned = gift ? accounts.gifts : accounts.sales;
  await move(checkout, earned, payment.price - payment.discount, gift ? 'gift_sold' : 'sale');
  await move(checkout, accounts.vat, payment.vat, 'vat');
  await move(accounts.discounts, earned, payment.discount, 'discount');
}

/**
 * Takes or releases what a payment holds in the wallet, once. Only a payment split between the wallet
 * and a gateway holds anything (the wallet alone pays at once).
 */
async function resolveHolds(tx: DbTransaction, payment: PaymentRow, outcome: 'post' | 'void'): Promise<void> {
  if (payment.walletPart === 0 || payment.gatewayPart === 0) return;
  for (const hold of await openHolds(tx, payment.id)) await resolvePending(tx, hold, outcome);
}

export function releaseHolds(tx: DbTransaction, payment: PaymentRow): Promise<void> {
  return resolveHolds(tx, payment, 'void');
}

/**
 * Gives back a payment that will not be fulfilled: the held wallet part is released, and what reached
 * the checkout (the gateway part once verified; the wallet part of a payment the wallet paid alone)
 * is credited to the wallet. The viewer's wallet regains the whole total either way.
 */
async function refundToWallet(
  tx: DbTransaction,
  payment: PaymentRow,
  accounts: PaymentAccounts,
): Promise<void> {
  await releaseHolds(tx, payment);
  const inCheckout = payment.status === 'verified' ? payment.gatewayPart : payment.walletPart;
  if (inCheckout === 0) return;
  await transfer(tx, {
    debit: accounts.checkout,
    credit: accounts.wallet,
    amount: inCheckout,
    currency: payment.currency,
    kind: 'wallet_credit',
    paymentId: payment.id,
  });
}

/**
 * Fulfils a payment whose money is in (`verified`, or `started` when the wallet paid it all), in the
 * caller's transaction, with the payment locked. With `reversible` (its gateway can give the money
 * back), an undeliverable payment stays verified, marked for reversal, for the caller to reverse
 * outside the transaction; once marked it is never delivered.
 */
export async function fulfilLocked(
  tx: DbTransaction,
  ctx: AppContext,
  payment: PaymentRow,
  accounts: PaymentAccounts,
  options: { reversible?: boolean } = {},
): Promise<PaymentRow> {
  if (payment.reversalRequestedAt) return payment;
  const now = ctx.clock.now();
  // Locks in one order everywhere (payment, account, discount code, ledger accounts by id), so
  // concurrent payments wait for each other instead of deadlocking.
  await lockAccount(tx, payment.userId);
  const delivery = await deliver(tx, ctx, payment, now);
  if (!delivery.ok && options.reversible && payment.status === 'verified') {
    const [marked] = await tx
      .update(payments)
      .set({ reversalRequestedAt: now, noteKey: delivery.note, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    return marked!;
  }
  await settleRedemption(tx, payment, delivery.ok);
  if (!delivery.ok) {
    await refundToWallet(tx, payment, accounts);
    return moveStatus(tx, payment, 'credited', now, { noteKey: delivery.note });
  }
  await bookSale(tx, ctx, payment, accounts);
  await queueReceiptMail(tx, payment, now);
  return moveStatus(tx, payment, 'fulfilled', now, {
    ticketCode: delivery.ticketCode ?? null,
    subscriptionEndsAt: delivery.subscriptionEndsAt ?? null,
  });
}

/**
 * A payment marked for reversal, once its gateway answered: `reversed` (the gateway part returns
 * through the gateway's clearing account) or, when the gateway refused, `credited` to the wallet.
 */
async function giveBack(
  tx: DbTransaction,
  ctx: AppContext,
  payment: PaymentRow,
  accounts: PaymentAccounts,
  to: 'reversed' | 'credited',
): Promise<void> {
  await lockAccount(tx, payment.userId);
  await settleRedemption(tx, payment, false);
  const note = payment.noteKey as Undelivered;
  if (to === 'credited') {
    await refundToWallet(tx, payment, accounts);
  } else {
    await releaseHolds(tx, payment);
    await transfer(tx, {
      debit: accounts.checkout,
      credit: accounts.gateway!,
      amount: payment.gatewayPart,
      currency: payment.currency,
      kind: 'gateway_out',
      paymentId: payment.id,
    });
  }
  await moveStatus(tx, payment, to, ctx.clock.now(), {
    noteKey: to === 'reversed' ? reversedNote[note] : note,
  });
}

/**
 * Fulfils a verified payment once, however many callers race for it; then, outside the transaction,
 * settles it at its gateway (where the protocol has that step) or reverses what could not be
 * delivered. A reversal the gateway could not answer is asked again by reconciliation.
 */
export async function fulfilVerified(ctx: AppContext, payment: PaymentRow): Promise<void> {
  const { db } = ctx.database;
  const adapter = ctx.gateways.get(payment.gateway);
  const accounts = await paymentAccounts(db, payment);
  const moved = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, payment.id, ['verified']);
    return locked ? fulfilLocked(tx, ctx, locked, accounts, { reversible: !!adapter?.reverse }) : null;
  });
  if (moved?.status === 'fulfilled') {
    await ctx.kinds.of(moved.type)?.afterDelivery?.(ctx, moved);
  }
  if (!moved || !adapter) return;
  if (moved.status === 'fulfilled' && adapter.settle) {
    // Best effort: Mellat settles by itself after 180 minutes, Pasargad confirms after its window.
    if (!(await adapter.settle(gatewayCallOf(moved)))) {
      log.warn(
        { paymentId: moved.id, gateway: moved.gateway },
        `payment ${moved.id}: settle failed; the gateway settles it by itself later`,
      );
    }
  } else if (moved.status === 'verified' && moved.reversalRequestedAt && adapter.reverse) {
    const answer = await adapter.reverse(gatewayCallOf(moved));
    if (answer === 'error') {
      log.warn({ paymentId: moved.id, gateway: moved.gateway }, `payment ${moved.id}: reversal deferred`);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, moved.id, ['verified']);
      if (locked) await giveBack(tx, ctx, locked, accounts, answer === 'done' ? 'reversed' : 'credited');
    });
  }
}
