import type { Currency } from '~/shared/commerce';
import { formatNumber } from './format';
import type { Locale } from './locale';

/**
 * How money is written, without the UI strings: the unit's name is given, so an inline page script can
 * format prices without loading the translations (src/lib/money.ts names the unit for islands).
 */

/** Minor units in one displayed unit: rials per toman, cents per dollar. */
export const minorPerUnit: Record<Currency, number> = { IRR: 10, USD: 100 };

/**
 * Toman are whole in practice, but a rial amount (VAT rounded once) may leave a tenth; dollars always
 * show their cents so a column of prices lines up.
 */
const fraction: Record<Currency, Intl.NumberFormatOptions> = {
  IRR: { maximumFractionDigits: 1 },
  USD: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
};

/** `amount` in minor units as formatMoney writes it, with the unit's name `unit` (تومان, toman, دلار). */
export function formatAmount(
  amount: number,
  currency: Currency,
  locale: Locale,
  unit: string,
  { signed = false }: { signed?: boolean } = {},
): string {
  const value = amount / minorPerUnit[currency];
  const options: Intl.NumberFormatOptions = {
    ...fraction[currency],
    signDisplay: signed ? 'exceptZero' : 'auto',
  };
  if (currency === 'USD' && locale === 'en') {
    return formatNumber(value, locale, { ...options, style: 'currency', currency });
  }
  return `${formatNumber(value, locale, options)} ${unit}`;
}
