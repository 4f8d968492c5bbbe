import { and, count, eq } from 'drizzle-orm';
import type { PreferencesUpdate } from '../../shared/preferences';
import { MAX_PROFILES, type Profile, type ProfileForm } from '../../shared/users';
import type { Authenticated } from '../auth';
import type { AppContext } from '../context';
import { listDefaultAvatars } from '../core/avatars';
import { profiles } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { removeAvatar, storeAvatar } from './avatar-files';
import { guardProfileEdit } from './family';
import { findOwnProfile, listProfiles, lockUser, toProfile, type ProfileRow } from './me';

/** The columns a preferences update sets; what it leaves out stays as it was. */
function preferenceColumns(update: { [K in keyof PreferencesUpdate]?: PreferencesUpdate[K] | undefined }) {
  const columns: Partial<ProfileRow> = {};
  if (update.audio_language !== undefined) columns.audioLanguage = update.audio_language;
  if (update.audio_description !== undefined) columns.audioDescription = update.audio_description;
  if (update.subtitle_language !== undefined) columns.subtitleLanguage = update.subtitle_language;
  if (update.subtitle_size !== undefined) columns.subtitleSize = update.subtitle_size;
  if (update.subtitle_box !== undefined) columns.subtitleBox = update.subtitle_box;
  if (update.subtitle_color !== undefined) columns.subtitleColor = update.subtitle_color;
  return columns;
}

/** The picture a form asks for: an uploaded file (stored now) or a default avatar id. */
interface AvatarChoice {
  avatarId?: number;
  avatarFile: string | null;
}

async function avatarChoice(ctx: AppContext, form: ProfileForm): Promise<AvatarChoice | undefined> {
  if (form.avatar) return { avatarFile: await storeAvatar(ctx.storage, form.avatar) };
  if (form.avatar_id === undefined) return undefined;
  if (!listDefaultAvatars().some((avatar) => avatar.id === form.avatar_id)) {
    throw invalidFields({ avatar_id: 'avatar_not_found' });
  }
  return { avatarId: form.avatar_id, avatarFile: null };
}

async function ownProfile(ctx: AppContext, auth: Authenticated, profileId: number): Promise<ProfileRow> {
  const profile = await findOwnProfile(ctx.database.db, auth.user.id, profileId);
  if (!profile) throw notFound('profile_not_found');
  return profile;
}

export async function listOwnProfiles(ctx: AppContext, auth: Authenticated): Promise<Profile[]> {
  return (await listProfiles(ctx.database.db, auth.user.id)).map(toProfile);
}

/**
 * Adds a member profile; the account holds at most MAX_PROFILES, counted under the user's lock. Adding,
 * editing and deleting profiles take the main PIN (`pin`) when the account's rule asks for it, and a
 * kids profile may do none of them (users/family.ts).
 */
export async function createProfile(
  ctx: AppContext,
  auth: Authenticated,
  form: ProfileForm & { name: string },
  pin?: string,
) {
  await guardProfileEdit(ctx, auth, pin);
  const avatar = await avatarChoice(ctx, form);
  try {
    await ctx.database.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const [owned] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.userId, auth.user.id));
      if ((owned?.n ?? 0) >= MAX_PROFILES) throw new DomainError('conflict', 'profiles_limit');
      await tx.insert(profiles).values({
        userId: auth.user.id,
        name: form.name,
        avatarId: avatar?.avatarId ?? 1,
        avatarFile: avatar?.avatarFile ?? null,
        autoplayNext: form.autoplay_next ?? true,
        ...preferenceColumns(form),
        createdAt: ctx.clock.now(),
      });
    });
  } catch (error) {
    await removeAvatar(ctx.storage, avatar?.avatarFile ?? null);
    throw error;
  }
  return listOwnProfiles(ctx, auth);
}

/** Renames a profile, changes its picture and/or its autoplay setting; a replaced upload is deleted. */
export async function updateProfile(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
  form: ProfileForm,
  pin?: string,
) {
  await guardProfileEdit(ctx, auth, pin);
  const profile = await ownProfile(ctx, auth, profileId);
  const avatar = await avatarChoice(ctx, form);
  const changes = {
    ...(form.name === undefined ? {} : { name: form.name }),
    ...(form.autoplay_next === undefined ? {} : { autoplayNext: form.autoplay_next }),
    ...preferenceColumns(form),
    ...avatar,
  };
  if (Object.keys(changes).length > 0) {
    await ctx.database.db.update(profiles).set(changes).where(eq(profiles.id, profile.id));
  }
  if (avatar) await removeAvatar(ctx.storage, profile.avatarFile);
  return listOwnProfiles(ctx, auth);
}

/**
 * The player remembers what the viewer chose (audio, subtitles, their look) for the profile watching
 * on this device; the profile form sets the same fields for any of the account's profiles.
 */
export async function updatePreferences(
  ctx: AppContext,
  auth: Authenticated,
  profileId: number,
  update: PreferencesUpdate,
): Promise<Profile> {
  const profile = await ownProfile(ctx, auth, profileId);
  const changes = preferenceColumns(update);
  if (Object.keys(changes).length === 0) return toProfile(profile);
  const [row] = await ctx.database.db
    .update(profiles)
    .set(changes)
    .where(eq(profiles.id, profile.id))
    .returning();
  return toProfile(row ?? profile);
}

/** Deletes a member profile with its favourites and watch positions (ON DELETE CASCADE). */
export async function deleteProfile(ctx: AppContext, auth: Authenticated, profileId: number, pin?: string) {
  await guardProfileEdit(ctx, auth, pin);
  const profile = await ownProfile(ctx, auth, profileId);
  if (profile.isMain) throw new DomainError('forbidden', 'main_profile_locked');
  await ctx.database.db.delete(profiles).where(and(eq(profiles.id, profile.id), eq(profiles.isMain, false)));
  await removeAvatar(ctx.storage, profile.avatarFile);
  return listOwnProfiles(ctx, auth);
}
