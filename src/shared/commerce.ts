import { z } from 'zod';
import { userNameSchema } from './auth';
import { MAX_SEATS_PER_PURCHASE } from './cafe-constants';
import { productKinds, productKindSchema } from './catalog';
import {
  currencies,
  gatewayTypes,
  paymentStatuses,
  paymentTypes,
  walletEntryKinds,
} from './commerce-constants';

/**
 * The buying side (issue 9), under /api/v1; shared by the server, the purchase and wallet islands and
 * tests. Money is an integer in the currency's minor unit (IRR rials, USD cents); toman is display only.
 *
 * - GET /core/gateways?currency → `Gateways`: the gateways that take that currency (else the visitor's).
 * - GET /core/packages?currency → `Packages`: subscription packages priced in one currency.
 * - GET /purchase-info/{id}, /live-purchase-info/{id}, /festival-purchase-info/{id} (?currency) →
 *   `PurchaseInfo` (login optional: with it, `wallet` and `owned`). Refusals as playback's: 403 not in
 *   region / not available now / plans not available, 410 screening has ended, 404.
 * - POST /payments/quote (login) `PaymentRequest` without `gateway` → `Quote`, or 422 with the reason
 *   under `errors.discount_code` (expired, used up, not for this item, wrong currency, ...).
 * - POST /payments (login) `PaymentRequest` → 201 `{ payment, redirect }`; `redirect` is null when the
 *   wallet paid it all (the payment is then already fulfilled). 409 when the viewer already owns it.
 * - GET|POST /payments/callback/{gateway}: where a gateway returns the browser; 303 to /payments/{id}.
 * - GET /payments/{id} (login, owner only, else 404) → `{ payment }`.
 * - GET /me/orders?page → `Orders`: the account's payments, newest first.
 * - GET /me/wallet → `Wallet`: balance per currency and the ledger lines of the wallet.
 */

export {
  currencies,
  gatewayTypes,
  paymentStatuses,
  paymentTransitions,
  paymentTypes,
  VAT_PERCENT,
  walletChargeBounds,
  walletEntryKinds,
} from './commerce-constants';
export type { Currency, GatewayType, PaymentStatus, PaymentType } from './commerce-constants';

export const currencySchema = z.enum(currencies);
export const currencyQuerySchema = z.object({ currency: currencySchema.optional() });

export const gatewaySchema = z
  .object({
    type: z.enum(gatewayTypes),
    title: z.string(),
    en_title: z.string(),
    default: z.boolean(),
  })
  .meta({ id: 'Gateway' });
export type Gateway = z.infer<typeof gatewaySchema>;

export const gatewaysResponseSchema = z
  .object({
    gateways: z.array(gatewaySchema),
    default_gateway: z.enum(gatewayTypes).nullable(),
    /** The currency these gateways take (the one asked for, else the visitor's). */
    currency: currencySchema,
    location_currency: currencySchema,
    is_eea: z.boolean(),
  })
  .meta({ id: 'Gateways' });
export type GatewaysResponse = z.infer<typeof gatewaysResponseSchema>;

const moneyFields = {
  currency: currencySchema,
  /** The list price. */
  price: z.number().int(),
};

export const packageSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    months: z.number().int(),
    title: z.string(),
    en_title: z.string(),
    ...moneyFields,
    vat: z.number().int(),
    /** price + VAT, before any discount code. */
    total: z.number().int(),
  })
  .meta({ id: 'SubscriptionPackage' });
export type SubscriptionPackage = z.infer<typeof packageSchema>;

export const packagesResponseSchema = z
  .object({ currency: currencySchema, packages: z.array(packageSchema) })
  .meta({ id: 'SubscriptionPackages' });
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;

/** A single purchase a title page offers: the title itself, a festival package or a screening ticket. */
export const purchaseOptionSchema = z
  .object({
    type: z.enum(['BUY_MOVIE', 'BUY_FESTIVAL', 'BUY_SCREENING']),
    item_id: z.number().int(),
    title: z.string(),
    en_title: z.string(),
    ...moneyFields,
    vat: z.number().int(),
    total: z.number().int(),
    /** BUY_MOVIE: hours it may be watched from the first play. */
    window_hours: z.number().int().nullable(),
  })
  .meta({ id: 'PurchaseOption' });
export type PurchaseOption = z.infer<typeof purchaseOptionSchema>;

export const purchaseInfoSchema = z
  .object({
    product_id: z.number().int(),
    kind: productKindSchema,
    title: z.string(),
    en_title: z.string(),
    currency: currencySchema,
    vat_percent: z.number().int(),
    options: z.array(purchaseOptionSchema),
    /** Subscription packages that include this title (empty when no subscription does). */
    packages: z.array(packageSchema),
    /**
     * No video yet: the title is not sold on its own; the packages (if any) will include it once it
     * comes.
     */
    coming_soon: z.boolean(),
    /** How the logged-in viewer may already watch it; null when they may not (or are not logged in). */
    owned: z.enum(['free', 'subscription', 'purchase', 'ticket']).nullable(),
    /** The logged-in viewer's wallet in this currency; null without login. */
    wallet: z.object({ balance: z.number().int() }).nullable(),
  })
  .meta({ id: 'PurchaseInfo' });
export type PurchaseInfo = z.infer<typeof purchaseInfoSchema>;

export const discountCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((code) => code.toUpperCase());

/** A numbered seat of a cafe session's map (src/shared/cafes.ts). */
export const seatPlaceSchema = z
  .object({ row: z.number().int().min(1).max(500), number: z.number().int().min(1).max(500) })
  .meta({ id: 'CafeSeatPlace' });
export type SeatPlace = z.infer<typeof seatPlaceSchema>;

const purchaseRequestFields = {
  type: z.enum(paymentTypes),
  /** The product (BUY_MOVIE, BUY_FESTIVAL, BUY_SCREENING) or the package (SUBSCRIPTION). */
  item_id: z.number().int().positive().max(2_147_483_647).optional(),
  /** CHARGE_WALLET only: how much to add, in the currency's minor unit. */
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Default: the visitor's location currency. */
  currency: currencySchema.optional(),
  discount_code: discountCodeSchema.optional(),
  /** Pay what the wallet holds first (in whole or in part). */
  use_wallet: z.boolean().optional(),
  /** BUY_PHYSICAL only (it buys the account's cart): one of the viewer's addresses (src/shared/shop.ts). */
  address_id: z.number().int().positive().max(2_147_483_647).optional(),
  /** BUY_PHYSICAL only: a method of GET /core/delivery-methods/{state} for that address's province. */
  delivery_method_id: z.number().int().positive().max(2_147_483_647).optional(),
  /** BUY_CAFE_TICKET only (`item_id` is the cafe session): how many seats (src/shared/cafes.ts). */
  seats: z.number().int().min(1).max(MAX_SEATS_PER_PURCHASE).optional(),
  /** BUY_CAFE_TICKET of a session with a seat map: the seats picked on it, as many as `seats`. */
  places: z.array(seatPlaceSchema).min(1).max(MAX_SEATS_PER_PURCHASE).optional(),
  /** BUY_GIFT only (`item_id` is the package): the recipient's mobile or e-mail, and a note to them. */
  gift_to: userNameSchema.optional(),
  gift_message: z.string().trim().max(300).optional(),
};

export const quoteRequestSchema = z.object(purchaseRequestFields).meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const paymentRequestSchema = z
  .object({
    ...purchaseRequestFields,
    /** A type from /core/gateways, or `wallet` (the wallet must cover the total). */
    gateway: z.enum([...gatewayTypes, 'wallet']),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The price lines of a payment: total = price - discount + vat = wallet_part + gateway_part. */
export const priceLinesSchema = z.object({
  ...moneyFields,
  discount: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  wallet_part: z.number().int(),
  gateway_part: z.number().int(),
});
export type PriceLines = z.infer<typeof priceLinesSchema>;

export const quoteSchema = priceLinesSchema
  .extend({ discount_code: z.string().nullable(), wallet_balance: z.number().int() })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

export const paymentSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(paymentTypes),
    status: z.enum(paymentStatuses),
    ...priceLinesSchema.shape,
    /** The price before discount (same as `price`; SPEC's field name). */
    amount: z.number().int(),
    gateway: z.enum([...gatewayTypes, 'wallet']),
    discount_code: z.string().nullable(),
    /** What was bought: a title (with its page) or a subscription package; null for a wallet charge. */
    item: z
      .object({
        id: z.number().int(),
        kind: z.enum([...productKinds, 'package']),
        title: z.string(),
        en_title: z.string(),
      })
      .nullable(),
    /** The gateway's reference for the viewer's bank statement (e.g. Zarinpal's ref_id). */
    reference: z.string().nullable(),
    /** The masked card the gateway reported. */
    card: z.string().nullable(),
    /** What fulfilment produced: the ticket's code, the subscription's end. */
    ticket_code: z.string().nullable(),
    subscription_ends_at: z.string().nullable(),
    /** Why it failed, was cancelled or was credited, in the request's language; null otherwise. */
    note: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /**
     * When a payment the bank has not confirmed is given up (reconciliation ends it within a minute
     * after): how long "checking with the bank" can last.
     */
    expires_at: z.string(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const redirectSchema = z
  .object({
    method: z.enum(['GET', 'POST']),
    url: z.string(),
    /** Form fields to POST (empty for GET). */
    fields: z.record(z.string(), z.string()),
  })
  .meta({ id: 'GatewayRedirect' });
export type GatewayRedirect = z.infer<typeof redirectSchema>;

export const createdPaymentSchema = z
  .object({ payment: paymentSchema, redirect: redirectSchema.nullable() })
  .meta({ id: 'CreatedPayment' });
export type CreatedPayment = z.infer<typeof createdPaymentSchema>;

export const paymentResponseSchema = z.object({ payment: paymentSchema }).meta({ id: 'PaymentResponse' });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** GET /payments/{id}?check=1: ask the gateway now about a payment still there (the result page). */
export const paymentCheckQuerySchema = z.object({ check: z.literal('1').optional() });

export const ordersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  type: z.enum(paymentTypes).optional(),
});

export const ordersSchema = z
  .object({ orders: z.array(paymentSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'Orders' });
export type Orders = z.infer<typeof ordersSchema>;

export const walletSchema = z
  .object({
    balances: z.array(
      z.object({
        currency: currencySchema,
        /** What may be spent now. */
        balance: z.number().int(),
        /** Held for payments waiting at a gateway. */
        held: z.number().int(),
      }),
    ),
    /** Newest first; `amount` is signed (+ in, - out). */
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        currency: currencySchema,
        amount: z.number().int(),
        kind: z.enum(walletEntryKinds),
        payment_id: z.number().int().nullable(),
        /** Held lines stay pending until their payment ends. */
        pending: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof walletSchema>;

export const gatewayParamSchema = z.object({
  gateway: z.enum(gatewayTypes).meta({ param: { name: 'gateway', in: 'path' } }),
});
