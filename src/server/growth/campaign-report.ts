import { and, eq, gte, lt, lte, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { CampaignQuery, CampaignReport, CampaignRow } from '../../shared/growth';
import type { AppContext } from '../context';
import { growthLandingVisits, growthPayments, growthSignups, paymentEvents, payments } from '../db/schema';

/**
 * The campaign report (GET /staff/campaigns, scripts/campaigns.mjs) between two UTC days, both included:
 * landing visits by the day counted, sign-ups by the day of the account, purchases by the moment they
 * were fulfilled. Wallet top-ups are not purchases: the money is counted when the wallet pays for one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function emptyRow(campaign: string): CampaignRow {
  return { campaign, visits: 0, sign_ups: 0, first_payments: 0, revenue: [] };
}

export async function campaignReport(ctx: AppContext, query: CampaignQuery): Promise<CampaignReport> {
  const { db } = ctx.database;
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const only = (column: Column): SQL | undefined =>
    query.campaign === undefined ? undefined : eq(column, query.campaign);

  const visits = await db
    .select({
      campaign: growthLandingVisits.campaign,
      count: sql<number>`sum(${growthLandingVisits.visits})::int`,
    })
    .from(growthLandingVisits)
    .where(
      and(
        gte(growthLandingVisits.day, query.from),
        lte(growthLandingVisits.day, query.to),
        only(growthLandingVisits.campaign),
      ),
    )
    .groupBy(growthLandingVisits.campaign);

  const signUps = await db
    .select({ campaign: growthSignups.campaign, count: sql<number>`count(*)::int` })
    .from(growthSignups)
    .where(
      and(
        gte(growthSignups.createdAt, start),
        lt(growthSignups.createdAt, end),
        only(growthSignups.campaign),
      ),
    )
    .groupBy(growthSignups.campaign);

  // A buyer's first purchase is their fulfilled purchase of the lowest id, whichever campaign it came with.
  const purchases = await db
    .select({
      campaign: growthPayments.campaign,
      currency: payments.currency,
      amount: sql<number>`sum(${payments.total})`.mapWith(Number),
      first: sql<number>`(count(*) filter (where ${payments.id} = (
        select min(earlier.id) from payments earlier
        where earlier.user_id = ${payments.userId} and earlier.status = 'fulfilled'
          and earlier.type <> 'CHARGE_WALLET')))::int`,
    })
    .from(growthPayments)
    .innerJoin(payments, eq(payments.id, growthPayments.paymentId))
    .innerJoin(
      paymentEvents,
      and(eq(paymentEvents.paymentId, payments.id), eq(paymentEvents.toStatus, 'fulfilled')),
    )
    .where(
      and(
        eq(payments.status, 'fulfilled'),
        ne(payments.type, 'CHARGE_WALLET'),
        gte(paymentEvents.at, start),
        lt(paymentEvents.at, end),
        only(growthPayments.campaign),
      ),
    )
    .groupBy(growthPayments.campaign, payments.currency);

  const rows = new Map<string, CampaignRow>();
  const rowOf = (campaign: string) =>
    rows.get(campaign) ?? rows.set(campaign, emptyRow(campaign)).get(campaign)!;
  for (const { campaign, count } of visits) rowOf(campaign).visits = count;
  for (const { campaign, count } of signUps) rowOf(campaign).sign_ups = count;
  for (const { campaign, currency, amount, first } of purchases) {
    const row = rowOf(campaign);
    row.first_payments += first;
    row.revenue.push({ currency, amount });
  }
  return {
    from: query.from,
    to: query.to,
    campaigns: [...rows.values()].sort((a, b) => a.campaign.localeCompare(b.campaign)),
  };
}
