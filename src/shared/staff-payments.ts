import { z } from 'zod';
import { currencies, gatewayTypes, paymentStatuses, paymentTypes } from './commerce-constants';
import { paymentSchema } from './commerce';
import { REFUND_REASON_MAX, refundMethods, refundStatuses } from './staff-payments-constants';

/**
 * The staff console's Payments and Discount codes sections (issue 17, docs/decisions/0029-refunds.md),
 * under /api/v1/staff. Money is an integer in the currency's minor unit, as everywhere.
 *
 * - GET /staff/payments?reference&viewer&gateway&status&type&from&to&page (finance, support) →
 *   `StaffPayments`, newest first. `from`/`to` are days in Iran's time (both included).
 * - GET /staff/payments/{id} (finance, support) → `StaffPaymentDetail`: the payment, its viewer, its
 *   timeline, its refunds and what may still be refunded.
 * - POST /staff/payments/{id}/refund (finance) `RefundRequest` → `StaffPaymentAction`: part or all of what is
 *   left goes to the viewer's wallet. `expected_refunded` is what the staff member saw refunded: when
 *   it changed meanwhile (another refund) the answer is 409 and nothing moves.
 * - POST /staff/payments/{id}/reverse (finance) `ReverseRequest` → `StaffPaymentAction`: the gateway part goes
 *   back to the card where the gateway can still reverse it; asked again while it waits for an answer.
 * - GET /staff/payments/totals?from&to (finance) → `PaymentTotals` per day, gateway and currency.
 * - GET /staff/discounts?q&page, POST /staff/discounts, PATCH /staff/discounts/{id},
 *   GET /staff/discounts/{id}/uses?page (finance): codes, created, limited, paused or resumed, used.
 */

const day = z.iso.date();
const moment = z.iso.datetime();
const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const staffViewerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: 'StaffViewer' });
export type StaffViewer = z.infer<typeof staffViewerSchema>;

export const staffPaymentSchema = paymentSchema
  .extend({
    viewer: staffViewerSchema,
    /** The gateway's id of its session (Zarinpal's authority). */
    gateway_ref: z.string().nullable(),
    /** What finance gave back so far (done and waiting for the gateway). */
    refunded: z.number().int(),
  })
  .meta({ id: 'StaffPayment' });
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const paymentSearchSchema = z.object({
  /** A payment id, the gateway's session id or its reference of the money. */
  reference: z.string().trim().max(100).optional(),
  /** The viewer's mobile, e-mail or name. */
  viewer: z.string().trim().max(100).optional(),
  gateway: z.enum([...gatewayTypes, 'wallet']).optional(),
  status: z.enum(paymentStatuses).optional(),
  type: z.enum(paymentTypes).optional(),
  from: day.optional(),
  to: day.optional(),
  page,
});
export type PaymentSearch = z.infer<typeof paymentSearchSchema>;

export const staffPaymentsSchema = z
  .object({ payments: z.array(staffPaymentSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'StaffPayments' });
export type StaffPayments = z.infer<typeof staffPaymentsSchema>;

export const refundSchema = z
  .object({
    id: z.number().int(),
    method: z.enum(refundMethods),
    status: z.enum(refundStatuses),
    currency: z.enum(currencies),
    amount: z.number().int(),
    /** The VAT share of `amount`. */
    vat: z.number().int(),
    reason: z.string(),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    created_at: moment,
    resolved_at: moment.nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

export const staffPaymentDetailSchema = z
  .object({
    payment: staffPaymentSchema,
    /** Every status the payment went through, oldest first. */
    timeline: z.array(
      z.object({
        from: z.enum(paymentStatuses).nullable(),
        status: z.enum(paymentStatuses),
        at: moment,
      }),
    ),
    refunds: z.array(refundSchema),
    /** What may still go back to the wallet now (0 when the payment cannot be refunded). */
    refundable: z.number().int(),
    /** Whether its gateway can be asked to give the gateway part back to the card. */
    reversible: z.boolean(),
  })
  .meta({ id: 'StaffPaymentDetail' });
export type StaffPaymentDetail = z.infer<typeof staffPaymentDetailSchema>;

/** What a refund or a reversal answers: what happened, in the staff member's language, and the payment now. */
export const staffPaymentActionSchema = z
  .object({ message: z.string(), detail: staffPaymentDetailSchema })
  .meta({ id: 'StaffPaymentAction' });
export type StaffPaymentAction = z.infer<typeof staffPaymentActionSchema>;

const reason = z.string().trim().min(3).max(REFUND_REASON_MAX);

export const refundRequestSchema = z
  .object({
    amount: z.number().int().positive(),
    reason,
    expected_refunded: z.number().int().min(0),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const reverseRequestSchema = z
  .object({ reason, expected_refunded: z.number().int().min(0) })
  .meta({ id: 'ReverseRequest' });
export type ReverseRequest = z.infer<typeof reverseRequestSchema>;

export const totalsQuerySchema = z.object({ from: day, to: day });

export const paymentTotalsSchema = z
  .object({
    days: z.array(
      z.object({
        day,
        gateway: z.enum([...gatewayTypes, 'wallet']),
        currency: z.enum(currencies),
        /** Payments fulfilled that day. */
        payments: z.number().int(),
        /** What the gateway brought in (wallet charges included). */
        received: z.number().int(),
        /** What purchases (not wallet charges) came to, VAT included. */
        sales: z.number().int(),
        vat: z.number().int(),
        /** What finance gave back that day from payments through this gateway. */
        refunded: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PaymentTotals' });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

const codeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/);

export const staffDiscountSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    percent: z.number().int().nullable(),
    amount_irr: z.number().int().nullable(),
    amount_usd: z.number().int().nullable(),
    valid_from: moment.nullable(),
    valid_until: moment.nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_user: z.number().int().nullable(),
    /** Uses held by open payments and used by fulfilled ones. */
    used_count: z.number().int(),
    payment_types: z.array(z.enum(paymentTypes)),
    product_ids: z.array(z.number().int()),
    active: z.boolean(),
    created_at: moment,
  })
  .meta({ id: 'StaffDiscount' });
export type StaffDiscount = z.infer<typeof staffDiscountSchema>;

export const discountListQuerySchema = z.object({ q: z.string().trim().max(40).optional(), page });

export const staffDiscountsSchema = z
  .object({ codes: z.array(staffDiscountSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'StaffDiscounts' });
export type StaffDiscounts = z.infer<typeof staffDiscountsSchema>;

const limit = z.number().int().min(1).max(10_000_000).nullable();
const when = z.iso.datetime({ offset: true }).nullable();

export const discountCreateSchema = z
  .object({
    code: codeText,
    kind: z.enum(['percent', 'fixed']),
    percent: z.number().int().min(1).max(100).nullable().default(null),
    amount_irr: z.number().int().positive().nullable().default(null),
    amount_usd: z.number().int().positive().nullable().default(null),
    valid_from: when.default(null),
    valid_until: when.default(null),
    max_uses: limit.default(null),
    max_uses_per_user: limit.default(null),
    payment_types: z
      .array(z.enum(paymentTypes.filter((type) => type !== 'CHARGE_WALLET')))
      .max(paymentTypes.length)
      .default([]),
    product_ids: z.array(z.number().int().positive()).max(200).default([]),
  })
  .meta({ id: 'DiscountCreate' });
export type DiscountCreate = z.input<typeof discountCreateSchema>;

export const discountUpdateSchema = z
  .object({
    active: z.boolean().optional(),
    valid_from: when.optional(),
    valid_until: when.optional(),
    max_uses: limit.optional(),
    max_uses_per_user: limit.optional(),
  })
  .meta({ id: 'DiscountUpdate' });
export type DiscountUpdate = z.infer<typeof discountUpdateSchema>;

export const discountUsesQuerySchema = z.object({ page });

export const discountUsesSchema = z
  .object({
    uses: z.array(
      z.object({
        payment_id: z.number().int(),
        /** held while the payment is open, used once fulfilled, released when it ended otherwise. */
        status: z.enum(['held', 'used', 'released']),
        viewer: staffViewerSchema,
        currency: z.enum(currencies),
        discount: z.number().int(),
        at: moment,
      }),
    ),
    page: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'DiscountUses' });
export type DiscountUses = z.infer<typeof discountUsesSchema>;
