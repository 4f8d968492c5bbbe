import { toLatinDigits } from './format';

/**
 * How a typed user name (a mobile number or an e-mail address) is cleaned, on both sides: the login
 * and gift forms send it cleaned, and the server's normalizeUserName (src/shared/auth.ts) validates the
 * same cleaned text. Digits are made Latin by lib/format.ts, the one digit rule.
 */

/** What people type or paste into a phone number besides digits: spaces, dashes, dots, brackets, ZWNJ and bidi marks. */
const PHONE_MARKS = /[\s\-().\u200c\u200e\u200f]/g;

/** A phone number in Latin digits without its marks: «۰۹۱۲ ۳۴۵-۶۷۸۹» → 09123456789. */
export function compactPhone(raw: string): string {
  return toLatinDigits(raw).replace(PHONE_MARKS, '');
}

export function isEmailUserName(userName: string): boolean {
  return userName.includes('@');
}

/**
 * A user name as typed, cleaned: Latin digits, a phone number without marks, an e-mail address trimmed
 * and lower-cased. Not validated: that is the server's (+98…, a mobile operator, a real address).
 */
export function cleanUserName(raw: string): string {
  const value = toLatinDigits(raw.trim());
  return isEmailUserName(value) ? value.toLowerCase() : compactPhone(value);
}
