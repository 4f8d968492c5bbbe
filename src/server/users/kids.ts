import { and, eq, inArray, isNull } from 'drizzle-orm';
import { NOT_ON_PROFILE, ratingAllowed, ratingsUpTo, type AgeRating } from '../../shared/kids';
import type { Db } from '../db/client';
import { products, profiles, sessions } from '../db/schema';
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
export function notOnProfile(): DomainError {
  return new DomainError('forbidden', NOT_ON_PROFILE, { extra: { code: NOT_ON_PROFILE } });
}

/** Throws notOnProfile() when a title rated `rating` is above `limit`. */
export function assertRatingAllowed(limit: AgeRating | null, rating: string | null): void {
  if (!ratingAllowed(limit, rating)) throw notOnProfile();
}

/**
 * The pages' side (issue 29): the limit of the live session whose token hash a browser's kids cookie
 * holds; null for anything else (no such session, ended, or not on a kids profile).
 */
export async function ageLimitOfGate(db: Db, tokenHash: string): Promise<AgeRating | null> {
  const [session] = await db
    .select({ profileId: sessions.profileId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
  return session ? ageLimitOf(db, session.profileId) : null;
}

/** What the API puts in the kids cookie for a live session: its token hash while on a kids profile, else null. */
export async function gateOfSession(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash, kids: profiles.kids })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  return row?.kids ? row.tokenHash : null;
}

/** Whether a title (by id) may be shown to a profile with this limit; unknown titles are left to 404. */
export async function titleAllowed(db: Db, limit: AgeRating | null, productId: number): Promise<boolean> {
  if (limit === null) return true;
  const [row] = await db
    .select({ rating: products.ageRating })
    .from(products)
    .where(eq(products.id, productId));
  return !row || ratingAllowed(limit, row.rating);
}

/** The cards a profile with this limit may see, in their order (a title page's related titles). */
export async function allowedCards<T extends { id: number }>(
  db: Db,
  limit: AgeRating | null,
  cards: T[],
): Promise<T[]> {
  if (limit === null || cards.length === 0) return cards;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          cards.map((card) => card.id),
        ),
        inArray(products.ageRating, ratingsUpTo(limit)),
      ),
    );
  const allowed = new Set(rows.map((row) => row.id));
  return cards.filter((card) => allowed.has(card.id));
}
