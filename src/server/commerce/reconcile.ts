import { and, asc, inArray, lte, or, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { runPeriodically } from '../core/periodic';
import { payments } from '../db/schema';
import { settlePayment } from './payments';
import { log } from '../core/log';

/**
 * Payments left between steps (the server stopped after the gateway verified, a viewer never came back
 * from the bank) are moved on here, on start and then every minute: verify again (the gateways answer
 * a repeat as "already verified"), fulfil, or expire what the payer never paid. One instance sweeps at
 * a time (runPeriodically's lock); a payment is asked about at its gateway only under its verify claim,
 * so a sweep and a callback never both ask, and each later step locks the payment and checks its status.
 */

/** A payment younger than this may still have its viewer at the bank: the callback will settle it. */
const QUIET_MS = 60_000;

export async function reconcilePayments(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['started', 'at_gateway', 'verified']),
        or(
          eq(payments.status, 'verified'),
          lte(payments.updatedAt, new Date(now.getTime() - QUIET_MS)),
          lte(payments.expiresAt, now),
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
  for (const { id } of due) {
    try {
      await settlePayment(ctx, id);
    } catch (error) {
      log.error({ err: error, paymentId: id }, `payment ${id}: reconciling failed`);
    }
  }
  for (const kind of ctx.kinds.all()) await kind.reconcile?.(ctx);
  return due.length;
}

/** Runs reconciliation now and then every `intervalMs`; the returned function stops it. */
export function startReconciler(ctx: AppContext, intervalMs = 60_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'payments-reconciliation', () => reconcilePayments(ctx), intervalMs);
}
