import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency, PaymentType } from '../../shared/commerce';
import type { MessageKey } from '../../shared/messages';
import type { DbTransaction } from '../db/client';
import { discountCodes, discountRedemptions } from '../db/schema';
import { invalidFields } from '../errors';
import type { Tx } from './ledger';
import { priceIn, type Discount } from './money';

/**
 * Discount codes: whether a code applies to a purchase (checked live in the purchase dialog, and again
 * when the payment starts) and its redemptions. The overall and per-account limits are checked with
 * the code's row locked, in the payment's transaction, so concurrent buyers cannot pass a limit.
 */

type CodeRow = typeof discountCodes.$inferSelect;

export interface ApplicableDiscount extends Discount {
  id: number;
  code: string;
}

export interface DiscountTarget {
  type: PaymentType;
  productId: number | null;
  currency: Currency;
  userId: number;
  now: Date;
}

const refuse = (reason: MessageKey) => invalidFields({ discount_code: reason });

/** The discount a code gives this purchase, or a 422 naming why not (errors.discount_code). */
function judge(row: CodeRow | undefined, target: DiscountTarget, usedByUser: number): ApplicableDiscount {
  if (!row || !row.active) throw refuse('discount_unknown');
  if (row.validFrom && row.validFrom > target.now) throw refuse('discount_not_started');
  if (row.validUntil && row.validUntil <= target.now) throw refuse('discount_expired');
  // A wallet charge sells nothing yet: codes apply when the wallet is spent.
  const typeAllowed =
    target.type !== 'CHARGE_WALLET' &&
    (row.paymentTypes.length === 0 || row.paymentTypes.includes(target.type));
  const productAllowed =
    row.productIds.length === 0 || (target.productId !== null && row.productIds.includes(target.productId));
  if (!typeAllowed || !productAllowed) throw refuse('discount_not_for_item');
  const fixed = { priceIrr: row.amountIrr, priceUsd: row.amountUsd };
  const amount = row.kind === 'fixed' ? priceIn(fixed, target.currency) : null;
  if (row.kind === 'fixed' && !amount) throw refuse('discount_wrong_currency');
  if (row.maxUses !== null && row.usedCount >= row.maxUses) throw refuse('discount_used_up');
  if (row.maxUsesPerUser !== null && usedByUser >= row.maxUsesPerUser) throw refuse('discount_already_used');
  return { id: row.id, code: row.code, kind: row.kind, percent: row.percent, amount };
}

async function usesBy(tx: Tx, codeId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountCodeId, codeId),
        eq(discountRedemptions.userId, userId),
        inArray(discountRedemptions.status, ['held', 'used']),
      ),
    );
  return row?.n ?? 0;
}

/** For a quote: whether the code applies now (nothing is reserved). */
export async function checkDiscount(
  tx: Tx,
  code: string,
  target: DiscountTarget,
): Promise<ApplicableDiscount> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  return judge(row, target, row ? await usesBy(tx, row.id, target.userId) : 0);
}

/**
 * For a payment: locks the code, checks it again and counts one use, held until the payment ends. The
 * lock serialises redemptions of one code only; the limit holds however many buyers race.
 */
export async function reserveDiscount(
  tx: DbTransaction,
  code: string,
  target: DiscountTarget,
): Promise<ApplicableDiscount> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
  const discount = judge(row, target, row ? await usesBy(tx, row.id, target.userId) : 0);
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, discount.id));
  return discount;
}

export async function recordRedemption(
  tx: DbTransaction,
  discount: ApplicableDiscount,
  userId: number,
  paymentId: number,
): Promise<void> {
  await tx
    .insert(discountRedemptions)
    .values({ discountCodeId: discount.id, userId, paymentId, status: 'held' });
}

/** The payment ended: its held redemption becomes used, or is released and the use given back. */
export async function settleRedemption(
  tx: DbTransaction,
  payment: { id: number; discountCodeId: number | null },
  used: boolean,
): Promise<void> {
  if (payment.discountCodeId === null) return;
  const paymentId = payment.id;
  const [redemption] = await tx
    .update(discountRedemptions)
    .set({ status: used ? 'used' : 'released' })
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, 'held')))
    .returning({ codeId: discountRedemptions.discountCodeId });
  if (redemption && !used) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
      .where(eq(discountCodes.id, redemption.codeId));
  }
}
