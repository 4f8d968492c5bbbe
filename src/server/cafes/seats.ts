import { and, count, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { Currency, QuoteRequest } from '../../shared/commerce';
import type { PaymentRow } from '../commerce/payment-records';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { cafeBookings, cafes, cafeSessions, cafeTickets } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { seatPrice } from './catalogue';
import { newCafeCode } from './codes';

/**
 * The cafe side of a BUY_CAFE_TICKET payment, like the shop's checkout (decision record 0026): the
 * session's seats priced for the orchestration, reserved in the payment's first transaction (the
 * condition inside the reserving UPDATE, so two buyers of the last seat cannot both get it), released
 * when it ends unpaid, and turned into one ticket a seat when it is fulfilled. The session row is
 * locked after the discount code and before ledger accounts, the order every payment step locks in.
 */

export interface CafeSeats {
  sessionId: number;
  seats: number;
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

/** What `seats` seats of a session cost, or why they cannot be bought. */
export async function prepareSeats(
  ctx: AppContext,
  request: Pick<QuoteRequest, 'item_id' | 'seats'>,
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
  const left = session.seats - session.sold - session.reserved;
  if (request.seats > left) throw shortage(left);
  return {
    sessionId: session.id,
    seats: request.seats,
    productId: session.productId,
    price: seatPrice(session, currency) * request.seats,
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
  if (held.length > 0) return;
  const [session] = await tx.select().from(cafeSessions).where(eq(cafeSessions.id, seats.sessionId));
  if (!session || session.startsAt <= payment.createdAt)
    throw new DomainError('gone', 'cafe_session_started');
  throw shortage(session.seats - session.sold - session.reserved);
}

/** Moves a booking's seats from held to `to`, once; the booking, or null when it had moved already. */
async function endReservation(tx: DbTransaction, paymentId: number, to: 'taken' | 'released') {
  const [booking] = await tx
    .update(cafeBookings)
    .set({ reservation: to })
    .where(and(eq(cafeBookings.paymentId, paymentId), eq(cafeBookings.reservation, 'held')))
    .returning();
  return booking ?? null;
}

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
  await tx.insert(cafeTickets).values(
    Array.from({ length: booking.seats }, (_, index) => ({
      code: newCafeCode(),
      sessionId: booking.sessionId,
      paymentId: payment.id,
      ownerUserId: payment.userId,
      seat: index + 1,
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
  await tx
    .update(cafeBookings)
    .set({ reservation: 'refunded' })
    .where(eq(cafeBookings.paymentId, payment.id));
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
