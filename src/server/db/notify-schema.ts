import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { users } from './users-schema';

/** What a queued notice is about; each kind is composed when it goes (src/server/notice-kinds.ts). */
export const noticeKinds = ['screening_reminder', 'receipt_mail'] as const;

/** How a notice ended: delivered, no longer wanted (cancelled, too late), or out of attempts. */
export const noticeOutcomes = ['sent', 'dropped', 'gave_up'] as const;

/**
 * The notices that must not be lost (decision record 0049): a screening's reminder, a payment's receipt
 * e-mail. One row per kind, thing and person (the unique index), so a notice is queued once however
 * often it is asked for. The delivery job claims a row (`claimed_until`, a lease), calls the provider,
 * then marks it done; a failure leaves it for a later attempt at `due_at` (src/server/notify/queue.ts).
 */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: noticeKinds }).notNull(),
    /** The thing it is about: the screening (a reminder), the payment (a receipt). */
    refId: integer('ref_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When it may go next: when queued, then after each failed attempt its backoff. */
    dueAt: at('due_at').notNull(),
    /** Attempts started (claims), the one in progress included. */
    attempts: integer('attempts').notNull().default(0),
    /** A sender holds the row until then; past it, another may claim it again (the sender crashed). */
    claimedUntil: at('claimed_until'),
    /** The provider's last refusal, for an operator. */
    lastError: text('last_error'),
    doneAt: at('done_at'),
    outcome: text('outcome', { enum: noticeOutcomes }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notices_once_idx').on(table.kind, table.refId, table.userId),
    index('notices_waiting_idx')
      .on(table.dueAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
