import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencies } from '../../shared/commerce-constants';
import { refundMethods, refundStatuses } from '../../shared/staff-payments-constants';
import { payments } from './commerce-schema';
import { users } from './users-schema';

/**
 * Money finance gave back from a fulfilled payment (issue 17, docs/decisions/0029-refunds.md): to the
 * viewer's wallet (done at once, any part of what was paid) or back to the card through the gateway
 * (the whole gateway part, `requested` until the gateway answers). The ledger holds the money; this row
 * says who gave it back, why, and how much of it was VAT. Never deleted; no cascading keys.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    method: text('method', { enum: refundMethods }).notNull(),
    status: text('status', { enum: refundStatuses }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The VAT share of `amount`, given back from VAT payable. */
    vat: bigint('vat', { mode: 'number' }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_refunds_payment_idx').on(table.paymentId),
    // Totals read the refunds done in a period.
    index('payment_refunds_resolved_idx').on(table.resolvedAt),
    // A gateway reverses a whole transaction once: one reversal a payment unless the gateway refused it.
    uniqueIndex('payment_refunds_one_reversal_idx')
      .on(table.paymentId)
      .where(sql`${table.method} = 'gateway' and ${table.status} <> 'refused'`),
    check(
      'payment_refunds_amounts',
      sql`${table.amount} > 0 and ${table.vat} >= 0 and ${table.vat} <= ${table.amount}`,
    ),
  ],
);
