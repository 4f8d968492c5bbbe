/**
 * The shop's plain values (src/shared/shop.ts re-exports them with its zod schemas), in a file without
 * zod, so the database schema and islands can import them without the schemas.
 */

/** What the shop sells around the films. */
export const shopCategories = ['bluray', 'dvd', 'book', 'poster', 'vinyl', 'merch'] as const;
export type ShopCategory = (typeof shopCategories)[number];

/** SPEC §3 shop order statuses, spelled as the spec writes them. */
export const orderStatuses = ['Registred', 'Canceled', 'Accepted', 'Rejected', 'Delivered'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** At most this many of one item in a cart (and so in one order). */
export const MAX_LINE_QUANTITY = 20;

/** SPEC §5: a postal code is ten digits. */
export const POSTAL_CODE_PATTERN = /^\d{10}$/;
