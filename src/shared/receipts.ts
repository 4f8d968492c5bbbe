import { z } from 'zod';
import { currencies, gatewayTypes, paymentTypes } from './commerce-constants';

/**
 * A receipt for a paid (fulfilled) payment (issue 27): who sold, who bought, the lines each product kind
 * describes, and the payment's own discount, VAT and total, never recomputed. Texts that differ by
 * language come in both, so the page, the PDF and the e-mail write one receipt in either language.
 *
 * - GET /me/orders/{id}/receipt (login, the buyer only: anyone else gets 404) → `Receipt`; 404
 *   `receipt_not_paid` for the buyer's own payment that is not paid (started, failed, credited ...).
 * - GET /me/orders/{id}/receipt/pdf → the same receipt as an A4 PDF (application/pdf).
 * - GET /staff/payments/{id}/receipt and …/receipt/pdf (finance, admin) → the same for any payment.
 */

export const bilingualSchema = z.object({ fa: z.string(), en: z.string() });
export type Bilingual = z.infer<typeof bilingualSchema>;

export const receiptLineSchema = z.object({
  title: bilingualSchema,
  /** A variant, the seats, the months, the delivery: null when the title says it all. */
  detail: bilingualSchema.nullable(),
  quantity: z.number().int().positive(),
  /** In the payment's currency, minor units, before discount and VAT. */
  unit_price: z.number().int(),
  amount: z.number().int(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptCompanySchema = z.object({
  name: bilingualSchema,
  address: bilingualSchema.nullable(),
  /** شناسه ملی (the company's national id). */
  national_id: z.string().nullable(),
  /** کد اقتصادی (economic code). */
  economic_code: z.string().nullable(),
  /** VAT registration number. */
  vat_number: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ReceiptCompany = z.infer<typeof receiptCompanySchema>;

export const receiptSchema = z
  .object({
    /** The payment's id: the receipt's number. */
    id: z.number().int(),
    type: z.enum(paymentTypes),
    currency: z.enum(currencies),
    /** When the payment was fulfilled (paid), ISO 8601. */
    paid_at: z.string(),
    company: receiptCompanySchema,
    buyer: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
    /** What was sold; the amounts add up to `price`. */
    lines: z.array(receiptLineSchema),
    price: z.number().int(),
    discount: z.number().int(),
    discount_code: z.string().nullable(),
    vat: z.number().int(),
    vat_percent: z.number().int(),
    total: z.number().int(),
    wallet_part: z.number().int(),
    gateway_part: z.number().int(),
    gateway: z.enum([...gatewayTypes, 'wallet']),
    /** The gateway's reference of the money movement. */
    reference: z.string().nullable(),
    card: z.string().nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;
