import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './commerce-schema';
import { subscriptions } from './playback-schema';
import { users } from './users-schema';
import { createdAt } from './columns';

/**
 * Gifts (src/server/gifts/, docs/decisions/0027-gifts.md): campaigns such as the New Year
 * gift, their codes, who redeemed them, and gift cards bought for someone else. A code is kept only as
 * its public part (indexed) and the hash of its secret part. Foreign keys to users and payments never
 * cascade: deleting an account keeps its gifts and their money.
 */

export const giftCampaigns = pgTable(
  'gift_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
    /** What each of its codes gives: this many months of subscription on this plan. */
    months: integer('months').notNull(),
    plan: text('plan').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Viewers may ask for a code of it themselves (POST /core/request-gift) while it runs. */
    requestable: boolean('requestable').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('gift_campaigns_valid', sql`${table.months} > 0 and ${table.endsAt} > ${table.startsAt}`),
  ],
);

export const giftCodes = pgTable(
  'gift_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The code's first part, in clear: finds the row; the rest is only compared by its hash. */
    publicId: text('public_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    /** A campaign's code, or a gift card's (then `payment_id`). */
    campaignId: integer('campaign_id').references(() => giftCampaigns.id),
    paymentId: integer('payment_id')
      .unique()
      .references(() => payments.id),
    months: integer('months').notNull(),
    plan: text('plan').notNull(),
    /** How many accounts may redeem it (each once). */
    maxUses: integer('max_uses').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * POST /core/request-gift: who asked, and the hash of the phone or e-mail it went to (one each per
     * campaign, also after the account is deleted).
     */
    requestedBy: integer('requested_by').references(() => users.id),
    requestedTo: text('requested_to'),
    createdAt: createdAt(),
  },
  (table) => [
    index('gift_codes_campaign_idx').on(table.campaignId, table.id),
    uniqueIndex('gift_codes_requester_idx')
      .on(table.campaignId, table.requestedBy)
      .where(sql`${table.requestedBy} is not null`),
    uniqueIndex('gift_codes_requested_to_idx')
      .on(table.campaignId, table.requestedTo)
      .where(sql`${table.requestedTo} is not null`),
    check(
      'gift_codes_uses',
      sql`${table.months} > 0 and ${table.maxUses} >= 1 and ${table.usedCount} between 0 and ${table.maxUses}`,
    ),
  ],
);

/** One account redeemed one code once; the subscription period it gave. */
export const giftRedemptions = pgTable(
  'gift_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => giftCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('gift_redemptions_once_idx').on(table.codeId, table.userId),
    index('gift_redemptions_user_idx').on(table.userId),
  ],
);

/**
 * A subscription bought for someone else (payment type BUY_GIFT): whom it is for and what to tell
 * them, from the payment's start; the code once the payment is fulfilled; when the notice went out.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id),
    /** +989xxxxxxxxx or an e-mail address. */
    recipient: text('recipient').notNull(),
    message: text('message').notNull().default(''),
    codeId: integer('code_id').references(() => giftCodes.id),
    /** Taken by the instance sending the notice; another may take it again once it is stale. */
    deliveryClaimedAt: timestamp('delivery_claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('gift_cards_undelivered_idx')
      .on(table.paymentId)
      .where(sql`${table.codeId} is not null and ${table.deliveredAt} is null`),
  ],
);
