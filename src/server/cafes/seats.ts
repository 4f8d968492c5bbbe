import { and, asc, count, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { Currency, QuoteRequest, SeatPlace } from '../../shared/commerce';
import { type PaymentRow, priceIn } from '../commerce';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { cafeBookings, cafes, cafeSeats, cafeSessions, cafeTickets } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError, invalidFields, notFound } from '../errors';
import { newCafeCode } from './codes';
import { heldPlaces, placesOnMap } from './seat-map';

/**
 * The cafe side of a BUY_CAFE_TICKET payment, like the shop's checkout (decision record 0026): the
 * session's seats priced for the orchestration, reserved in the payment's first transaction (the
 * condition inside the reserving UPDATE, so two buyers of the last seat cannot both get it), released
 * when it ends unpaid, and turned into one ticket a seat when it is fulfilled. The session row is
 * locked after the discount code and before ledger accounts, the order every payment step locks in.
 *
 * A session with a seat map (issue 25) sells numbered seats: the buyer picks them (`places`, as many as
 * `seats`), the count is reserved as for any session and each picked seat is held in cafe_seats in the
 * same transaction, whose partial unique index sells a seat once whatever races; the seats follow their
 * booking (held → taken or released, taken → refunded) in the same conditional updates.
 */

export interface CafeSeats {
  sessionId: number;
  seats: number;
  /** The numbered seats picked; null on a session without a seat map. */
  places: SeatPlace[] | null;
}

export interface PricedSeats extends CafeSeats {
  productId: number;
  price: number;
}

function shortage(left: number): DomainError {
  return new DomainError(
    'conflict',
    left > 0 ? { key: 'seats_left', params: { count: left } } : 'cafe_session_sold_out',
  );
}

function seatTaken(): DomainError {
  return new DomainError('conflict', 'cafe_seat_taken', { extra: { reason: 'cafe_seat_taken' } });
}

/** The places picked on a numbered session: as many as `seats`, each once and on its map. */
function pickedPlaces(
  session: typeof cafeSessions.$inferSelect,
  request: Pick<QuoteRequest, 'seats' | 'places'>,
): SeatPlace[] | null {
  if (!session.seatMap) {
    if (request.places !== undefined) throw invalidFields({ places: 'cafe_places_unnumbered' });
    return null;
  }
  const places = request.places;
  if (!places) throw invalidFields({ places: 'cafe_places_required' });
  if (places.length !== request.seats) throw invalidFields({ places: 'cafe_places_count' });
  const distinct = new Set(places.map((place) => `${place.row}:${place.number}`));
  if (distinct.size !== places.length || !placesOnMap(session.seatMap, places))
    throw invalidFields({ places: 'cafe_place_unknown' });
  return places;
}

/** What `seats` seats of a session cost, or why they cannot be bought. */
export async function prepareSeats(
  ctx: AppContext,
  request: Pick<QuoteRequest, 'item_id' | 'seats' | 'places'>,
  currency: Currency,
): Promise<PricedSeats> {
  if (request.seats === undefined) throw invalidFields({ seats: 'seats_required' });
  const [row] = await ctx.database.db
    .select({ session: cafeSessions })
    .from(cafeSessions)
    .innerJoin(cafes, eq(cafes.id, cafeSessions.cafeId))
    .where(and(eq(cafeSessions.id, request.item_id ?? 0), eq(cafes.active, true)));
  if (!row) throw notFound('cafe_session_not_found');
  const { session } = row;
  if (session.startsAt <= ctx.clock.now()) throw new DomainError('gone', 'cafe_session_started');
  const places = pickedPlaces(session, request);
  const left = session.seats - session.sold - session.reserved;
  if (request.seats > left) throw shortage(left);
  // Told at the quote already; the reserving insert below is what decides under a race.
  if (places && (await heldPlaces(ctx.database.db, session.id, places)) > 0) throw seatTaken();
  return {
    sessionId: session.id,
    seats: request.seats,
    places,
    productId: session.productId,
    price: priceIn(session, currency) * request.seats,
  };
}

/** In the payment's first transaction: holds the seats (409 when another buyer took them meanwhile). */
export async function reserveSeats(tx: DbTransaction, payment: PaymentRow, seats: CafeSeats): Promise<void> {
  await tx.insert(cafeBookings).values({
    paymentId: payment.id,
    userId: payment.userId,
    sessionId: seats.sessionId,
    seats: seats.seats,
    reservation: 'held',
    createdAt: payment.createdAt,
  });
  const held = await tx
    .update(cafeSessions)
    .set({ reserved: sql`${cafeSessions.reserved} + ${seats.seats}` })
    .where(
      and(
        eq(cafeSessions.id, seats.sessionId),
        gt(cafeSessions.startsAt, payment.createdAt),
        sql`${cafeSessions.seats} - ${cafeSessions.sold} - ${cafeSessions.reserved} >= ${seats.seats}`,
      ),
    )
    .returning({ id: cafeSessions.id });
  if (held.length > 0) {
    if (seats.places) await holdPlaces(tx, payment, seats.sessionId, seats.places);
    return;
  }
  const [session] = await tx.select().from(cafeSessions).where(eq(cafeSessions.id, seats.sessionId));
  if (!session || session.startsAt <= payment.createdAt)
    throw new DomainError('gone', 'cafe_session_started');
  throw shortage(session.seats - session.sold - session.reserved);
}

/**
 * Holds the picked seats, after the session row is locked by the reserving UPDATE. A seat another
 * payment holds or took breaks the partial unique index (23505): the whole transaction rolls back and
 * the buyer is told the seat is taken (409).
 */
async function holdPlaces(tx: DbTransaction, payment: PaymentRow, sessionId: number, places: SeatPlace[]) {
  try {
    await tx.insert(cafeSeats).values(
      places.map((place) => ({
        sessionId,
        paymentId: payment.id,
        row: place.row,
        number: place.number,
        state: 'held' as const,
        createdAt: payment.createdAt,
      })),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw seatTaken();
    throw error;
  }
}

/**
 * Moves a booking's seats (and its numbered seats) from `from` to `to`, once; the booking, or null when
 * it had moved already.
 */
async function moveReservation(
  tx: DbTransaction,
  paymentId: number,
  from: 'held' | 'taken',
  to: 'taken' | 'released' | 'refunded',
) {
  const [booking] = await tx
    .update(cafeBookings)
    .set({ reservation: to })
    .where(and(eq(cafeBookings.paymentId, paymentId), eq(cafeBookings.reservation, from)))
    .returning();
  if (!booking) return null;
  await tx
    .update(cafeSeats)
    .set({ state: to })
    .where(and(eq(cafeSeats.paymentId, paymentId), eq(cafeSeats.state, from)));
  return booking;
}

const endReservation = (tx: DbTransaction, paymentId: number, to: 'taken' | 'released') =>
  moveReservation(tx, paymentId, 'held', to);

/** A payment that ended unpaid (cancelled, failed, expired) puts its seats back on sale. */
export async function releaseSeats(tx: DbTransaction, payment: PaymentRow): Promise<void> {
  if (payment.type !== 'BUY_CAFE_TICKET') return;
  const booking = await endReservation(tx, payment.id, 'released');
  if (!booking) return;
  await tx
    .update(cafeSessions)
    .set({ reserved: sql`${cafeSessions.reserved} - ${booking.seats}` })
    .where(eq(cafeSessions.id, booking.sessionId));
}

/** Fulfilment: the held seats are sold and each becomes a ticket with its own code. */
export async function issueSeats(tx: DbTransaction, payment: PaymentRow, now: Date): Promise<void> {
  const booking = await endReservation(tx, payment.id, 'taken');
  if (!booking) return;
  await tx
    .update(cafeSessions)
    .set({
      reserved: sql`${cafeSessions.reserved} - ${booking.seats}`,
      sold: sql`${cafeSessions.sold} + ${booking.seats}`,
    })
    .where(eq(cafeSessions.id, booking.sessionId));
  const places = await tx
    .select({ row: cafeSeats.row, number: cafeSeats.number })
    .from(cafeSeats)
    .where(and(eq(cafeSeats.paymentId, payment.id), eq(cafeSeats.state, 'taken')))
    .orderBy(asc(cafeSeats.row), asc(cafeSeats.number));
  await tx.insert(cafeTickets).values(
    Array.from({ length: booking.seats }, (_, index) => ({
      code: newCafeCode(),
      sessionId: booking.sessionId,
      paymentId: payment.id,
      ownerUserId: payment.userId,
      seat: index + 1,
      seatRow: places[index]?.row ?? null,
      seatNumber: places[index]?.number ?? null,
      createdAt: now,
    })),
  );
}

/**
 * A full refund from the staff console (0026, 0029), inside the refund's transaction after the payment
 * and the account are locked and before the ledger: the booking moves from taken to refunded once, its
 * tickets are void at the door from then on, and its seats go back on sale. The booking's row lock is
 * the one check-in takes (shared) before admitting a code, so a code is either admitted before and the
 * refund refused, or refused as refunded after. Voiding cannot undo an admission: when a seat of the
 * payment was checked in, nothing is refunded (409). Answers how many seats were voided.
 */
export async function voidSeats(tx: DbTransaction, payment: PaymentRow): Promise<number> {
  const [booking] = await tx
    .select()
    .from(cafeBookings)
    .where(and(eq(cafeBookings.paymentId, payment.id), eq(cafeBookings.reservation, 'taken')))
    .for('update');
  if (!booking) throw new DomainError('conflict', 'refund_not_allowed');
  const [used] = await tx
    .select({ n: count() })
    .from(cafeTickets)
    .where(and(eq(cafeTickets.paymentId, payment.id), isNotNull(cafeTickets.checkedInAt)));
  if ((used?.n ?? 0) > 0) throw new DomainError('conflict', 'refund_cafe_checked_in');
  await moveReservation(tx, payment.id, 'taken', 'refunded');
  // Freeing seats only lowers `sold`; the seats-left condition stays in the reserving UPDATE.
  const freed = await tx
    .update(cafeSessions)
    .set({ sold: sql`${cafeSessions.sold} - ${booking.seats}` })
    .where(and(eq(cafeSessions.id, booking.sessionId), gte(cafeSessions.sold, booking.seats)))
    .returning({ id: cafeSessions.id });
  if (freed.length === 0)
    throw new Error(`cafe session ${booking.sessionId} sold fewer seats than payment ${payment.id}`);
  return booking.seats;
}
