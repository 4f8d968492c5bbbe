import { eq, inArray } from 'drizzle-orm';
import type { Me } from '../../shared/users';
import { type Authenticated, loginFailureLimits, verifyPassword } from '../auth';
import type { AppContext } from '../context';
import {
  commentReactions,
  comments,
  crossLoginCodes,
  loginAttempts,
  productReactions,
  profiles,
  sessions,
  staffRoles,
  users,
} from '../db/schema';
import { invalidFields } from '../errors';
import { removeAvatar } from './avatar-files';
import { findUserByUserName } from './by-user-name';
import { describeMe, findUser } from './me';

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
 * Deletes the account: erases the person (name, phone, e-mail, password, pictures, sessions, profiles
 * with their favourites and watch positions, comments and reactions, logins in progress) and keeps the
 * row, anonymised, for the money records that point at it (payments, ledger, tickets, subscriptions),
 * which a business must keep. An account with a password must confirm with it; wrong guesses count like
 * failed logins.
 */
export async function deleteAccount(ctx: AppContext, auth: Authenticated, password: string | undefined) {
  const { db } = ctx.database;
  const { user } = auth;
  if (user.passwordHash) {
    if (!password) throw invalidFields({ password: 'password_required' });
    const userName = user.phone ?? user.email ?? String(user.id);
    // Counted before the check, so parallel guesses cannot pass the limit; given back when right.
    const countedAt = ctx.clock.now();
    await ctx.rateLimiter.consume(loginFailureLimits.perUserName, userName);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw invalidFields({ password: 'password_wrong' });
    }
    await ctx.rateLimiter.release(loginFailureLimits.perUserName, userName, countedAt);
  }
  const pictures = await db
    .select({ file: profiles.avatarFile })
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  const userNames = [user.phone, user.email].filter((name): name is string => name !== null);
  await db.transaction(async (tx) => {
    if (userNames.length > 0)
      await tx.delete(loginAttempts).where(inArray(loginAttempts.userName, userNames));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(crossLoginCodes).where(eq(crossLoginCodes.userId, user.id));
    await tx.delete(productReactions).where(eq(productReactions.userId, user.id));
    await tx.delete(commentReactions).where(eq(commentReactions.userId, user.id));
    await tx.delete(comments).where(eq(comments.userId, user.id));
    await tx.delete(profiles).where(eq(profiles.userId, user.id));
    await tx.delete(staffRoles).where(eq(staffRoles.userId, user.id));
    const now = ctx.clock.now();
    await tx
      .update(users)
      .set({
        name: '',
        phone: null,
        email: null,
        passwordHash: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
  for (const { file } of pictures) await removeAvatar(ctx.storage, file);
}
