import { and, eq } from 'drizzle-orm';
import { NEEDS_PIN, type PinRules } from '../../shared/kids';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import { profiles, users } from '../db/schema';
import { DomainError, invalidFields } from '../errors';
import { verifyPassword } from './secrets';

/**
 * Profile PINs (issue 29) are credentials like passwords: four digits, hashed with the password hash
 * (scrypt; users/pins.ts sets them), so a copy of the database does not show them. Ten thousand PINs
 * are few: wrong tries are limited per account, counted before the (slow) check in one atomic
 * statement so parallel guesses cannot pass the limit, and given back when the PIN was right, as
 * passwords are (login-flow.ts).
 */
const pinTryLimits = [
  defineRateLimit({ name: 'pin-fail', limit: 5, windowSeconds: 15 * 60 }),
  defineRateLimit({ name: 'pin-fail-day', limit: 20, windowSeconds: 24 * 60 * 60 }),
];

/** A request that needs a PIN it did not bring: 403 with `code: pin_required`, the client asks for it. */
function pinRequired(whose: 'main' | 'profile'): DomainError {
  return new DomainError('forbidden', whose === 'main' ? 'main_pin_required' : 'profile_pin_required', {
    extra: { code: NEEDS_PIN, pin: whose },
  });
}

/**
 * Whether `pin` opens one of `hashes` (a profile's own PIN, the main profile's); nothing to check when
 * none is set. A missing PIN answers 403 `pin_required`, a wrong one 422 `pin: pin_wrong`, too many 429.
 */
export async function checkPin(
  ctx: AppContext,
  userId: number,
  hashes: (string | null)[],
  pin: string | undefined,
  whose: 'main' | 'profile',
): Promise<void> {
  const known = hashes.filter((hash): hash is string => hash !== null);
  if (known.length === 0) return;
  if (pin === undefined || pin === '') throw pinRequired(whose);
  const countedAt = ctx.clock.now();
  for (const rule of pinTryLimits) await ctx.rateLimiter.consume(rule, String(userId));
  let right = false;
  for (const hash of known) right ||= /^\d{4}$/.test(pin) && (await verifyPassword(pin, hash));
  if (!right) throw invalidFields({ pin: 'pin_wrong' });
  for (const rule of pinTryLimits) await ctx.rateLimiter.release(rule, String(userId), countedAt);
}

/** The main profile's PIN hash, or null when it has none. */
export async function mainPinHash(ctx: AppContext, userId: number): Promise<string | null> {
  const [main] = await ctx.database.db
    .select({ pinHash: profiles.pinHash })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isMain, true)));
  return main?.pinHash ?? null;
}

/** The account's PIN rules. */
export function pinRulesOf(user: typeof users.$inferSelect): PinRules {
  return {
    leave_kids: user.pinToLeaveKids,
    edit_profiles: user.pinToEditProfiles,
    purchase: user.pinToPurchase,
  };
}

/** The main profile's PIN, when the account's rule `rule` asks for it; nothing otherwise. */
export async function requireMainPin(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  rule: keyof PinRules,
  pin: string | undefined,
): Promise<void> {
  if (!pinRulesOf(user)[rule]) return;
  await checkPin(ctx, user.id, [await mainPinHash(ctx, user.id)], pin, 'main');
}

/**
 * The purchase PIN: when the account asks for it, no payment starts without the main profile's PIN, so
 * a child cannot rent a film or spend the wallet. Commerce asks it among its purchase rules.
 */
export async function checkPurchasePin(ctx: AppContext, userId: number, pin: string | undefined) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (user) await requireMainPin(ctx, user, 'purchase', pin);
}
