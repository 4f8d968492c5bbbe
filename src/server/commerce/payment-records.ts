import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import {
  paymentTransitions,
  type Payment,
  type PaymentStatus,
  type PaymentType,
} from '../../shared/commerce';
import { isMessageKey, translate } from '../../shared/messages';
import type { Locale } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import type { Db, DbTransaction } from '../db/client';
import { discountCodes, paymentEvents, payments, products, subscriptionPackages } from '../db/schema';
import { log } from '../core/log';
import { paymentsByStatus } from '../core/metrics';
import { notFound } from '../errors';
import type { GatewayCall } from './gateways/gateway';
import type { Tx } from './ledger';

/** Payment rows: reading them for their owner, and moving their status with a timeline entry. */

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The payment locked for the rest of the transaction, if it still has one of the statuses `from`:
 * whoever locks it first makes the transition; a racing caller then finds the new status and stops.
 */
export async function lockPayment(
  tx: DbTransaction,
  id: number,
  from: readonly PaymentStatus[],
): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row && from.includes(row.status) ? row : null;
}

/** A payment at its gateway, claimed for one verify until `until`. */
export interface VerifyClaim {
  row: PaymentRow;
  until: Date;
}

/**
 * Claims a payment still at its gateway for one verify, if nobody holds a claim on it: callbacks,
 * pollers and reconciliation on every instance take this before asking the gateway, so only one of
 * them asks, without a transaction held open over the gateway's answer. A claim lapses at `until`,
 * so one whose holder stopped mid-call is taken again later. Null while someone else holds it.
 */
export async function claimVerify(
  db: Db,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<VerifyClaim | null> {
  const until = new Date(now.getTime() + leaseMs);
  const [row] = await db
    .update(payments)
    .set({ verifyingUntil: until })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'at_gateway'),
        or(isNull(payments.verifyingUntil), lte(payments.verifyingUntil, now)),
      ),
    )
    .returning();
  return row ? { row, until } : null;
}

/** Gives a claim back, unless it lapsed and someone else has claimed the payment since. */
export async function releaseVerify(db: Db, claim: VerifyClaim): Promise<void> {
  await db
    .update(payments)
    .set({ verifyingUntil: null })
    .where(and(eq(payments.id, claim.row.id), eq(payments.verifyingUntil, claim.until)));
}

/** Moves a locked payment to `to`, with the changes that go with it, and records the step. */
export async function moveStatus(
  tx: DbTransaction,
  row: PaymentRow,
  to: PaymentStatus,
  now: Date,
  changes: Partial<PaymentRow> = {},
  detail: Record<string, unknown> | null = null,
): Promise<PaymentRow> {
  if (!paymentTransitions[row.status].includes(to)) {
    throw new Error(`payment ${row.id}: no transition from ${row.status} to ${to}`);
  }
  const [moved] = await tx
    .update(payments)
    .set({ ...changes, status: to, updatedAt: now })
    .where(and(eq(payments.id, row.id), eq(payments.status, row.status)))
    .returning();
  if (!moved) throw new Error(`payment ${row.id} left ${row.status} while locked`);
  await tx
    .insert(paymentEvents)
    .values({ paymentId: row.id, fromStatus: row.status, toStatus: to, detail, at: now });
  // Counted and logged inside the transaction: a rare rollback after this point still counts the step.
  paymentsByStatus.inc({ gateway: row.gateway, status: to });
  log.info(
    { paymentId: row.id, gateway: row.gateway, from: row.status, to },
    `payment ${row.id}: ${row.status} -> ${to}`,
  );
  return moved;
}

/** What an adapter's verify, settle and reverse are given about a payment at its gateway. */
export function gatewayCallOf(row: PaymentRow): GatewayCall {
  return {
    paymentId: row.id,
    ref: row.gatewayRef ?? '',
    data: row.gatewayData,
    amount: row.gatewayPart,
    currency: row.currency,
  };
}

export async function recordStart(tx: DbTransaction, row: PaymentRow, now: Date): Promise<void> {
  await tx
    .insert(paymentEvents)
    .values({ paymentId: row.id, fromStatus: null, toStatus: row.status, at: now });
  paymentsByStatus.inc({ gateway: row.gateway, status: row.status });
  log.info(
    { paymentId: row.id, gateway: row.gateway, to: row.status, type: row.type },
    `payment ${row.id}: ${row.status} at ${row.gateway}`,
  );
}

/** Payments with what they bought and their discount code, for the viewer's and the staff's views. */
export function joined(db: Tx) {
  return db
    .select({
      payment: payments,
      productKind: products.kind,
      productFa: products.titleFa,
      productEn: products.titleEn,
      packageFa: subscriptionPackages.titleFa,
      packageEn: subscriptionPackages.titleEn,
      code: discountCodes.code,
    })
    .from(payments)
    .leftJoin(products, eq(products.id, payments.productId))
    .leftJoin(subscriptionPackages, eq(subscriptionPackages.id, payments.packageId))
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId));
}

export type Joined = Awaited<ReturnType<typeof joined>>[number];

export function toPayment(row: Joined, locale: Locale): Payment {
  const p = row.payment;
  const item =
    p.productId !== null && row.productKind
      ? { id: p.productId, kind: row.productKind, title: row.productFa ?? '', en_title: row.productEn ?? '' }
      : p.packageId !== null
        ? {
            id: p.packageId,
            kind: 'package' as const,
            title: row.packageFa ?? '',
            en_title: row.packageEn ?? '',
          }
        : null;
  const note = isMessageKey(p.noteKey)
    ? translate({ key: p.noteKey, params: { amount: formatMoney(p.total, p.currency, locale) } }, locale)
    : null;
  return {
    id: p.id,
    type: p.type,
    status: p.status,
    currency: p.currency,
    price: p.price,
    amount: p.price,
    discount: p.discount,
    vat: p.vat,
    total: p.total,
    wallet_part: p.walletPart,
    gateway_part: p.gatewayPart,
    gateway: p.gateway,
    discount_code: row.code,
    item,
    reference: p.gatewayTrace,
    card: p.cardPan,
    ticket_code: p.ticketCode,
    subscription_ends_at: p.subscriptionEndsAt?.toISOString() ?? null,
    note,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    expires_at: p.expiresAt.toISOString(),
  };
}

/** The payment for its owner; anyone else gets 404, as for a payment that does not exist. */
export async function ownPayment(db: Db, userId: number, id: number, locale: Locale): Promise<Payment> {
  const [row] = await joined(db).where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw notFound('not_found');
  return toPayment(row, locale);
}

const PAGE_SIZE = 20;

/** GET /me/orders: the account's payments, newest first, a page at a time. */
export async function ownPayments(
  db: Db,
  userId: number,
  options: { page: number; type?: PaymentType | undefined },
  locale: Locale,
): Promise<{ orders: Payment[]; page: number; has_more: boolean }> {
  const rows = await joined(db)
    .where(and(eq(payments.userId, userId), options.type ? eq(payments.type, options.type) : undefined))
    .orderBy(desc(payments.id))
    .limit(PAGE_SIZE + 1)
    .offset((options.page - 1) * PAGE_SIZE);
  return {
    orders: rows.slice(0, PAGE_SIZE).map((row) => toPayment(row, locale)),
    page: options.page,
    has_more: rows.length > PAGE_SIZE,
  };
}
