import enMoney from 'virtual:strings/en/commerce.money';
import faMoney from 'virtual:strings/fa/commerce.money';
import { translatorOf } from '~/i18n/core';
import type { Currency } from '~/shared/commerce';
import { toLatinDigits } from './format';
import { formatAmount, minorPerUnit } from './money-format';
import type { Locale } from './locale';

/**
 * Money as viewers read and type it. Amounts are integers in the currency's minor unit (IRR rials, USD
 * cents, DESIGN §4); IRR is shown in toman (rials / 10, SPEC §9), USD in dollars. Persian pages write
 * Persian digits and the unit's Persian name; English pages write "toman" and the dollar sign.
 */

/** Only the unit names: islands that show prices load nothing else through this module. */
const t = /* @__PURE__ */ translatorOf({
  fa: { commerce: { money: faMoney } },
  en: { commerce: { money: enMoney } },
});

/** The displayed unit's name: تومان / دلار on Persian pages, toman / dollars on English ones. */
export function moneyUnit(currency: Currency, locale: Locale): string {
  return t(locale, `commerce.money.${currency}`);
}

/**
 * An amount for display: 1_500_000 IRR → «۱۵۰٬۰۰۰ تومان» (fa) or "150,000 toman" (en); 499 USD →
 * «۴٫۹۹ دلار» (fa) or "$4.99" (en). `signed` writes + before credits (wallet ledger lines).
 */
export function formatMoney(
  amount: number,
  currency: Currency,
  locale: Locale,
  { signed = false }: { signed?: boolean } = {},
): string {
  return formatAmount(amount, currency, locale, moneyUnit(currency, locale), { signed });
}

/**
 * What a viewer typed in the displayed unit, as minor units: «۱۵۰٬۰۰۰» toman → 1_500_000 rials,
 * "12.5" dollars → 1250 cents. Persian and Arabic digits and group separators are accepted; null when
 * it is not a positive amount with at most the unit's decimals (none for toman, two for dollars).
 */
export function parseMoney(text: string, currency: Currency): number | null {
  const plain = toLatinDigits(text)
    .replace(/[\s,\u066c\u060c']/g, '')
    .replace(/\u066b/g, '.');
  const decimals = currency === 'IRR' ? 0 : 2;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const [, whole = '', part = ''] = match;
  if (part.length > decimals) return null;
  const minor = Number(whole) * minorPerUnit[currency] + Number(part.padEnd(decimals, '0') || 0);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}
