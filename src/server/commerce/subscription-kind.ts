import { and, eq } from 'drizzle-orm';
import type { Currency } from '../../shared/commerce';
import type { Db } from '../db/client';
import { subscriptionPackages } from '../db/schema';
import { notFound } from '../errors';
import { addMonths, extendSubscription } from './entitlements';
import { productKind } from './kinds';
import { priceIn } from './money';
import { packageLine } from './receipt-lines';

/** A subscription package: months added to the viewer's subscription (after any running one). */

/** An active package and its price in `currency` (404 when there is none). */
export async function activePackage(db: Db, id: number, currency: Currency) {
  const [row] = await db
    .select()
    .from(subscriptionPackages)
    .where(and(eq(subscriptionPackages.id, id), eq(subscriptionPackages.active, true)));
  if (!row) throw notFound('package_not_found');
  return { row, price: priceIn(row, currency) };
}

export const subscriptionKind = productKind<never>({
  types: ['SUBSCRIPTION'],
  async price(ctx, request, buying) {
    const { row, price } = await activePackage(ctx.database.db, request.item_id ?? 0, buying.currency);
    return { price, taxable: true, productId: null, packageId: row.id, hold: null };
  },
  async deliver(tx, _ctx, payment, now) {
    const [pack] = await tx
      .select()
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.id, payment.packageId ?? 0));
    if (!pack) return { ok: false, note: 'payment_credited_withdrawn' };
    const { endsAt } = await extendSubscription(tx, {
      userId: payment.userId,
      plan: pack.slug,
      until: (start) => addMonths(start, pack.months),
      source: 'payment',
      paymentRef: String(payment.id),
      now,
    });
    return { ok: true, subscriptionEndsAt: endsAt };
  },
  describe: packageLine,
  refunds: { toCard: true },
});
