import { sql } from 'drizzle-orm';
import { landingSlugs } from '../../lib/landings';
import type { Attribution, LandingVisit } from '../../shared/growth';
import type { Db } from '../db/client';
import { growthLandingVisits, growthPayments, growthSignups } from '../db/schema';
import type { AppContext } from '../context';

/**
 * Writes of campaign attribution (decision record 0023). The sign-up and the payment call these with
 * their own transaction, so an attribution exists exactly when its account or payment does.
 */

/** The first campaign of a new account; nothing when the visitor's browser kept none. */
export async function recordSignupAttribution(
  tx: Db,
  userId: number,
  attribution: Attribution | null,
  now: Date,
): Promise<void> {
  if (attribution) await tx.insert(growthSignups).values({ userId, ...attribution, createdAt: now });
}

/** The buyer's first campaign, kept with the payment it came with. */
export async function recordPaymentAttribution(
  tx: Db,
  paymentId: number,
  attribution: Attribution | null,
): Promise<void> {
  if (attribution) await tx.insert(growthPayments).values({ paymentId, ...attribution });
}

/**
 * One more visit to a landing on today's (UTC) counter of its tags. Unknown landings are dropped
 * quietly: the counter must not grow a row per invented slug.
 */
export async function countLandingVisit(ctx: AppContext, visit: LandingVisit): Promise<void> {
  if (!landingSlugs.has(visit.landing)) return;
  await ctx.database.db
    .insert(growthLandingVisits)
    .values({
      day: ctx.clock.now().toISOString().slice(0, 10),
      landing: visit.landing,
      campaign: visit.campaign,
      source: visit.utm_source ?? '',
      medium: visit.utm_medium ?? '',
      visits: 1,
    })
    .onConflictDoUpdate({
      target: [
        growthLandingVisits.day,
        growthLandingVisits.landing,
        growthLandingVisits.campaign,
        growthLandingVisits.source,
        growthLandingVisits.medium,
      ],
      set: { visits: sql`${growthLandingVisits.visits} + 1` },
    });
}
