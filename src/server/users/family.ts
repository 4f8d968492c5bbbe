import { eq } from 'drizzle-orm';
import type { AgeRating, Family, PinRules } from '../../shared/kids';
import {
  checkPin,
  mainPinHash,
  pinRulesOf,
  requireMainPin,
  selectSessionProfile,
  sendAccountCode,
  useAccountCode,
  type Authenticated,
  type RequestOrigin,
} from '../auth';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { describeMe, findOwnProfile, findUser, listProfiles, type ProfileRow } from './me';
import { setPinRules, setProfilePin } from './pins';

/**
 * The family settings (issue 29): kids profiles, PINs and the account's PIN rules. A kids profile
 * selected on this device cannot change any of them: the parent switches to their own profile first
 * (which the leave-kids rule may guard with the main PIN).
 */

async function freshUser(ctx: AppContext, auth: Authenticated) {
  return (await findUser(ctx.database.db, auth.user.id)) ?? auth.user;
}

async function selectedRow(ctx: AppContext, auth: Authenticated): Promise<ProfileRow | undefined> {
  const id = auth.session.profileId;
  return id === null ? undefined : findOwnProfile(ctx.database.db, auth.user.id, id);
}

export async function describeFamily(ctx: AppContext, auth: Authenticated): Promise<Family> {
  const user = await freshUser(ctx, auth);
  const rows = await listProfiles(ctx.database.db, user.id);
  return {
    profiles: rows.map((row) => ({
      id: row.id,
      name: row.name,
      is_main: row.isMain,
      kids: row.kids,
      max_age_rating: row.kids ? ((row.maxAgeRating as AgeRating | null) ?? 'G') : null,
      has_pin: row.pinHash !== null,
    })),
    rules: pinRulesOf(user),
    selected: auth.session.profileId,
  };
}

/**
 * What may change profiles: not a kids profile, and the main PIN when the account's edit rule asks for
 * it. Profile forms (users/profiles.ts) and the family settings both ask this first.
 */
export async function guardProfileEdit(ctx: AppContext, auth: Authenticated, pin: string | undefined) {
  const selected = await selectedRow(ctx, auth);
  if (selected?.kids) throw new DomainError('forbidden', 'kids_profile_locked');
  await requireMainPin(ctx, await freshUser(ctx, auth), 'edit_profiles', pin);
}

async function ownProfile(ctx: AppContext, auth: Authenticated, profileId: number): Promise<ProfileRow> {
  const profile = await findOwnProfile(ctx.database.db, auth.user.id, profileId);
  if (!profile) throw notFound('profile_not_found');
  return profile;
}

export async function setKids(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
  form: { kids: boolean; max_age_rating: AgeRating | null },
  pin: string | undefined,
): Promise<Family> {
  await guardProfileEdit(ctx, auth, pin);
  const profile = await ownProfile(ctx, auth, profileId);
  // The account holder's own profile guards the others; it is never a kids profile.
  if (profile.isMain && form.kids) throw new DomainError('forbidden', 'main_profile_not_kids');
  await ctx.database.db
    .update(profiles)
    .set({ kids: form.kids, maxAgeRating: form.kids ? form.max_age_rating : null })
    .where(eq(profiles.id, profile.id));
  return describeFamily(ctx, auth);
}

export async function changePin(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
  pin: string | null,
  mainPin: string | undefined,
): Promise<Family> {
  await guardProfileEdit(ctx, auth, mainPin);
  await setProfilePin(ctx, auth, await ownProfile(ctx, auth, profileId), pin);
  return describeFamily(ctx, auth);
}

export async function changeRules(
  ctx: AppContext,
  auth: Authenticated,
  rules: PinRules,
  pin: string | undefined,
): Promise<Family> {
  await guardProfileEdit(ctx, auth, pin);
  const user = await freshUser(ctx, auth);
  // Turning a rule off is what a child would want: it always takes the main PIN, whatever the rules.
  await checkPin(ctx, user.id, [await mainPinHash(ctx, user.id)], pin, 'main');
  await setPinRules(ctx, auth, rules);
  return describeFamily(ctx, auth);
}

/**
 * Who is watching on this device. A profile with a PIN asks for it (the main PIN opens every profile);
 * leaving a kids profile asks for the main PIN when the account's rule says so.
 */
export async function selectProfileWithPin(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
  pin: string | undefined,
) {
  const target = await ownProfile(ctx, auth, profileId);
  const current = await selectedRow(ctx, auth);
  if (current?.id !== target.id) {
    const user = await freshUser(ctx, auth);
    const mainHash = await mainPinHash(ctx, user.id);
    if (current?.kids && user.pinToLeaveKids && mainHash !== null) {
      await checkPin(ctx, user.id, [mainHash], pin, 'main');
    } else if (target.pinHash !== null) {
      await checkPin(ctx, user.id, [target.pinHash, mainHash], pin, 'profile');
    }
  }
  await selectSessionProfile(ctx, auth, target.id);
  return describeMe(ctx.database.db, auth.user, target.id);
}

/** Forgotten PIN, step one: a login code to the account's phone or e-mail. */
export async function sendPinResetCode(ctx: AppContext, auth: Authenticated, origin: RequestOrigin) {
  const selected = await selectedRow(ctx, auth);
  if (selected?.kids) throw new DomainError('forbidden', 'kids_profile_locked');
  return sendAccountCode(ctx, await freshUser(ctx, auth), origin);
}

/** Forgotten PIN, step two: the code sets a new PIN for the main profile. */
export async function resetMainPin(
  ctx: AppContext,
  auth: Authenticated,
  input: { remember_token: string; code: string; pin: string },
): Promise<Family> {
  const user = await freshUser(ctx, auth);
  await useAccountCode(ctx, user, { rememberToken: input.remember_token, code: input.code });
  const main = (await listProfiles(ctx.database.db, user.id)).find((row) => row.isMain);
  if (!main) throw notFound('profile_not_found');
  await setProfilePin(ctx, auth, main, input.pin);
  return describeFamily(ctx, auth);
}
