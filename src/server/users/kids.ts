import { eq } from 'drizzle-orm';
import { NOT_ON_PROFILE, ratingAllowed, type AgeRating } from '../../shared/kids';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { DomainError } from '../errors';

/**
 * Kids profiles (issue 29): the highest rating the profile selected on a session may see, or null when
 * it may see everything (no profile selected, or not a kids profile). Every read that lists or plays
 * titles for a logged-in request asks this, on the server: the catalogue's rows, search and title
 * details, play-info and the media key.
 */
export async function ageLimitOf(db: Db, profileId: number | null): Promise<AgeRating | null> {
  if (profileId === null) return null;
  const [row] = await db
    .select({ kids: profiles.kids, max: profiles.maxAgeRating })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!row?.kids) return null;
  // A kids profile always has a maximum (the form requires one); a missing one is read as the youngest.
  return (row.max as AgeRating | null) ?? 'G';
}

/** A title above the profile's rating: 403 with `code: not_available_on_profile`, never a 404. */
function notOnProfile(): DomainError {
  return new DomainError('forbidden', NOT_ON_PROFILE, { extra: { code: NOT_ON_PROFILE } });
}

/** Throws notOnProfile() when a title rated `rating` is above `limit`. */
export function assertRatingAllowed(limit: AgeRating | null, rating: string | null): void {
  if (!ratingAllowed(limit, rating)) throw notOnProfile();
}
