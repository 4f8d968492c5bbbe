import { z } from 'zod';
import { productCardSchema } from './catalog';
import { idTextSchema } from './ids';
import {
  audioLanguageSchema,
  preferencesSchema,
  subtitleColors,
  subtitleLanguageSchema,
  subtitleSizes,
} from './preferences';
import { staffRoles } from './staff-constants';

/**
 * The account calls of /api/v1/me/*. Every call needs `Authorization: Bearer <token>`; without a live
 * session the answer is 401 `{ message }` and the client resets auth and removes the token.
 *
 * - GET /me → `{ me }`; POST /me `{ name?, email? }` (JSON) → `{ me }`
 * - POST /me/delete-account `{ password? }` (password required when the account has one) → `{ message }`
 * - GET /me/sessions → `{ sessions }` (active devices, `current` marks this one);
 *   DELETE /me/sessions/{id} → `{ sessions }`; the ended device's token answers 401 from then on
 * - GET /me/profiles → `{ profiles }`
 * - POST /me/profiles (multipart/form-data: `name`, and `avatar_id` (a default avatar id from
 *   GET /core/default-avatars) or `avatar` (a JPEG/PNG/WebP/GIF file, at most 2 MB)) → `{ profiles }`;
 *   at most 3 profiles (the main one plus two members): a 4th is a 409
 * - POST /me/profiles/{id} (multipart, same fields, all optional) → `{ profiles }`
 * - POST /me/preferences (JSON, the profile selected on this device) → `{ profile }`; the profile's
 *   audio and subtitle preferences (src/shared/preferences.ts), also fields of the two forms above
 * - DELETE /me/profiles/{id} → `{ profiles }`; the main profile answers 403; the profile's favorites
 *   and watch positions go with it
 * Another user's profile or session id answers 404.
 */

export const MAX_PROFILES = 3;
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export const profileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Same-origin URL: a default avatar's SVG or the uploaded picture (256×256 WebP). */
    avatar_url: z.string(),
    /** The account holder's own profile; it cannot be deleted. */
    is_main: z.boolean(),
    /** At an episode's end the next one starts by itself after a countdown (default on). */
    autoplay_next: z.boolean(),
    /** Audio, subtitles and their look (src/shared/preferences.ts); the player starts with them. */
    preferences: preferencesSchema,
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const profilesResponseSchema = z.object({ profiles: z.array(profileSchema) }).meta({ id: 'Profiles' });
export const profileResponseSchema = z.object({ profile: profileSchema }).meta({ id: 'ProfileResponse' });
export type ProfilesResponse = z.infer<typeof profilesResponseSchema>;

export const meSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** What the viewer logs in with: the phone (+989...) if there is one, else the e-mail. */
    user_name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    has_password: z.boolean(),
    /** The profile selected on this device; null means the client goes to SELECT_PROFILE. */
    profile: profileSchema.nullable(),
    profiles_count: z.number().int(),
    /** Product ids the selected profile marked as favourite (filled by the catalogue). */
    favorites: z.array(z.number().int()),
    /** Staff console roles (src/shared/staff-constants.ts); empty for a viewer. */
    staff_roles: z.array(z.enum(staffRoles)),
    /** Whether the account works the door of a cafe: /cafe-desk opens for it (not a console role). */
    cafe_desk: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const meResponseSchema = z.object({ me: meSchema }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** A logged-in device, as listed when a 4th login is refused and on the devices page. */
export const activeSessionSchema = z
  .object({
    id: z.number().int(),
    /** Browser and system from the User-Agent, e.g. "Chrome, Android". */
    device: z.string(),
    /** ISO country code where the session was opened, null when unknown. */
    place: z.string().nullable(),
    last_seen_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const deviceSchema = activeSessionSchema.extend({ current: z.boolean() }).meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(deviceSchema) }).meta({ id: 'Devices' });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

const nameSchema = z.string().trim().min(1).max(50);

export const updateMeRequestSchema = z
  .object({
    name: nameSchema.optional(),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
  })
  .meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

export const deleteAccountRequestSchema = z
  .object({ password: z.string().max(128).optional() })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** Multipart fields arrive as strings; an empty avatar_id means "not given". */
const avatarIdField = z.preprocess((value) => (value === '' ? undefined : value), idTextSchema.optional());

/** Multipart fields arrive as strings: "true" or "false"; empty means "not given". */
const flagField = z.preprocess(
  (value) => (value === '' ? undefined : value === 'true' ? true : value === 'false' ? false : value),
  z.boolean().optional(),
);

/** A multipart text field that may be left empty ("not given"). */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Either `avatar_id` or the `avatar` file; the file wins when both come. The preferences of
 * src/shared/preferences.ts come as their own fields ('true'/'false' for the two flags).
 */
export const profileCreateSchema = z
  .object({
    name: nameSchema,
    avatar_id: avatarIdField,
    autoplay_next: flagField,
    audio_language: optionalField(audioLanguageSchema),
    audio_description: flagField,
    subtitle_language: optionalField(subtitleLanguageSchema),
    subtitle_size: optionalField(z.enum(subtitleSizes)),
    subtitle_box: flagField,
    subtitle_color: optionalField(z.enum(subtitleColors)),
    avatar: z.file().meta({ type: 'string', format: 'binary' }).optional(),
  })
  .meta({ id: 'ProfileCreateForm' });

export const profileUpdateSchema = profileCreateSchema
  .partial({ name: true })
  .meta({ id: 'ProfileUpdateForm' });
export type ProfileForm = z.output<typeof profileUpdateSchema>;

export const continueWatchingSchema = z
  .object({
    items: z.array(
      z.object({
        card: productCardSchema,
        /** Where the profile stopped, in seconds, and how long the title (or its episode) runs. */
        position: z.number().int(),
        duration: z.number().int(),
        /** The player page that resumes it. */
        play_href: z.string(),
      }),
    ),
  })
  .meta({ id: 'ContinueWatching' });
export type ContinueWatching = z.infer<typeof continueWatchingSchema>;
