import { z } from 'zod';

/**
 * Monthly direct debit (Zarinpal Payman) under /api/v1, for the server, the account's island and tests.
 * Amounts are rials.
 *
 * - GET /me/direct-debit (login) → `DirectDebit`: the contract in force (else the latest), the banks
 *   to sign with, what a month costs. 404 when the server has no direct debit.
 * - POST /me/direct-debit (login) `{ bank_code }` → 201 `{ redirect }`: the bank's signing page. 409
 *   when a contract is in force or the account has no Iranian mobile.
 * - DELETE /me/direct-debit (login) → `{ contract }` cancelled (404 when none is in force).
 * - GET /direct-debit/callback?payman_authority&status: the bank returns the browser; 303 to the account.
 */

export const directDebitContractSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'signed', 'refused', 'cancelled']),
    bank_name: z.string(),
    bank_code: z.string(),
    /** The mobile the contract was asked with (09…). */
    mobile: z.string(),
    /** Per charge, rials. */
    max_amount: z.number().int(),
    max_daily_count: z.number().int(),
    max_monthly_count: z.number().int(),
    expires_at: z.string(),
    signed_at: z.string().nullable(),
  })
  .meta({ id: 'DirectDebitContract' });
export type DirectDebitContract = z.infer<typeof directDebitContractSchema>;

export const directDebitSchema = z
  .object({
    contract: directDebitContractSchema.nullable(),
    banks: z.array(z.object({ name: z.string(), bank_code: z.string() })),
    /** One month of subscription with VAT: what each renewal charges. */
    monthly_amount: z.number().int(),
    /** When the viewer's running subscription ends (a contract renews it shortly before); null: none runs. */
    subscription_ends_at: z.string().nullable(),
  })
  .meta({ id: 'DirectDebit' });
export type DirectDebit = z.infer<typeof directDebitSchema>;

export const signContractSchema = z
  .object({ bank_code: z.string().min(1).max(32) })
  .meta({ id: 'SignContract' });
export type SignContract = z.input<typeof signContractSchema>;

export const signingRedirectSchema = z.object({ redirect: z.string() }).meta({ id: 'SigningRedirect' });
export type SigningRedirect = z.infer<typeof signingRedirectSchema>;
