import { eq, inArray } from 'drizzle-orm';
import type { Me } from '../../shared/users';
import { loginFailureLimits } from '../auth/login-flow';
import { verifyPassword } from '../auth/secrets';
import type { Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import { loginAttempts, profiles, users } from '../db/schema';
import { invalidFields } from '../errors';
import { removeAvatar } from './avatar-files';
import { describeMe, findUser, findUserByUserName } from './me';

export async function currentMe(ctx: AppContext, auth: Authenticated): Promise<Me> {
  return describeMe(ctx.database.db, auth.user, auth.session.profileId);
}

/** Changes the account's name and/or e-mail address (which must not belong to another account). */
export async function updateMe(
  ctx: AppContext,
  auth: Authenticated,
  changes: { name?: string; email?: string },
) {
  const { db } = ctx.database;
  if (changes.email !== undefined && changes.email !== auth.user.email) {
    const owner = await findUserByUserName(db, changes.email);
    if (owner) throw invalidFields({ email: 'email_taken' });
  }
  if (changes.name !== undefined || changes.email !== undefined) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(eq(users.id, auth.user.id));
  }
  const user = (await findUser(db, auth.user.id)) ?? auth.user;
  return describeMe(db, user, auth.session.profileId);
}

/**
 * Deletes the account and everything hanging off it (sessions, profiles, favourites, watch positions,
 * cross-login codes: ON DELETE CASCADE), plus uploaded pictures and logins in progress. An account with a
 * password must confirm with it; wrong guesses count like failed logins.
 */
export async function deleteAccount(ctx: AppContext, auth: Authenticated, password: string | undefined) {
  const { db } = ctx.database;
  const { user } = auth;
  if (user.passwordHash) {
    if (!password) throw invalidFields({ password: 'password_required' });
    const userName = user.phone ?? user.email ?? String(user.id);
    await ctx.rateLimiter.check(loginFailureLimits.perUserName, userName);
    if (!(await verifyPassword(password, user.passwordHash))) {
      await ctx.rateLimiter.consume(loginFailureLimits.perUserName, userName);
      throw invalidFields({ password: 'password_wrong' });
    }
  }
  const pictures = await db
    .select({ file: profiles.avatarFile })
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  const userNames = [user.phone, user.email].filter((name): name is string => name !== null);
  await db.transaction(async (tx) => {
    if (userNames.length > 0)
      await tx.delete(loginAttempts).where(inArray(loginAttempts.userName, userNames));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  for (const { file } of pictures) await removeAvatar(ctx.config, file);
}
