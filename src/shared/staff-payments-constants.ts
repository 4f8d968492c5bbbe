/**
 * The staff console's payments and discount codes (issue 17): plain values shared by the database
 * schema, the server and the islands (no zod here).
 */

/** Where refunded money goes: the viewer's wallet, or back to the card through the gateway. */
export const refundMethods = ['wallet', 'gateway'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** A wallet refund is done at once; a reversal is requested until the gateway answers. */
export const refundStatuses = ['done', 'requested', 'refused'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const STAFF_PAYMENTS_PAGE_SIZE = 25;
export const STAFF_DISCOUNTS_PAGE_SIZE = 25;

/** A refund's reason is kept in the books' trail: a few words at least, a paragraph at most. */
export const REFUND_REASON_MAX = 500;
