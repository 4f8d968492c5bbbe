import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './commerce-schema';
import { users } from './users-schema';

/**
 * Campaign attribution (src/server/growth/attribution.ts): landing visits counted per day and tag, and
 * the first campaign a visitor came from as it stood at sign-up and at each payment. Keys to users and
 * payments never cascade: the attribution of money stays with the money's records.
 */

/** What the visitor's browser kept of its first campaign (src/shared/growth.ts). */
const attributionColumns = () => ({
  campaign: text('campaign').notNull(),
  source: text('source'),
  medium: text('medium'),
  landing: text('landing'),
  referrer: text('referrer'),
});

/** Counts only: no visitor, address or time finer than the day is kept. Absent tags are ''. */
export const growthLandingVisits = pgTable(
  'growth_landing_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    landing: text('landing').notNull(),
    campaign: text('campaign').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    visits: integer('visits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.landing, table.campaign, table.source, table.medium] }),
    index('growth_landing_visits_campaign_idx').on(table.campaign, table.day),
  ],
);

export const growthSignups = pgTable(
  'growth_signups',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    ...attributionColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('growth_signups_campaign_idx').on(table.campaign, table.createdAt)],
);

export const growthPayments = pgTable(
  'growth_payments',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id),
    ...attributionColumns(),
  },
  (table) => [index('growth_payments_campaign_idx').on(table.campaign)],
);
