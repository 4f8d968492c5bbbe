import { asc, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { CafeReservation } from '../../shared/cafe-constants';
import type { CafeTickets, CafeTicketStatus, SeatPlace } from '../../shared/cafes';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cafeBookings, cafes, cafeSessions, cafeTickets, products } from '../db/schema';
import { cafeOf } from './catalogue';
import { qrOf, shownCode } from './codes';

type CafeTicketRow = typeof cafeTickets.$inferSelect;

/** A seat as its owner sees it; a refunded seat's code no longer admits anyone (0026). */
function statusOf(
  ticket: Pick<CafeTicketRow, 'checkedInAt'>,
  session: { endsAt: Date },
  reservation: CafeReservation,
  now: Date,
): CafeTicketStatus {
  if (ticket.checkedInAt) return 'used';
  if (reservation === 'refunded') return 'refunded';
  return session.endsAt <= now ? 'expired' : 'valid';
}

/** A ticket's numbered seat on its session's map; null when the session sold a count of places. */
export function placeOf(ticket: { seatRow: number | null; seatNumber: number | null }): SeatPlace | null {
  return ticket.seatRow !== null && ticket.seatNumber !== null
    ? { row: ticket.seatRow, number: ticket.seatNumber }
    : null;
}

/** The ticket of a code as the door typed it, with its session and title; undefined when none has it. */
export async function findCafeTicket(db: Db, code: string) {
  const [found] = await db
    .select({
      ticket: cafeTickets,
      session: cafeSessions,
      title: products.titleFa,
      en_title: products.titleEn,
    })
    .from(cafeTickets)
    .innerJoin(cafeSessions, eq(cafeSessions.id, cafeTickets.sessionId))
    .innerJoin(products, eq(products.id, cafeSessions.productId))
    .where(eq(cafeTickets.code, code));
  return found;
}

/** GET /me/cafe-tickets: every seat the account bought, newest session first, with its code and QR code. */
export async function ownCafeTickets(ctx: AppContext, userId: number, locale: Locale): Promise<CafeTickets> {
  const rows = await ctx.database.db
    .select({
      ticket: cafeTickets,
      session: cafeSessions,
      cafe: cafes,
      reservation: cafeBookings.reservation,
    })
    .from(cafeTickets)
    .innerJoin(cafeBookings, eq(cafeBookings.paymentId, cafeTickets.paymentId))
    .innerJoin(cafeSessions, eq(cafeSessions.id, cafeTickets.sessionId))
    .innerJoin(cafes, eq(cafes.id, cafeSessions.cafeId))
    .where(eq(cafeTickets.ownerUserId, userId))
    .orderBy(desc(cafeSessions.startsAt), desc(cafeTickets.paymentId), asc(cafeTickets.seat));
  const cards = new Map(
    (await getProductCards(ctx, [...new Set(rows.map((row) => row.session.productId))], locale)).map(
      (card) => [card.id, card],
    ),
  );
  const now = ctx.clock.now();
  const tickets = await Promise.all(
    rows.map(async ({ ticket, session, cafe, reservation }) => {
      const product = cards.get(session.productId);
      if (!product) return [];
      const { id, name, en_name, address, en_address, href } = cafeOf(cafe, locale, null);
      return [
        {
          code: shownCode(ticket.code),
          qr: await qrOf(ticket.code),
          seat: ticket.seat,
          place: placeOf(ticket),
          status: statusOf(ticket, session, reservation, now),
          checked_in_at: ticket.checkedInAt?.toISOString() ?? null,
          session: {
            id: session.id,
            starts_at: session.startsAt.toISOString(),
            ends_at: session.endsAt.toISOString(),
          },
          cafe: { id, name, en_name, address, en_address, href },
          product,
          payment_id: ticket.paymentId,
        },
      ];
    }),
  );
  return { tickets: tickets.flat() };
}
