import { ageRatings } from './staff-catalogue-constants';

/**
 * Kids profiles and PINs (issue 29). A kids profile sees only titles rated at or under its maximum, one
 * of the catalogue's own ratings, from youngest to oldest; an unrated title is never shown to it.
 * Plain values without zod, for the server and the islands (the store every island loads among them).
 */
export type AgeRating = (typeof ageRatings)[number];

/** The ratings a kids profile may choose as its maximum: every rating but the adult one. */
export const kidsRatings = ageRatings.filter((rating) => rating !== '18');

/** The ratings a profile with this maximum may watch (every rating when it has none). */
export function ratingsUpTo(max: AgeRating | null): AgeRating[] {
  if (max === null) return [...ageRatings];
  return ageRatings.slice(0, ageRatings.indexOf(max) + 1);
}

/** Whether a title rated `rating` (null: unrated) may be shown to a profile whose maximum is `max`. */
export function ratingAllowed(max: AgeRating | null, rating: string | null): boolean {
  if (max === null) return true;
  return rating !== null && (ratingsUpTo(max) as string[]).includes(rating);
}

/** The error code in a refusal's body when a title is above the profile's rating. */
export const NOT_ON_PROFILE = 'not_available_on_profile';

/** The error code in a refusal's body when the request needs a PIN (`pin`: whose, `main` or `profile`). */
export const NEEDS_PIN = 'pin_required';

/**
 * The cookie that tells the pages a kids profile watches in this browser (the session token lives in
 * localStorage, which the server never sees). Set and cleared by the API as the device's profile
 * changes; it holds the session's token hash, so it can only ever narrow what a page shows.
 */
export const KIDS_COOKIE = 'kids_gate';

/** The header that carries a PIN with the request that needs it. */
export const PIN_HEADER = 'x-pin';
