import { eq } from 'drizzle-orm';
import type { PinRules } from '../../shared/kids';
import { hashPassword, mainPinHash, type Authenticated } from '../auth';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';
import { DomainError } from '../errors';
import type { ProfileRow } from './me';

/**
 * Setting profile PINs and the account's PIN rules (issue 29); checking them is auth's (auth/pins.ts).
 * Clearing the main PIN turns every rule off: a rule with no PIN to ask for would lock the account.
 */
export async function setProfilePin(
  ctx: AppContext,
  auth: Authenticated,
  profile: ProfileRow,
  pin: string | null,
): Promise<void> {
  const pinHash = pin === null ? null : await hashPassword(pin);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(profiles).set({ pinHash }).where(eq(profiles.id, profile.id));
    if (profile.isMain && pinHash === null) {
      await tx
        .update(users)
        .set({ pinToLeaveKids: false, pinToEditProfiles: false, pinToPurchase: false })
        .where(eq(users.id, auth.user.id));
    }
  });
}

/** Turns the account's PIN rules on or off; on needs a main PIN to ask for. */
export async function setPinRules(ctx: AppContext, auth: Authenticated, rules: PinRules): Promise<void> {
  const anyOn = rules.leave_kids || rules.edit_profiles || rules.purchase;
  if (anyOn && (await mainPinHash(ctx, auth.user.id)) === null) {
    throw new DomainError('conflict', 'main_pin_missing');
  }
  await ctx.database.db
    .update(users)
    .set({
      pinToLeaveKids: rules.leave_kids,
      pinToEditProfiles: rules.edit_profiles,
      pinToPurchase: rules.purchase,
    })
    .where(eq(users.id, auth.user.id));
}
