import { z } from 'zod';
import { ageRatings } from './staff-catalogue-constants';
import { customIssue } from './validation';

/** Kids profiles and PINs (issue 29): the API's schemas; the plain values are in kids-constants.ts. */
export const ageRatingSchema = z.enum(ageRatings);

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

export * from './kids-constants';
