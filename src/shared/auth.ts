import { z } from 'zod';
import { idSchema } from './ids';
import { toLatinDigits } from '../lib/format';
import { cleanUserName, isEmailUserName } from '../lib/user-name';
import { normalizePhone } from './phone';
import { activeSessionSchema, meSchema } from './users';
import { customIssue } from './validation';

/**
 * The login state machine, /api/v1/auth/* (SPEC §4). JSON in and out; errors are `{ message, errors? }`
 * in the request language (422 names the field, 429 carries Retry-After).
 *
 * Tokens: `token` is an opaque bearer token (send `Authorization: Bearer <token>`); it belongs to one
 * session (device) and dies when that session ends (logout, device removal, account deletion).
 * `remember_token` names a login in progress (15 minutes); send it back on the next step.
 *
 * - POST /auth/init `{ user_name }` → `{ next: 'LOGIN' | 'VERIFY', remember_token }`. `user_name` is an
 *   Iranian mobile (09..., +989..., 989..., Persian/Arabic digits) or an e-mail. A known user with a
 *   password → LOGIN (no code sent); anyone else gets a 6-digit code (SMS or e-mail) → VERIFY. A blocked
 *   account with a password is refused here (403, "this account has been blocked"); one without is
 *   answered VERIFY like an unknown name, and no code is sent (resend-code alike).
 * - POST /auth/resend-code `{ user_name, remember_token?, purpose?: 'forget' }` → `{ next: 'VERIFY',
 *   remember_token }`. With `purpose: 'forget'`, or for an account that has a password, this starts
 *   "forgot password". Sending is limited (429 + Retry-After): 1 a minute and 5 an hour per user name,
 *   20 an hour per address.
 * - POST /auth/verify `{ user_name, code, remember_token, remove_session_id? }` → `{ remember_token,
 *   next }`: COMPLETE (new account: go on to /auth/compelet), FORGET_PASSWORD (go on to
 *   /auth/reset-password), or, for an account without a password, a session is opened: `{ token, me,
 *   active_sessions, next: 'SELECT_PROFILE' | 'DONE' }`. Codes expire after 2 minutes and allow 5
 *   tries (422 on `code`); a wrong `remember_token` is a 422 on `remember_token` (start again).
 * - POST /auth/compelet `{ remember_token, name, password, password_confirmation, accept_terms: true }`
 *   → `{ me, token, next: 'DONE', active_sessions }`. Passwords: 8 to 128 characters; name 1 to 50.
 * - POST /auth/login `{ user_name, password, remove_session_id? }` → `{ next, token, me,
 *   active_sessions }`. Wrong password: 422 on `password`.
 * - POST /auth/reset-password `{ remember_token, password, password_confirmation }` → `{ me, token,
 *   next, active_sessions }`; every other session of the account ends (their tokens die at once).
 * - POST /auth/select-profile/{id} → `{ me }` (404 for a profile that is not the viewer's).
 * - POST /auth/cross-login/create (logged in) → `{ s_id, qr, expires_in }`; POST /auth/cross-login
 *   `{ s_id, remove_session_id? }` on the other device → `{ token, me, next }`, once.
 * - POST /auth/logout (logged in) → `{ message }`.
 *
 * At most 3 active sessions: every call that opens one (verify, compelet, login, cross-login) answers
 * **409** `{ message: 'you cannot have more than 3 active devices', next: 'MORE_THAN_3_ACTIVE_SESSION',
 * active_sessions }` instead, without a token and without using up the code or remember_token; retry
 * the same call with `remove_session_id` set to one of the listed ids.
 */

export const MAX_ACTIVE_SESSIONS = 3;
export const CODE_LENGTH = 6;

const PHONE_OR_EMAIL_MAX = 254;

/**
 * A user name as stored: +989xxxxxxxxx for a mobile, the lower-cased address for an e-mail. Returns null
 * when the input is neither (landlines and foreign numbers are not login names).
 */
export function normalizeUserName(raw: string): string | null {
  const value = cleanUserName(raw);
  if (isEmailUserName(value)) return z.email().safeParse(value).success ? value : null;
  const phone = normalizePhone(value);
  return phone?.startsWith('+989') ? phone : null;
}

export const userNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PHONE_OR_EMAIL_MAX)
  .transform((raw, ctx) => {
    const userName = normalizeUserName(raw);
    if (userName === null) {
      ctx.addIssue({ code: 'custom', input: raw, ...customIssue('user_name_invalid') });
      return z.NEVER;
    }
    return userName;
  })
  .meta({ example: '09121234567' });

export const rememberTokenSchema = z.string().trim().min(1).max(128);

/** Six digits; Persian or Arabic digits and stray spaces (from paste) are accepted. */
export const codeSchema = z
  .string()
  .transform((raw) => toLatinDigits(raw).replace(/\s/g, ''))
  .refine((code) => /^\d{6}$/.test(code), customIssue('code_format'));

export const passwordSchema = z.string().min(8).max(128);

const removeSessionId = idSchema.optional();

export const loginNextSchema = z.enum(['DONE', 'SELECT_PROFILE']);

export const initRequestSchema = z.object({ user_name: userNameSchema }).meta({ id: 'AuthInitRequest' });
export const initResponseSchema = z
  .object({ next: z.enum(['LOGIN', 'VERIFY']), remember_token: z.string() })
  .meta({ id: 'AuthInitResponse' });
export type InitResponse = z.infer<typeof initResponseSchema>;

export const resendCodeRequestSchema = z
  .object({
    user_name: userNameSchema,
    remember_token: rememberTokenSchema.optional(),
    purpose: z.enum(['forget']).optional(),
  })
  .meta({ id: 'AuthResendCodeRequest' });
export const resendCodeResponseSchema = z
  .object({ next: z.literal('VERIFY'), remember_token: z.string() })
  .meta({ id: 'AuthResendCodeResponse' });
export type ResendCodeResponse = z.infer<typeof resendCodeResponseSchema>;

export const verifyRequestSchema = z
  .object({
    user_name: userNameSchema,
    code: codeSchema,
    remember_token: rememberTokenSchema,
    remove_session_id: removeSessionId,
  })
  .meta({ id: 'AuthVerifyRequest' });
export const verifyResponseSchema = z
  .object({
    remember_token: z.string(),
    next: z.enum(['COMPLETE', 'FORGET_PASSWORD', 'DONE', 'SELECT_PROFILE']),
    token: z.string().optional(),
    me: meSchema.optional(),
    active_sessions: z.array(activeSessionSchema).optional(),
  })
  .meta({ id: 'AuthVerifyResponse' });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

const passwordFields = { password: passwordSchema, password_confirmation: z.string().max(128) };

/** The confirmation must repeat the password; reported on the confirmation field. */
function passwordsMatch(form: { password: string; password_confirmation: string }): boolean {
  return form.password === form.password_confirmation;
}
const mismatch = {
  path: ['password_confirmation'],
  ...customIssue('password_mismatch'),
  // Checked alongside the other fields' errors, as long as both passwords are strings.
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | null;
    return typeof value?.['password'] === 'string' && typeof value['password_confirmation'] === 'string';
  },
};

export const compeletRequestSchema = z
  .object({
    remember_token: rememberTokenSchema,
    name: z.string().trim().min(1).max(50),
    ...passwordFields,
    accept_terms: z.boolean().refine((accepted) => accepted, customIssue('terms_not_accepted')),
  })
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'AuthCompeletRequest' });
export type CompeletRequest = z.input<typeof compeletRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({ remember_token: rememberTokenSchema, ...passwordFields })
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'AuthResetPasswordRequest' });

export const loginRequestSchema = z
  .object({
    user_name: userNameSchema,
    password: z.string().min(1).max(128),
    remove_session_id: removeSessionId,
  })
  .meta({ id: 'AuthLoginRequest' });

/** What every call that opens a session answers with. */
export const sessionOpenedSchema = z
  .object({
    next: loginNextSchema,
    token: z.string(),
    me: meSchema,
    /** The account's active sessions after this login, this one included. */
    active_sessions: z.array(activeSessionSchema),
  })
  .meta({ id: 'AuthSession' });
export type SessionOpened = z.infer<typeof sessionOpenedSchema>;

/** The 409 of a login that would be the 4th active device. */
export const tooManySessionsSchema = z
  .object({
    message: z.string(),
    next: z.literal('MORE_THAN_3_ACTIVE_SESSION'),
    active_sessions: z.array(activeSessionSchema),
  })
  .meta({ id: 'AuthTooManySessions' });
export type TooManySessions = z.infer<typeof tooManySessionsSchema>;

export const crossLoginCreateResponseSchema = z
  .object({
    /** Short code to type on the other device (8 characters, no 0/O/1/I/L). */
    s_id: z.string(),
    /** data: URL of an SVG QR code of PUBLIC_URL/login?s_id=... */
    qr: z.string(),
    expires_in: z.number().int(),
  })
  .meta({ id: 'CrossLoginCode' });
export type CrossLoginCode = z.infer<typeof crossLoginCreateResponseSchema>;

export const crossLoginRequestSchema = z
  .object({ s_id: z.string().trim().min(1).max(32), remove_session_id: removeSessionId })
  .meta({ id: 'CrossLoginRequest' });

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
