/** The cafe contract's plain values (src/shared/cafes.ts re-exports them with its zod schemas). */

/** Seats one payment may buy. */
export const MAX_SEATS_PER_PURCHASE = 10;

/** A booking's seats: held by a payment in progress, then taken (sold) or released, once; taken seats are
 * refunded (voided, back on sale) by a full refund from the staff console, once. */
export const cafeReservations = ['held', 'taken', 'released', 'refunded'] as const;
export type CafeReservation = (typeof cafeReservations)[number];

/** What the door is told of a code (besides "no such code", a 404). */
export const checkInResults = [
  'checked_in',
  'already_used',
  'other_cafe',
  'other_session',
  'expired',
  'refunded',
] as const;
export type CheckInResult = (typeof checkInResults)[number];
