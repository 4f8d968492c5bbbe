/** The cafe contract's plain values (src/shared/cafes.ts re-exports them with its zod schemas). */

/** Seats one payment may buy. */
export const MAX_SEATS_PER_PURCHASE = 10;

/** A booking's seats: held by a payment in progress, then taken (sold) or released, once; taken seats are
 * refunded (voided, back on sale) by a full refund from the staff console, once. */
export const cafeReservations = ['held', 'taken', 'released', 'refunded'] as const;
export type CafeReservation = (typeof cafeReservations)[number];

/** A numbered seat on a session's map (held → taken or released; taken → refunded), like its booking. */
export const cafeSeatStates = cafeReservations;

/**
 * A session's numbered seats (issue 25): its rows from the screen backwards (row 1 first), each a list
 * of seat numbers in order from the row's start (seat 1 sits on the right in Persian, the left in
 * English), with null for an aisle or a gap.
 */
export interface SeatMap {
  rows: (number | null)[][];
}

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
