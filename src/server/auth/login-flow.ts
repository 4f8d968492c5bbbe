import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { CODE_LENGTH, type InitResponse, type SessionOpened, type VerifyResponse } from '../../shared/auth';
import type { Locale } from '../../lib/locale';
import { isEmailUserName } from '../../lib/user-name';
import type { Attribution } from '../../shared/growth';
import type { AppContext } from '../context';
import { defineRateLimit, type RateLimitRule } from '../core/rate-limit';
import type { Db } from '../db/client';
import { loginAttempts, profiles, users } from '../db/schema';
import { DomainError, invalidFields } from '../errors';
import { recordSignupAttribution } from '../growth';
import { findUserByUserName, type UserRow } from '../users';
import {
  hashPassword,
  newToken,
  randomDigits,
  sameHash,
  spendPasswordCheck,
  tokenHash,
  verifyPassword,
} from './secrets';
import { endAllSessions, openSession, type SessionOrigin } from './sessions';

/** A login in progress (remember_token) lives this long; its code much shorter. */
export const ATTEMPT_TTL_SECONDS = 15 * 60;
export const CODE_TTL_SECONDS = 2 * 60;
/** Tries per code, right or wrong; a sixth guess finds the code dead. */
export const MAX_CODE_TRIES = 5;

/**
 * Sending codes costs money and can be aimed at someone's phone (SMS bombing): a code a minute and five
 * an hour per user name, twenty an hour per client address.
 */
export const codeSendLimits = {
  perUserNameMinute: defineRateLimit({ name: 'code-user-minute', limit: 1, windowSeconds: 60 }),
  perUserNameHour: defineRateLimit({ name: 'code-user-hour', limit: 5, windowSeconds: 60 * 60 }),
  perAddress: defineRateLimit({ name: 'code-address', limit: 20, windowSeconds: 60 * 60 }),
};

/**
 * Wrong passwords only. A guesser at one address is stopped for that account after ten, and for every
 * account after thirty; the owner at another address is not held back by them, so a stranger cannot
 * lock anyone out by typing wrong passwords. Guessers spread over many addresses run into the slow
 * per-account budget, after which the account waits for password logins, while login by code
 * (forgot password) still works and the 429 says so.
 */
export const loginFailureLimits = {
  perUserNameAndAddress: defineRateLimit({ name: 'login-fail-pair', limit: 10, windowSeconds: 15 * 60 }),
  perAddress: defineRateLimit({ name: 'login-fail-address', limit: 30, windowSeconds: 15 * 60 }),
  perUserName: defineRateLimit({ name: 'login-fail-user-day', limit: 100, windowSeconds: 24 * 60 * 60 }),
};

/** The failure limits' buckets for one login: the account at this address, the address, the account. */
function failureBuckets(userName: string, address: string): [RateLimitRule, string][] {
  return [
    [loginFailureLimits.perUserNameAndAddress, `${userName} ${address}`],
    [loginFailureLimits.perAddress, address],
    [loginFailureLimits.perUserName, userName],
  ];
}

/**
 * Counts a password try against the failure limits before the (slow) check, each in one atomic
 * statement: however many guesses arrive at once, at most a limit's worth is ever checked in a window
 * (issue 24, 10). A bucket already full stops the count there, so a guesser stopped at one address
 * does not spend the account's budget. A login refused here says when to try again and that a code
 * still logs in.
 */
async function countLoginTry(ctx: AppContext, userName: string, address: string): Promise<void> {
  try {
    for (const [rule, key] of failureBuckets(userName, address)) await ctx.rateLimiter.consume(rule, key);
  } catch (error) {
    if (!(error instanceof DomainError) || error.retryAfter === undefined) throw error;
    const minutes = Math.ceil(error.retryAfter / 60);
    throw new DomainError(
      'rate_limited',
      { key: 'login_limited', params: { count: minutes } },
      { retryAfter: error.retryAfter },
    );
  }
}

type Purpose = (typeof loginAttempts.$inferSelect)['purpose'];
type Attempt = typeof loginAttempts.$inferSelect;

export interface RequestOrigin extends SessionOrigin {
  locale: Locale;
}

/** Keyed by the attempt's token hash, so the same code in two attempts never has the same hash. */
function codeHash(attemptTokenHash: string, code: string): string {
  return createHash('sha256').update(`${attemptTokenHash}:${code}`).digest('hex');
}

const loginExpired = () => invalidFields({ remember_token: 'login_expired' });

async function newAttempt(
  db: Db,
  userName: string,
  purpose: Purpose,
  now: Date,
  code?: string,
): Promise<string> {
  const token = newToken();
  const hash = tokenHash(token);
  // Finished and abandoned attempts are swept here rather than by a timer; the index keeps it cheap.
  await db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, now));
  await db.insert(loginAttempts).values({
    tokenHash: hash,
    userName,
    purpose,
    codeHash: code === undefined ? null : codeHash(hash, code),
    codeExpiresAt: code === undefined ? null : new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    expiresAt: new Date(now.getTime() + ATTEMPT_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return token;
}

/**
 * Counts the send against every limit, records a new attempt with a fresh code, and delivers it. A
 * blocked account gets nothing (issue 17, 0030): the attempt and the answer are those of anyone else,
 * so the answer does not tell a stranger the account exists, but nobody ever learns its code.
 */
async function sendCode(
  ctx: AppContext,
  recipient: { userName: string; user: UserRow | undefined },
  purpose: Purpose,
  origin: RequestOrigin,
): Promise<string> {
  const { rateLimiter } = ctx;
  const { userName, user } = recipient;
  await rateLimiter.consume(codeSendLimits.perUserNameMinute, userName);
  await rateLimiter.consume(codeSendLimits.perUserNameHour, userName);
  await rateLimiter.consume(codeSendLimits.perAddress, origin.clientAddress || 'unknown');
  const code = randomDigits(CODE_LENGTH);
  const token = await newAttempt(ctx.database.db, userName, purpose, ctx.clock.now(), code);
  if (!user?.blockedAt) await ctx.notifier.sendCode(userName, code, origin.locale);
  return token;
}

/**
 * INIT answers LOGIN for an account with a password, which tells anyone it exists; so such an account,
 * when blocked, hears why at once (403) rather than after a password or a code it cannot use.
 */
function refuseBlockedWithPassword(user: UserRow | undefined): void {
  if (user?.passwordHash && user.blockedAt) throw new DomainError('forbidden', 'account_blocked');
}

async function findAttempt(ctx: AppContext, rememberToken: string, userName?: string): Promise<Attempt> {
  const [attempt] = await ctx.database.db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.tokenHash, tokenHash(rememberToken)));
  const live = attempt && attempt.expiresAt > ctx.clock.now();
  if (!live || (userName !== undefined && attempt.userName !== userName)) throw loginExpired();
  return attempt;
}

/** Step INIT: a known user with a password logs in with it; everyone else gets a code. */
export async function initLogin(
  ctx: AppContext,
  userName: string,
  origin: RequestOrigin,
): Promise<InitResponse> {
  const user = await findUserByUserName(ctx.database.db, userName);
  refuseBlockedWithPassword(user);
  if (user?.passwordHash) {
    return {
      next: 'LOGIN',
      remember_token: await newAttempt(ctx.database.db, userName, 'login', ctx.clock.now()),
    };
  }
  return {
    next: 'VERIFY',
    remember_token: await sendCode(ctx, { userName, user }, user ? 'login' : 'signup', origin),
  };
}

/**
 * A new code, replacing the attempt named by `rememberToken`. For an account with a password (or when
 * asked) the code is for resetting the password: such an account never logs in by code alone.
 */
export async function resendCode(
  ctx: AppContext,
  input: { userName: string; rememberToken: string | undefined; forget: boolean },
  origin: RequestOrigin,
): Promise<string> {
  const { db } = ctx.database;
  const user = await findUserByUserName(db, input.userName);
  refuseBlockedWithPassword(user);
  const purpose: Purpose = !user ? 'signup' : input.forget || user.passwordHash ? 'forget' : 'login';
  const token = await sendCode(ctx, { userName: input.userName, user }, purpose, origin);
  if (input.rememberToken !== undefined) {
    await db.delete(loginAttempts).where(eq(loginAttempts.tokenHash, tokenHash(input.rememberToken)));
  }
  return token;
}

/**
 * Checks a code. Each check counts as a try before the comparison (atomically, so parallel guesses
 * cannot exceed MAX_CODE_TRIES); an expired or exhausted code fails whatever is typed.
 */
async function checkCode(ctx: AppContext, attempt: Attempt, code: string): Promise<string> {
  if (!attempt.codeHash || !attempt.codeExpiresAt) throw invalidFields({ code: 'code_invalid' });
  if (attempt.codeExpiresAt <= ctx.clock.now()) throw invalidFields({ code: 'code_expired' });
  const [counted] = await ctx.database.db
    .update(loginAttempts)
    .set({ codeTries: sql`${loginAttempts.codeTries} + 1` })
    .where(and(eq(loginAttempts.id, attempt.id), lt(loginAttempts.codeTries, MAX_CODE_TRIES)))
    .returning({ tries: loginAttempts.codeTries });
  if (!counted) throw invalidFields({ code: 'code_too_many_tries' });
  if (!sameHash(codeHash(attempt.tokenHash, code), attempt.codeHash)) {
    throw invalidFields({ code: counted.tries >= MAX_CODE_TRIES ? 'code_too_many_tries' : 'code_invalid' });
  }
  return attempt.codeHash;
}

/**
 * Step VERIFY. Signup and forgotten-password attempts become verified (the remember_token then
 * authorises COMPLETE or FORGET_PASSWORD); an account without a password is logged in.
 */
export async function verifyCode(
  ctx: AppContext,
  input: { userName: string; code: string; rememberToken: string; removeSessionId: number | undefined },
  origin: RequestOrigin,
): Promise<VerifyResponse> {
  const { db } = ctx.database;
  const attempt = await findAttempt(ctx, input.rememberToken, input.userName);
  const checkedHash = await checkCode(ctx, attempt, input.code);
  const sameCode = and(eq(loginAttempts.id, attempt.id), eq(loginAttempts.codeHash, checkedHash));
  if (attempt.purpose === 'login') {
    const opened = await openSession(
      ctx,
      origin,
      async (tx) => {
        // Deleting the attempt is what uses the code up; a parallel verify finds it gone.
        const used = await tx.delete(loginAttempts).where(sameCode).returning({ id: loginAttempts.id });
        const user = used.length > 0 ? await findUserByUserName(tx, attempt.userName) : undefined;
        if (!user) throw invalidFields({ code: 'code_invalid' });
        return user.id;
      },
      input.removeSessionId,
    );
    return { remember_token: input.rememberToken, ...opened };
  }
  const verified = await db
    .update(loginAttempts)
    .set({ codeHash: null, codeExpiresAt: null, verifiedAt: ctx.clock.now() })
    .where(sameCode)
    .returning({ id: loginAttempts.id });
  if (verified.length === 0) throw invalidFields({ code: 'code_invalid' });
  return {
    remember_token: input.rememberToken,
    next: attempt.purpose === 'signup' ? 'COMPLETE' : 'FORGET_PASSWORD',
  };
}

/** Uses up a verified attempt of `purpose` inside the session's transaction. */
async function useVerifiedAttempt(tx: Db, attempt: Attempt): Promise<void> {
  const used = await tx
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.id, attempt.id), isNotNull(loginAttempts.verifiedAt)))
    .returning({ id: loginAttempts.id });
  if (used.length === 0) throw loginExpired();
}

async function findVerifiedAttempt(
  ctx: AppContext,
  rememberToken: string,
  purpose: Purpose,
): Promise<Attempt> {
  const attempt = await findAttempt(ctx, rememberToken);
  if (attempt.purpose !== purpose || !attempt.verifiedAt) throw loginExpired();
  return attempt;
}

/** Step COMPLETE: the verified new viewer's account, with a main profile in their name, logged in. */
export async function completeSignup(
  ctx: AppContext,
  input: { rememberToken: string; name: string; password: string; attribution: Attribution | null },
  origin: SessionOrigin,
): Promise<SessionOpened> {
  const attempt = await findVerifiedAttempt(ctx, input.rememberToken, 'signup');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return openSession(ctx, origin, async (tx) => {
    await useVerifiedAttempt(tx, attempt);
    const byEmail = isEmailUserName(attempt.userName);
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        phone: byEmail ? null : attempt.userName,
        email: byEmail ? attempt.userName : null,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      // Someone finished signing up with the same user name first.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new DomainError('conflict', 'account_exists');
    await tx
      .insert(profiles)
      .values({ userId: user.id, name: input.name, avatarId: 1, isMain: true, createdAt: now });
    await recordSignupAttribution(tx, user.id, input.attribution, now);
    return user.id;
  });
}

/**
 * Step FORGET_PASSWORD: the verified owner sets a new password and is logged in. Every other session
 * ends: a viewer resets a password most often because someone else may know it.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { rememberToken: string; password: string },
  origin: SessionOrigin,
): Promise<SessionOpened> {
  const attempt = await findVerifiedAttempt(ctx, input.rememberToken, 'forget');
  const passwordHash = await hashPassword(input.password);
  return openSession(ctx, origin, async (tx) => {
    await useVerifiedAttempt(tx, attempt);
    const user = await findUserByUserName(tx, attempt.userName);
    if (!user) throw loginExpired();
    const now = ctx.clock.now();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id, now);
    return user.id;
  });
}

/**
 * Step LOGIN. Every try is counted before the (slow) password check and given back when the password
 * was right, so only failures stay counted; an unknown user name costs the same time as a wrong
 * password and gets the same answer.
 */
export async function logIn(
  ctx: AppContext,
  input: { userName: string; password: string; removeSessionId: number | undefined },
  origin: SessionOrigin,
): Promise<SessionOpened> {
  const address = origin.clientAddress || 'unknown';
  const countedAt = ctx.clock.now();
  await countLoginTry(ctx, input.userName, address);
  const user = await findUserByUserName(ctx.database.db, input.userName);
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await spendPasswordCheck(input.password).then(() => false);
  if (!user || !valid) throw invalidFields({ password: 'password_wrong' });
  for (const [rule, key] of failureBuckets(input.userName, address)) {
    await ctx.rateLimiter.release(rule, key, countedAt);
  }
  return openSession(ctx, origin, async () => user.id, input.removeSessionId);
}

/**
 * A login code sent to a logged-in account's own phone or e-mail, for a step that proves the person
 * holds it (a forgotten profile PIN, issue 29). Sending counts against the same limits as a login's code.
 */
export async function sendAccountCode(
  ctx: AppContext,
  user: UserRow,
  origin: RequestOrigin,
): Promise<string> {
  const userName = user.phone ?? user.email;
  if (!userName) throw new DomainError('conflict', 'account_has_no_contact');
  return sendCode(ctx, { userName, user }, 'forget', origin);
}

/** Checks and uses up a code of sendAccountCode (tries counted as a login's); 422 when wrong. */
export async function useAccountCode(
  ctx: AppContext,
  user: UserRow,
  input: { rememberToken: string; code: string },
): Promise<void> {
  const userName = user.phone ?? user.email ?? '';
  const attempt = await findAttempt(ctx, input.rememberToken, userName);
  if (attempt.purpose !== 'forget') throw loginExpired();
  const checkedHash = await checkCode(ctx, attempt, input.code);
  const used = await ctx.database.db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.id, attempt.id), eq(loginAttempts.codeHash, checkedHash)))
    .returning({ id: loginAttempts.id });
  if (used.length === 0) throw invalidFields({ code: 'code_invalid' });
}
