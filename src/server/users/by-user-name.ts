import { eq } from 'drizzle-orm';
import { isEmailUserName } from '../../lib/user-name';
import { normalizeUserName } from '../../shared/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { invalidFields, notFound } from '../errors';

/** Accounts by their user name: a mobile number (+989…) or an e-mail address, the names logins use. */

type UserRow = typeof users.$inferSelect;

/** The account of a user name as normalizeUserName gives it; none for a deleted account (it has neither). */
export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  const column = isEmailUserName(userName) ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, userName));
  return user;
}

/**
 * The account a user name typed by staff names (a phone in any spelling, or an e-mail): 422
 * user_name_invalid when it is neither, 404 user_not_found when no account has it.
 */
export async function accountByUserName(db: Db, typed: string): Promise<UserRow> {
  const userName = normalizeUserName(typed);
  if (!userName) throw invalidFields({ user_name: 'user_name_invalid' });
  const user = await findUserByUserName(db, userName);
  if (!user) throw notFound('user_not_found');
  return user;
}
