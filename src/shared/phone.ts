import { isPhoneNumberValid, phoneNumberNormalizer } from '@persian-tools/persian-tools';
import { compactPhone } from '../lib/user-name';

const IRANIAN_MOBILE = /^(?:\+98|98|0)?9\d{9}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number as the contact form and later the login store it: an Iranian mobile as +989xxxxxxxxx
 * (typed as 0912..., 912..., 98912..., +98912... or 0098912..., in any digits), or any other country's
 * number in international form (+ or 00 prefix). Iranian numbers must belong to a mobile operator.
 * Returns null when the input is neither.
 */
export function normalizePhone(raw: string): string | null {
  const compact = compactPhone(raw).replace(/^00/, '+');
  if (IRANIAN_MOBILE.test(compact)) {
    return isPhoneNumberValid(compact) ? phoneNumberNormalizer(compact, '+98') : null;
  }
  if (compact.startsWith('+98')) return null;
  return E164.test(compact) ? compact : null;
}
