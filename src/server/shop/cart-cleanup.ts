import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { runPeriodically } from '../core/periodic';
import { carts } from '../db/schema';

/**
 * Guest carts nobody came back to: a visitor who never logs in leaves a cart under a random key for
 * good (decision record 0022), so carts without an account untouched for `maxAgeDays` are deleted with
 * their lines. A visitor who returns later simply gets a new cart. Account carts are never touched.
 */

/** How long a guest cart is kept after its last change. */
export const GUEST_CART_DAYS = 30;

/** Deleted per statement, so one run never holds a long lock over a large backlog. */
const BATCH = 1000;

/** Deletes the guest carts last changed before `maxAgeDays` ago; answers how many. */
export async function deleteStaleGuestCarts(ctx: AppContext, maxAgeDays = GUEST_CART_DAYS): Promise<number> {
  const { db } = ctx.database;
  const cutoff = new Date(ctx.clock.now().getTime() - maxAgeDays * 86_400_000);
  const stale = and(isNull(carts.userId), lt(carts.updatedAt, cutoff));
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id: carts.id }).from(carts).where(stale).limit(BATCH);
    // The condition again on the deleted rows: a cart a guest touched meanwhile is read again by
    // PostgreSQL before it is deleted, and kept (setCartLine touches the cart before adding a line).
    const rows = await db
      .delete(carts)
      .where(and(inArray(carts.id, batch), stale))
      .returning({ id: carts.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** Runs the clean-up now and then every `intervalMs` (hourly); the returned function stops it. */
export function startCartCleanup(ctx: AppContext, intervalMs = 3_600_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'guest-cart-cleanup', () => deleteStaleGuestCarts(ctx), intervalMs);
}
