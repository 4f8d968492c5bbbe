import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locales } from '../../lib/locale';
import { currencies, gatewayTypes, paymentStatuses, paymentTypes } from '../../shared/commerce';
import { products } from './catalog-schema';
import { users } from './users-schema';
import { createdAt, money } from './columns';

/**
 * Money (src/server/commerce). Amounts are integers in the currency's minor unit (IRR rials, USD
 * cents), read as JS numbers: exact below 2^53, far above any price. Foreign keys from these tables to
 * users and products never cascade: deleting an account anonymises it and keeps its money rows.
 */

/** What a title, festival or screening costs on its own, in both currencies. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceIrr: money('price_irr').notNull(),
    priceUsd: money('price_usd').notNull(),
  },
  (table) => [check('product_prices_positive', sql`${table.priceIrr} > 0 and ${table.priceUsd} > 0`)],
);

/** Subscription packages (1, 3, 6, 12 months). */
export const subscriptionPackages = pgTable(
  'subscription_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    months: integer('months').notNull(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
    priceIrr: money('price_irr').notNull(),
    priceUsd: money('price_usd').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check(
      'subscription_packages_valid',
      sql`${table.months} > 0 and ${table.priceIrr} > 0 and ${table.priceUsd} > 0`,
    ),
  ],
);

export const discountKinds = ['percent', 'fixed'] as const;

/**
 * A discount code: a percentage or a fixed amount per currency (a currency without an amount is not
 * accepted), a validity window, limits overall and per account, and a scope (payment types, titles;
 * empty means any purchase). `used_count` counts held and used redemptions, moved in the statement
 * that checks the limit.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    percent: integer('percent'),
    amountIrr: money('amount_irr'),
    amountUsd: money('amount_usd'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    usedCount: integer('used_count').notNull().default(0),
    paymentTypes: text('payment_types', { enum: paymentTypes })
      .array()
      .notNull()
      .default(sql`'{}'`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'discount_codes_amount',
      sql`(${table.kind} = 'percent' and ${table.percent} between 1 and 100) or (${table.kind} = 'fixed' and (${table.amountIrr} > 0 or ${table.amountUsd} > 0))`,
    ),
    check('discount_codes_uses', sql`${table.maxUses} is null or ${table.usedCount} <= ${table.maxUses}`),
  ],
);

/**
 * One payment of SPEC §3's types. total = price - discount + vat = wallet_part + gateway_part. Status
 * changes are conditional updates (`where status = <from>`), so each transition, fulfilment included,
 * happens once however many callbacks, pollers and instances race for it.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: paymentTypes }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    price: money('price').notNull(),
    discount: money('discount').notNull().default(0),
    vat: money('vat').notNull().default(0),
    total: money('total').notNull(),
    walletPart: money('wallet_part').notNull().default(0),
    gatewayPart: money('gateway_part').notNull(),
    /** A gateway type, or `wallet` when the wallet pays it all. */
    gateway: text('gateway', { enum: [...gatewayTypes, 'wallet'] }).notNull(),
    productId: integer('product_id').references(() => products.id),
    packageId: integer('package_id').references(() => subscriptionPackages.id),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    /** The gateway's id of its session (Zarinpal's authority), known once the gateway accepted it. */
    gatewayRef: text('gateway_ref'),
    /** The gateway's reference of the money movement (Zarinpal's ref_id), once verified. */
    gatewayTrace: text('gateway_trace'),
    /**
     * What the gateway's protocol needs between calls (Mellat's SaleReferenceId, SEP's RefNum,
     * Pasargad's urlId), from its answer to the request and from the callback.
     */
    gatewayData: jsonb('gateway_data').$type<Record<string, string>>().notNull().default({}),
    /**
     * Set when a verified payment turned out undeliverable and its money is to go back to the card:
     * from then on it is never delivered, only reversed (or, if the gateway refuses, credited).
     */
    reversalRequestedAt: timestamp('reversal_requested_at', { withTimezone: true }),
    cardPan: text('card_pan'),
    /** What fulfilment produced, for the result page and the receipt. */
    ticketCode: text('ticket_code'),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    /** A message key saying why it failed, was cancelled or credited. */
    noteKey: text('note_key'),
    /** The page language the viewer paid in: the result page after the gateway uses it. */
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this a payment still waiting for its money is expired by reconciliation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * While later than now, one caller (a callback, a poll, a reconciliation on any instance) is asking
     * the gateway to verify this payment and nobody else does: claimed by a conditional update before
     * the call, given back after it, lapsing by itself if its holder stopped (decision record 0033).
     */
    verifyingUntil: timestamp('verifying_until', { withTimezone: true }),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.id.desc()),
    index('payments_open_idx')
      .on(table.status, table.updatedAt)
      .where(sql`${table.status} in ('started', 'at_gateway', 'verified')`),
    uniqueIndex('payments_gateway_ref_idx')
      .on(table.gateway, table.gatewayRef)
      .where(sql`${table.gatewayRef} is not null`),
    // One movement of money pays for one payment (SEP re-confirms an old RefNum to whoever asks).
    uniqueIndex('payments_gateway_trace_idx')
      .on(table.gateway, table.gatewayTrace)
      .where(sql`${table.gatewayTrace} is not null`),
    check(
      'payments_lines',
      sql`${table.price} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.price} and ${table.vat} >= 0 and ${table.walletPart} >= 0 and ${table.gatewayPart} >= 0 and ${table.total} = ${table.price} - ${table.discount} + ${table.vat} and ${table.total} = ${table.walletPart} + ${table.gatewayPart}`,
    ),
  ],
);

/** Every status change of a payment, for its timeline (support, staff console, tests). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    fromStatus: text('from_status', { enum: paymentStatuses }),
    toStatus: text('to_status', { enum: paymentStatuses }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: createdAt(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.id)],
);

/**
 * Redemptions of discount codes: held while the payment is open, used once it is fulfilled, released
 * (and the code's count given back) when it ends otherwise.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    status: text('status', { enum: ['held', 'used', 'released'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('discount_redemptions_code_user_idx').on(table.discountCodeId, table.userId)],
);

/** `gifts`: gift cards sold and not yet redeemed, a liability until their code is used. */
export const ledgerAccountKinds = [
  'wallet',
  'gateway',
  'checkout',
  'sales',
  'vat',
  'discounts',
  'gifts',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/**
 * Double-entry books in TigerBeetle's model, one ledger per currency. An account's four sums move in
 * the same statement as each transfer that touches it; a `limited` account (a viewer's wallet) may
 * never have debits above its credits, which the check constraint enforces whatever the code does.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency', { enum: currencies }).notNull(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    /** Wallets: whose. */
    userId: integer('user_id').references(() => users.id),
    /** Gateway clearing accounts: which gateway. */
    gateway: text('gateway', { enum: gatewayTypes }),
    limited: boolean('limited').notNull().default(false),
    debitsPosted: money('debits_posted').notNull().default(0),
    creditsPosted: money('credits_posted').notNull().default(0),
    debitsPending: money('debits_pending').notNull().default(0),
    creditsPending: money('credits_pending').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_identity_idx').on(
      table.kind,
      table.currency,
      sql`coalesce(${table.userId}, 0)`,
      sql`coalesce(${table.gateway}, '')`,
    ),
    check(
      'ledger_accounts_limit',
      sql`not ${table.limited} or ${table.creditsPosted} >= ${table.debitsPosted} + ${table.debitsPending}`,
    ),
    check(
      'ledger_accounts_sums',
      sql`${table.debitsPosted} >= 0 and ${table.creditsPosted} >= 0 and ${table.debitsPending} >= 0 and ${table.creditsPending} >= 0`,
    ),
  ],
);

export const transferKinds = [
  'wallet_hold',
  'gateway_in',
  'sale',
  'vat',
  'discount',
  'wallet_charge',
  'wallet_credit',
  /** A verified payment's money given back to the card through its gateway. */
  'gateway_out',
  /** A gift card sold (checkout → gifts) and its code redeemed (gifts → sales). */
  'gift_sold',
  'gift_redeemed',
] as const;
export type TransferKind = (typeof transferKinds)[number];

/**
 * An immutable movement of money from one account to another. A pending transfer reserves its amount;
 * exactly one later transfer posts or voids it (`pending_id` is unique), never an edit.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    kind: text('kind', { enum: transferKinds }).notNull(),
    /** pending: reserves; posted: moves; post/void: resolves the pending transfer `pending_id`. */
    phase: text('phase', { enum: ['pending', 'posted', 'post', 'void'] }).notNull(),
    pendingId: integer('pending_id')
      .unique()
      .references((): AnyPgColumn => ledgerTransfers.id),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_transfers_debit_idx').on(table.debitAccountId, table.id),
    index('ledger_transfers_credit_idx').on(table.creditAccountId, table.id),
    index('ledger_transfers_payment_idx').on(table.paymentId),
    // The finance reports read the transfers of a period (src/server/finance/reports.ts).
    index('ledger_transfers_created_idx').on(table.createdAt),
    check('ledger_transfers_amount', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
    check(
      'ledger_transfers_resolution',
      sql`(${table.phase} in ('post', 'void')) = (${table.pendingId} is not null)`,
    ),
  ],
);

/**
 * The built-in sandbox bank's sessions. It speaks Zarinpal's v4 protocol (src/server/commerce/gateways),
 * so its state is what Zarinpal would keep: the authority, the amount asked, whether it was paid.
 */
export const sandboxBankSessions = pgTable('sandbox_bank_sessions', {
  authority: text('authority').primaryKey(),
  merchantId: text('merchant_id').notNull(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  callbackUrl: text('callback_url').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'cancelled', 'declined', 'verified'] }).notNull(),
  refId: money('ref_id'),
  cardPan: text('card_pan'),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
