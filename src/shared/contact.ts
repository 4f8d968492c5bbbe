import { z } from 'zod';
import { normalizePhone } from './phone';
import { customIssue } from './validation';

/**
 * POST /api/v1/core/contact — the contract of the contact form.
 *
 * Request (JSON), field names exactly as below:
 * - `full_name`, or both `first_name` and `last_name`
 * - `phone`: an Iranian mobile (0912..., +98912..., Persian or Arabic digits welcome) or an international
 *   number (+49..., 0049...); stored normalised, e.g. +989121234567
 * - `email`, `subject`, `message`
 * - `captcha_key` and `captcha`: the `key` of GET /api/v1/core/captcha/flat and what the visitor read in
 *   its image. A captcha is good for one check: after a 422 on `captcha`, fetch a new one.
 *
 * Responses: 200 `{ message }` (translated acknowledgement); 422 `{ message, errors: { field: [..] } }`
 * with messages in the request's language; 429 `{ message }` with Retry-After when sent too often.
 */
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const isFilled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export const contactRequestSchema = z
  .object({
    full_name: optionalText(100),
    first_name: optionalText(50),
    last_name: optionalText(50),
    phone: requiredText(32).transform((raw, ctx) => {
      const phone = normalizePhone(raw);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', input: raw, ...customIssue('phone_invalid') });
        return z.NEVER;
      }
      return phone;
    }),
    email: requiredText(254).pipe(z.email()),
    subject: requiredText(150),
    message: requiredText(5000),
    captcha_key: requiredText(64),
    captcha: requiredText(16),
  })
  .superRefine(
    (form, ctx) => {
      if (isFilled(form.full_name)) return;
      // Without a full name both parts are needed; name the part(s) actually missing.
      const missing = (['first_name', 'last_name'] as const).filter((part) => !isFilled(form[part]));
      const fields = missing.length === 2 ? (['full_name'] as const) : missing;
      for (const field of fields) ctx.addIssue({ code: 'custom', path: [field], ...customIssue('required') });
    },
    // Run alongside the other fields' errors so the visitor sees every problem at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .meta({ id: 'ContactRequest' });

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactSubmission = z.output<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ message: z.string() }).meta({ id: 'ContactResponse' });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
