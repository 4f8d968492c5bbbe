import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Currency, GatewayType } from '../../shared/commerce';
import type { Db, DbTransaction } from '../db/client';
import { ledgerAccounts, ledgerTransfers, type LedgerAccountKind, type TransferKind } from '../db/schema';

/**
 * The books (docs/decisions/0014-commerce.md): accounts per owner and purpose in one ledger per
 * currency, and immutable transfers between them. Account sums move in the same transaction as the
 * transfer row, accounts locked in id order so concurrent transfers never deadlock; a wallet's limit is
 * checked in the very statement that moves its money.
 */

export type Tx = Db | DbTransaction;

export type AccountKey =
  | { kind: 'wallet'; currency: Currency; userId: number }
  | { kind: 'gateway'; currency: Currency; gateway: GatewayType }
  | { kind: Exclude<LedgerAccountKind, 'wallet' | 'gateway'>; currency: Currency };

/** The account's id, opening it on first use (wallets are limited: never below zero). */
async function accountId(tx: Tx, key: AccountKey): Promise<number> {
  const userId = key.kind === 'wallet' ? key.userId : null;
  const gateway = key.kind === 'gateway' ? key.gateway : null;
  const match = and(
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.currency, key.currency),
    userId === null ? sql`${ledgerAccounts.userId} is null` : eq(ledgerAccounts.userId, userId),
    gateway === null ? sql`${ledgerAccounts.gateway} is null` : eq(ledgerAccounts.gateway, gateway),
  );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(match);
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ kind: key.kind, currency: key.currency, userId, gateway, limited: key.kind === 'wallet' })
    .onConflictDoNothing();
  const [opened] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(match);
  return opened!.id;
}

/** The accounts a payment moves money between, in its currency. */
export interface PaymentAccounts {
  wallet: number;
  /** The gateway's clearing account; null for a payment the wallet pays alone. */
  gateway: number | null;
  checkout: number;
  sales: number;
  vat: number;
  discounts: number;
  /** Gift cards sold and not yet redeemed. */
  gifts: number;
}

/** Account ids never change once opened: each process remembers them per database. */
const known = new WeakMap<object, Map<string, number>>();

/**
 * The payment's accounts, opened (and committed) before its transaction begins: an account opened
 * inside a transaction that rolls back would leave a remembered id that does not exist.
 */
export async function paymentAccounts(
  db: Db,
  payment: { currency: Currency; userId: number; gateway: GatewayType | 'wallet' },
): Promise<PaymentAccounts> {
  let ids = known.get(db);
  if (!ids) known.set(db, (ids = new Map()));
  const cache = ids;
  const open = async (key: AccountKey) => {
    const name = JSON.stringify(key);
    let id = cache.get(name);
    if (id === undefined) cache.set(name, (id = await accountId(db, key)));
    return id;
  };
  const { currency } = payment;
  return {
    wallet: await open({ kind: 'wallet', currency, userId: payment.userId }),
    gateway:
      payment.gateway === 'wallet'
        ? null
        : await open({ kind: 'gateway', currency, gateway: payment.gateway }),
    checkout: await open({ kind: 'checkout', currency }),
    sales: await open({ kind: 'sales', currency }),
    vat: await open({ kind: 'vat', currency }),
    discounts: await open({ kind: 'discounts', currency }),
    gifts: await open({ kind: 'gifts', currency }),
  };
}

export interface TransferInput {
  debit: number;
  credit: number;
  amount: number;
  currency: Currency;
  kind: TransferKind;
  paymentId: number | null;
  /** A pending transfer only reserves the amount until it is posted or voided. */
  pending?: boolean;
}

/**
 * Moves (or reserves) money; returns the transfer's id, or null when the debit account is limited
 * and does not hold the amount (nothing is written then).
 */
export async function transfer(tx: DbTransaction, input: TransferInput): Promise<number | null> {
  if (input.amount <= 0) throw new Error(`transfer of ${input.amount}`);
  const phase = input.pending ? 'pending' : 'posted';
  const sides = [
    { id: input.debit, key: input.pending ? 'debitsPending' : 'debitsPosted', limited: true },
    { id: input.credit, key: input.pending ? 'creditsPending' : 'creditsPosted', limited: false },
  ] as const;
  for (const [index, side] of [...sides].sort((a, b) => a.id - b.id).entries()) {
    const column = ledgerAccounts[side.key];
    const moved = await tx
      .update(ledgerAccounts)
      .set({ [side.key]: sql`${column} + ${input.amount}` })
      .where(
        side.limited
          ? and(
              eq(ledgerAccounts.id, side.id),
              sql`(not ${ledgerAccounts.limited} or ${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.debitsPending} >= ${input.amount})`,
            )
          : eq(ledgerAccounts.id, side.id),
      )
      .returning({ id: ledgerAccounts.id });
    if (moved.length > 0) continue;
    // Refused before anything moved: nothing to undo. Refused after the other side moved: the
    // caller's transaction must roll back, which the exception does.
    if (index === 0) return null;
    throw new InsufficientFunds();
  }
  const [row] = await tx
    .insert(ledgerTransfers)
    .values({
      debitAccountId: input.debit,
      creditAccountId: input.credit,
      amount: input.amount,
      currency: input.currency,
      kind: input.kind,
      phase,
      paymentId: input.paymentId,
    })
    .returning({ id: ledgerTransfers.id });
  return row!.id;
}

/** Thrown when a limited account ran short after its counterpart had already moved in this transaction. */
export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
    this.name = 'InsufficientFunds';
  }
}

/**
 * Posts or voids a pending transfer, once: the resolving row's `pending_id` is unique, so a second
 * attempt (a racing callback) inserts nothing and returns false.
 */
export async function resolvePending(
  tx: DbTransaction,
  pendingId: number,
  outcome: 'post' | 'void',
): Promise<boolean> {
  const [pending] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, pendingId));
  if (!pending || pending.phase !== 'pending') throw new Error(`transfer ${pendingId} is not pending`);
  const [resolved] = await tx
    .insert(ledgerTransfers)
    .values({
      debitAccountId: pending.debitAccountId,
      creditAccountId: pending.creditAccountId,
      amount: pending.amount,
      currency: pending.currency,
      kind: pending.kind,
      phase: outcome,
      pendingId,
      paymentId: pending.paymentId,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (!resolved) return false;
  const amount = pending.amount;
  for (const id of [pending.debitAccountId, pending.creditAccountId].sort((a, b) => a - b)) {
    const changes =
      id === pending.debitAccountId
        ? {
            debitsPending: sql`${ledgerAccounts.debitsPending} - ${amount}`,
            ...(outcome === 'post' ? { debitsPosted: sql`${ledgerAccounts.debitsPosted} + ${amount}` } : {}),
          }
        : {
            creditsPending: sql`${ledgerAccounts.creditsPending} - ${amount}`,
            ...(outcome === 'post'
              ? { creditsPosted: sql`${ledgerAccounts.creditsPosted} + ${amount}` }
              : {}),
          };
    await tx.update(ledgerAccounts).set(changes).where(eq(ledgerAccounts.id, id));
  }
  return true;
}

/** The payment's pending transfers that nothing resolved yet (its wallet hold). */
export async function openHolds(tx: Tx, paymentId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.paymentId, paymentId),
        eq(ledgerTransfers.phase, 'pending'),
        sql`not exists (select 1 from ${ledgerTransfers} as r where r.pending_id = ${ledgerTransfers.id})`,
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
  return rows.map((row) => row.id);
}

export interface WalletBalance {
  currency: Currency;
  balance: number;
  held: number;
}

/** The viewer's wallets: what may be spent now and what is held for open payments. */
export async function walletBalances(db: Tx, userId: number): Promise<WalletBalance[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.userId, userId)));
  return rows.map((row) => ({
    currency: row.currency,
    balance: row.creditsPosted - row.debitsPosted - row.debitsPending,
    held: row.debitsPending,
  }));
}

export async function walletBalance(db: Tx, userId: number, currency: Currency): Promise<number> {
  return (await walletBalances(db, userId)).find((wallet) => wallet.currency === currency)?.balance ?? 0;
}

/** The transfers that touched the viewer's wallets, newest first. */
export async function walletTransfers(db: Tx, userId: number, limit: number) {
  const wallets = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.userId, userId)));
  const ids = wallets.map((wallet) => wallet.id);
  if (ids.length === 0) return { ids, rows: [] };
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids)))
    .orderBy(sql`${ledgerTransfers.id} desc`)
    .limit(limit);
  return { ids, rows };
}
