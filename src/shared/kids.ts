import { z } from 'zod';
import { ageRatings } from './staff-catalogue-constants';
import { customIssue } from './validation';

/**
 * Kids profiles and PINs (issue 29). A kids profile sees only titles rated at or under its maximum, one
 * of the catalogue's own ratings, from youngest to oldest; an unrated title is never shown to it.
 */
export type AgeRating = (typeof ageRatings)[number];
export const ageRatingSchema = z.enum(ageRatings);

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

/** A profile's PIN: four digits (Persian digits are read as their Latin ones by the forms). */
export const pinSchema = z.string().refine((pin) => /^\d{4}$/.test(pin), customIssue('pin_invalid'));

/** The account's PIN rules: each asks for the main profile's PIN. */
export const pinRulesSchema = z
  .object({
    /** To choose another profile while a kids profile is selected. */
    leave_kids: z.boolean(),
    /** To add, edit or delete a profile. */
    edit_profiles: z.boolean(),
    /** To start any payment (the purchase PIN; commerce checks it as the payment starts). */
    purchase: z.boolean(),
  })
  .meta({ id: 'PinRules' });
export type PinRules = z.infer<typeof pinRulesSchema>;

/** One profile as the family settings show it (GET /me/family). */
export const familyProfileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    is_main: z.boolean(),
    kids: z.boolean(),
    /** The highest rating a kids profile sees; null for other profiles. */
    max_age_rating: ageRatingSchema.nullable(),
    has_pin: z.boolean(),
  })
  .meta({ id: 'FamilyProfile' });
export type FamilyProfile = z.infer<typeof familyProfileSchema>;

/**
 * GET /me/family → the profiles' kids settings and PINs, the account's rules and the profile selected
 * on this device. Changes (each answers the same shape; `X-Pin` carries the main PIN where a rule asks):
 * - POST /me/family/profiles/{id}/kids `{ kids, max_age_rating }`
 * - POST /me/family/profiles/{id}/pin `{ pin }` (null clears it)
 * - POST /me/family/rules `{ leave_kids, edit_profiles, purchase }` (on needs a main PIN)
 * - POST /me/family/pin-reset/send → `{ remember_token }`: a login code to the account's phone or e-mail
 * - POST /me/family/pin-reset `{ remember_token, code, pin }`: the code sets a new main PIN
 * Choosing a profile (POST /auth/select-profile/{id}) takes its PIN in `X-Pin` too.
 */
export const familySchema = z
  .object({
    profiles: z.array(familyProfileSchema),
    rules: pinRulesSchema,
    selected: z.number().int().nullable(),
  })
  .meta({ id: 'Family' });
export type Family = z.infer<typeof familySchema>;

export const kidsSettingSchema = z
  .object({ kids: z.boolean(), max_age_rating: ageRatingSchema.nullable().default(null) })
  .refine((form) => !form.kids || (form.max_age_rating !== null && form.max_age_rating !== '18'), {
    path: ['max_age_rating'],
    ...customIssue('kids_rating_required'),
  })
  .meta({ id: 'KidsSetting' });

export const pinChangeSchema = z.object({ pin: pinSchema.nullable() }).meta({ id: 'PinChange' });

export const pinResetSentSchema = z.object({ remember_token: z.string() }).meta({ id: 'PinResetSent' });
export type PinResetSent = z.infer<typeof pinResetSentSchema>;

export const pinResetSchema = z
  .object({ remember_token: z.string().min(1).max(200), code: z.string().max(20), pin: pinSchema })
  .meta({ id: 'PinReset' });

/**
 * The cookie that tells the pages a kids profile watches in this browser (the session token lives in
 * localStorage, which the server never sees). Set and cleared by the API as the device's profile
 * changes; it holds the session's token hash, so it can only ever narrow what a page shows.
 */
export const KIDS_COOKIE = 'kids_gate';

/** The header that carries a PIN with the request that needs it. */
export const PIN_HEADER = 'x-pin';
