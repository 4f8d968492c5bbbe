import { ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { toLatinDigits } from '../../lib/format';
import { normalizePhone } from '../../shared/phone';
import { users } from '../db/schema';

/** `%` and `_` typed by staff are letters, not patterns. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The accounts a staff search names: a phone number in any form a viewer types it (0912…, +98912…,
 * Persian digits) finds that account; otherwise the words are looked for in the name and e-mail, and
 * three or more digits in the phone.
 */
export function accountMatch(query: string): SQL {
  const q = toLatinDigits(query).trim();
  const phone = normalizePhone(q);
  if (phone) return sql`${users.phone} = ${phone}`;
  const contains = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(users.name, contains),
    ilike(users.email, contains),
    digits.length >= 3 && digits === q.replace(/[\s-]/g, '')
      ? like(users.phone, `%${digits.replace(/^0/, '')}%`)
      : undefined,
  )!;
}
