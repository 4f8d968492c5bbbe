import { z } from 'zod';
import { userNameSchema } from './auth';
import { toLatinDigits } from '../lib/format';
import { meSchema } from './users';
import { customIssue } from './validation';

/**
 * Gifts (issue 14, docs/decisions/0027-gifts.md), under /api/v1/core:
 *
 * - POST /core/get-gift `{ code, user_name? }` (login optional) → `GetGiftResponse`.
 *   Logged in: the code's gift (months of subscription) is applied to the account once →
 *   `{ next: 'DONE', gift, me }`. Without login, `user_name` (a mobile or an e-mail) is required: the
 *   code is checked first (nothing is sent for a wrong one), then the login flow starts exactly as
 *   POST /auth/init does → `{ next: 'LOGIN' | 'VERIFY', remember_token }`; the client finishes the
 *   login steps (/auth/verify, /auth/compelet or /auth/login) and calls get-gift again with the token.
 *   404 a wrong code (wrong tries are limited per address: 429), 409 used or already redeemed by this
 *   account, 410 expired.
 * - POST /core/request-gift (login) → `{ message, sent_to }`: this season's gift code sent by SMS or
 *   e-mail; one per account and per phone (or e-mail) in a campaign (409), a few per address (429),
 *   404 when no campaign is running.
 * - Gift cards are bought with POST /payments `{ type: 'BUY_GIFT', item_id: <package>, gift_to,
 *   gift_message? }` (src/shared/commerce.ts); the code reaches `gift_to` by SMS or e-mail, and the
 *   buyer's payment shows it as `ticket_code`.
 */

/** Codes as printed: four groups of four from an alphabet without 0/O and 1/I. */
export const GIFT_CODE_PATTERN = /^[A-Z0-9]{12,24}$/;

/** Upper case, Latin digits, no spaces or dashes: the form codes are compared in. */
export function normalizeGiftCode(raw: string): string {
  return toLatinDigits(raw).toUpperCase().replace(/[\s-]/g, '');
}

export const giftCodeSchema = z
  .string()
  .max(64)
  .transform(normalizeGiftCode)
  .refine((code) => GIFT_CODE_PATTERN.test(code), customIssue('gift_invalid'));

export const getGiftRequestSchema = z
  .object({ code: giftCodeSchema, user_name: userNameSchema.optional() })
  .meta({ id: 'GetGiftRequest' });
export type GetGiftRequest = z.infer<typeof getGiftRequestSchema>;

export const appliedGiftSchema = z
  .object({
    months: z.number().int(),
    /** The subscription's new end. */
    subscription_ends_at: z.string(),
    message: z.string(),
  })
  .meta({ id: 'AppliedGift' });
export type AppliedGift = z.infer<typeof appliedGiftSchema>;

export const getGiftResponseSchema = z
  .object({
    next: z.enum(['DONE', 'LOGIN', 'VERIFY']),
    /** LOGIN / VERIFY: the login in progress, as POST /auth/init answers it. */
    remember_token: z.string().nullable(),
    /** Always null here: the session is opened by the login steps; kept for the SPEC's shape. */
    token: z.string().nullable(),
    me: meSchema.nullable(),
    gift: appliedGiftSchema.nullable(),
  })
  .meta({ id: 'GetGiftResponse' });
export type GetGiftResponse = z.infer<typeof getGiftResponseSchema>;

export const requestGiftResponseSchema = z
  .object({
    message: z.string(),
    /** Where the code went, partly hidden: 0912•••4567 or a•••@example.com. */
    sent_to: z.string(),
  })
  .meta({ id: 'RequestGiftResponse' });
export type RequestGiftResponse = z.infer<typeof requestGiftResponseSchema>;
