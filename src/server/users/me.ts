import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Preferences } from '../../shared/preferences';
import type { Me, Profile } from '../../shared/users';
import { defaultAvatarPath } from '../core/avatars';
import type { Db } from '../db/client';
import { cafeStaff, favorites, profiles, users } from '../db/schema';
import { rolesOf } from './roles';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** Where an uploaded avatar is served; the file names are random, so the URL never changes meaning. */
export function uploadedAvatarPath(file: string): string {
  return `/api/v1/media/avatars/${file}`;
}

/** How the profile likes to watch, as the API and the player read it. */
export function preferencesOf(row: ProfileRow): Preferences {
  return {
    audio_language: row.audioLanguage,
    audio_description: row.audioDescription,
    subtitle_language: row.subtitleLanguage as Preferences['subtitle_language'],
    subtitle_size: row.subtitleSize,
    subtitle_box: row.subtitleBox,
    subtitle_color: row.subtitleColor,
  };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    name: row.name,
    avatar_url: row.avatarFile ? uploadedAvatarPath(row.avatarFile) : defaultAvatarPath(row.avatarId),
    is_main: row.isMain,
    autoplay_next: row.autoplayNext,
    preferences: preferencesOf(row),
  };
}

/**
 * Takes the user's row lock until the transaction ends. Everything that counts a user's sessions or
 * profiles before adding one does this first, so concurrent requests count one after another.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function findUser(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The main profile first, then members in the order they were added. */
export async function listProfiles(db: Db, userId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(desc(profiles.isMain), asc(profiles.id));
}

export async function findOwnProfile(
  db: Db,
  userId: number,
  profileId: number,
): Promise<ProfileRow | undefined> {
  const [profile] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
  return profile;
}

/** GET /me: the account, the profile selected on this device, and that profile's favourites. */
export async function describeMe(db: Db, user: UserRow, profileId: number | null): Promise<Me> {
  const [[counted], profile, staffRoles, [desk]] = await Promise.all([
    db.select({ n: count() }).from(profiles).where(eq(profiles.userId, user.id)),
    profileId === null ? undefined : findOwnProfile(db, user.id, profileId),
    rolesOf(db, user.id),
    db.select({ cafeId: cafeStaff.cafeId }).from(cafeStaff).where(eq(cafeStaff.userId, user.id)).limit(1),
  ]);
  const favoriteIds = profile
    ? (
        await db
          .select({ id: favorites.productId })
          .from(favorites)
          .where(eq(favorites.profileId, profile.id))
      ).map((row) => row.id)
    : [];
  return {
    id: user.id,
    name: user.name,
    user_name: user.phone ?? user.email ?? '',
    phone: user.phone,
    email: user.email,
    has_password: user.passwordHash !== null,
    profile: profile ? toProfile(profile) : null,
    profiles_count: counted?.n ?? 0,
    favorites: favoriteIds,
    staff_roles: staffRoles,
    cafe_desk: desk !== undefined,
    created_at: user.createdAt.toISOString(),
  };
}
