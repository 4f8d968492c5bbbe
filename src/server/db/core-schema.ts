import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, inboxColumns } from './columns';

/* Tables of core: rate limits, captchas, the contact inbox, the demo data's steps. */

/** Fixed-window counters; kept in the database so every instance shares them. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.windowStart] }),
    // Lets the periodic clean-up find old windows without scanning every bucket.
    index('rate_limit_counters_window_start_idx').on(table.windowStart),
  ],
);

/** Image captchas awaiting their one answer; the row is deleted by the first check. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    key: text('key').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('captcha_challenges_expires_at_idx').on(table.expiresAt)],
);

/** Messages sent through the contact form, for the support team. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Normalised: +989xxxxxxxxx or another country's E.164 number. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The language the visitor wrote in, so the reply can use it. */
    locale: text('locale').notNull(),
    clientAddress: text('client_address').notNull(),
    ...inboxColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_status_idx').on(table.status, table.createdAt),
  ],
);

/** Demo data steps already applied, so seeding runs once per step however many instances start. */
export const demoSeedSteps = pgTable('demo_seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
});
