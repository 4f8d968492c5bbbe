/** The cafe contract's plain values (src/shared/cafes.ts re-exports them with its zod schemas). */

/** Seats one payment may buy. */
export const MAX_SEATS_PER_PURCHASE = 10;

export const cafeReservations = ['held', 'taken', 'released'] as const;

/** What the door is told of a code (besides "no such code", a 404). */
export const checkInResults = [
  'checked_in',
  'already_used',
  'other_cafe',
  'other_session',
  'expired',
] as const;
export type CheckInResult = (typeof checkInResults)[number];
