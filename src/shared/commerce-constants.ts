/**
 * The commerce contract's plain values (src/shared/commerce.ts re-exports them with its zod schemas),
 * in a file without zod, so an island that needs a bound or a list does not bring the schemas along.
 */

export const currencies = ['IRR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** SPEC §3 payment record types. */
export const paymentTypes = [
  'CHARGE_WALLET',
  'BUY_MOVIE',
  'BUY_FESTIVAL',
  'BUY_SCREENING',
  'SUBSCRIPTION',
  'BUY_PHYSICAL',
  /** Seats at a cafe's group screening, one ticket a seat (issue 14). */
  'BUY_CAFE_TICKET',
  /** A subscription package bought as a gift card for someone else (issue 14). */
  'BUY_GIFT',
] as const;
export type PaymentType = (typeof paymentTypes)[number];

/**
 * started → at_gateway → verified → fulfilled is the happy path (a payment the wallet covers goes
 * started → fulfilled). cancelled, failed and expired end a payment whose money never arrived;
 * credited (to the wallet) and reversed (to the card) end one whose money arrived but that could not
 * be fulfilled.
 */
export const paymentStatuses = [
  'started',
  'at_gateway',
  'verified',
  'fulfilled',
  'cancelled',
  'failed',
  'expired',
  'reversed',
  'credited',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where each status may go; the ones with nowhere to go are final. */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  started: ['at_gateway', 'fulfilled', 'credited', 'failed', 'expired'],
  at_gateway: ['verified', 'cancelled', 'failed', 'expired'],
  verified: ['fulfilled', 'credited', 'reversed'],
  fulfilled: [],
  cancelled: [],
  failed: [],
  expired: [],
  reversed: [],
  credited: [],
};

/** SPEC §3 gateway types, plus the built-in sandbox bank (on when no real gateway is configured). */
export const gatewayTypes = ['sandbox', 'zarinpal', 'mellat', 'pasargad', 'saman', 'paypal'] as const;
export type GatewayType = (typeof gatewayTypes)[number];

/** SPEC §9: VAT on the price after discount, rounded once per payment. */
export const VAT_PERCENT = 10;

/** Wallet charges: at least 10,000 toman or 1 dollar, at most Zarinpal's 100,000,000 toman or $1,000. */
export const walletChargeBounds: Record<Currency, { min: number; max: number }> = {
  IRR: { min: 100_000, max: 1_000_000_000 },
  USD: { min: 100, max: 100_000 },
};

export const walletEntryKinds = ['charge', 'spend', 'hold', 'credit'] as const;
