import { VAT_PERCENT, type Currency, type PriceLines } from '../../shared/commerce';

/**
 * Price arithmetic, in integer minor units. Every rounding is half up and happens once: the discount
 * of a percentage code once, the VAT once per payment (on the price after discount), never per line.
 */

/** round(amount × percent / 100), half up, exact for any safe integer amount. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * A price with its VAT, as offers show it before any discount or wallet (the purchase dialog, packages,
 * cafe seats, a page's structured data): the same single rounding priceLines applies to a payment.
 */
export function withVat(price: number): { price: number; vat: number; total: number } {
  const vat = percentOf(price, VAT_PERCENT);
  return { price, vat, total: price + vat };
}

/**
 * What a row priced in both currencies (its priceIrr and priceUsd columns: titles, packages, goods,
 * delivery, cafe seats, fixed discounts) holds for one currency.
 */
export function priceIn<T>(row: { priceIrr: T; priceUsd: T }, currency: Currency): T {
  return currency === 'IRR' ? row.priceIrr : row.priceUsd;
}

export interface Discount {
  kind: 'percent' | 'fixed';
  percent: number | null;
  /** The fixed amount in the payment's currency. */
  amount: number | null;
}

/** What a code takes off a price: never more than the price itself. */
export function discountAmount(price: number, discount: Discount | null): number {
  if (!discount) return 0;
  const off = discount.kind === 'percent' ? percentOf(price, discount.percent ?? 0) : (discount.amount ?? 0);
  return Math.min(price, Math.max(0, off));
}

/**
 * The lines of a payment: VAT on the price after discount (none on a wallet charge, which sells
 * nothing yet), then what the wallet pays (up to `walletAvailable`) and what is left for the gateway.
 */
export function priceLines(input: {
  currency: Currency;
  price: number;
  discount: Discount | null;
  taxable: boolean;
  walletAvailable: number;
}): PriceLines {
  const discount = discountAmount(input.price, input.discount);
  const vat = input.taxable ? withVat(input.price - discount).vat : 0;
  const total = input.price - discount + vat;
  const walletPart = Math.min(total, Math.max(0, input.walletAvailable));
  return {
    currency: input.currency,
    price: input.price,
    discount,
    vat,
    total,
    wallet_part: walletPart,
    gateway_part: total - walletPart,
  };
}
