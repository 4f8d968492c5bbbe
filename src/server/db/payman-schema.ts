import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { locales } from '../../lib/locale';
import { payments, subscriptionPackages } from './commerce-schema';
import { users } from './users-schema';
import { at, createdAt } from './columns';

/**
 * Monthly direct debit through Zarinpal Payman (docs/decisions/0024-direct-debit.md): a viewer's
 * contract with the bank and the renewals charged under it. Keys to users and payments never cascade,
 * like every money row.
 */

export const paymanContractStatuses = ['pending', 'signed', 'refused', 'cancelled'] as const;
export type PaymanContractStatus = (typeof paymanContractStatuses)[number];

/**
 * pending (sent to the bank's signing page) → signed (we hold the signature) → cancelled; refused when
 * the viewer did not sign. An expired contract stays `signed` with expires_at in the past. The
 * signature is kept only sealed (AES-256-GCM, src/server/commerce/sealed.ts).
 */
export const paymanContracts = pgTable(
  'payman_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: paymanContractStatuses }).notNull(),
    paymanAuthority: text('payman_authority').notNull().unique(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    /** The 09… number the contract was asked with: the one registered with the bank. */
    mobile: text('mobile').notNull(),
    /** The package each renewal buys. */
    packageId: integer('package_id')
      .notNull()
      .references(() => subscriptionPackages.id),
    /** Per transaction, in rials. */
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    maxDailyCount: integer('max_daily_count').notNull(),
    maxMonthlyCount: integer('max_monthly_count').notNull(),
    expiresAt: at('expires_at').notNull(),
    sealedSignature: text('sealed_signature'),
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: createdAt(),
    signedAt: at('signed_at'),
    cancelledAt: at('cancelled_at'),
  },
  (table) => [
    index('payman_contracts_user_idx').on(table.userId, table.id.desc()),
    // One contract in force per account: a second signing races the first in this index.
    uniqueIndex('payman_contracts_signed_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'signed'`),
    check(
      'payman_contracts_signature',
      sql`(${table.status} = 'signed') <= (${table.sealedSignature} is not null)`,
    ),
  ],
);

export const paymanRenewalStatuses = ['due', 'charging', 'paid', 'failed'] as const;

/**
 * One row per contract and subscription period it renews (the period is the end of the subscription
 * being extended): claimed by inserting it, so two instances never charge one period twice. due →
 * charging (one attempt claimed by a conditional update) → paid, or back to due with the next
 * attempt's time, or failed after the last attempt.
 */
export const paymanRenewals = pgTable(
  'payman_renewals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => paymanContracts.id),
    periodEnd: at('period_end').notNull(),
    status: text('status', { enum: paymanRenewalStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** The attempt's payment, while charging and once paid. */
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payman_renewals_period_idx').on(table.contractId, table.periodEnd),
    index('payman_renewals_due_idx').on(table.status, table.nextAttemptAt),
  ],
);
