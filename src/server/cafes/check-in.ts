import { and, asc, between, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { CafeDesk, CheckIn, CheckInResult } from '../../shared/cafes';
import { translate } from '../../shared/messages';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import { cafeBookings, cafes, cafeSessions, cafeStaff, cafeTickets, products } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { shownCode } from './codes';
import { findCafeTicket, placeOf } from './tickets';

/**
 * The door of a cafe (decision record 0026): its staff, and only its staff, check its tickets in. One
 * conditional UPDATE (`checked_in_at is null`) checks a code in, so two doors scanning the same code
 * at once admit it once and the other hears "already used", when and at which door.
 */

const HOUR_MS = 3_600_000;

/** Codes that do not exist, per address: plenty for typos, far too few to find a code by guessing. */
const WRONG_CAFE_CODES = defineRateLimit({ name: 'cafe-code-miss', limit: 10, windowSeconds: 600 });

/** The cafe an account works for; 403 for anyone who is not a cafe's staff. */
export async function staffCafeOf(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ cafeId: cafeStaff.cafeId })
    .from(cafeStaff)
    .where(eq(cafeStaff.userId, userId));
  if (!row) throw new DomainError('forbidden', 'not_cafe_staff');
  return row.cafeId;
}

/** GET /cafe-desk: the staff's cafe and the sessions a door may be checking in now. */
export async function cafeDesk(ctx: AppContext, userId: number): Promise<CafeDesk> {
  const { db } = ctx.database;
  const cafeId = await staffCafeOf(ctx, userId);
  const [cafe] = await db.select().from(cafes).where(eq(cafes.id, cafeId));
  const now = ctx.clock.now().getTime();
  const sessions = await db
    .select({
      id: cafeSessions.id,
      title: products.titleFa,
      en_title: products.titleEn,
      startsAt: cafeSessions.startsAt,
      endsAt: cafeSessions.endsAt,
      sold: cafeSessions.sold,
    })
    .from(cafeSessions)
    .innerJoin(products, eq(products.id, cafeSessions.productId))
    .where(
      and(
        eq(cafeSessions.cafeId, cafeId),
        between(cafeSessions.endsAt, new Date(now - 12 * HOUR_MS), new Date(now + 7 * 24 * HOUR_MS)),
      ),
    )
    .orderBy(asc(cafeSessions.startsAt), asc(cafeSessions.id));
  const checked = await db
    .select({ sessionId: cafeTickets.sessionId, n: count() })
    .from(cafeTickets)
    .innerJoin(cafeSessions, eq(cafeSessions.id, cafeTickets.sessionId))
    .where(and(eq(cafeSessions.cafeId, cafeId), isNotNull(cafeTickets.checkedInAt)))
    .groupBy(cafeTickets.sessionId);
  const checkedIn = new Map(checked.map((row) => [row.sessionId, row.n]));
  return {
    cafe: { id: cafe!.id, name: cafe!.nameFa, en_name: cafe!.nameEn },
    sessions: sessions.map((row) => ({
      id: row.id,
      title: row.title,
      en_title: row.en_title,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      sold: row.sold,
      checked_in: checkedIn.get(row.id) ?? 0,
    })),
  };
}

const resultMessages = {
  checked_in: 'check_in_ok',
  already_used: 'check_in_already_used',
  other_cafe: 'check_in_other_cafe',
  other_session: 'check_in_other_session',
  expired: 'check_in_expired',
  refunded: 'check_in_refunded',
} as const satisfies Record<CheckInResult, string>;

/**
 * POST /cafe-desk/check-in: what the door is told of a code for the session it is admitting. A code
 * that does not exist is a 404 and counts against the address; past the limit every code waits (429).
 */
export async function checkIn(
  ctx: AppContext,
  staff: { userId: number; clientAddress: string },
  request: { code: string; session_id: number; door: string },
  locale: Locale,
): Promise<CheckIn> {
  const { db } = ctx.database;
  const cafeId = await staffCafeOf(ctx, staff.userId);
  const key = staff.clientAddress || 'unknown';
  // Counted before the lookup, so codes sent at once cannot all be looked up (issue 24, 10); given
  // back when the code exists.
  const countedAt = ctx.clock.now();
  await ctx.rateLimiter.consume(WRONG_CAFE_CODES, key);
  const found = await findCafeTicket(db, request.code);
  if (!found) throw notFound('ticket_invalid');
  await ctx.rateLimiter.release(WRONG_CAFE_CODES, key, countedAt);
  const now = ctx.clock.now();
  const { ticket, session } = found;
  const answer = (result: CheckInResult, at: Date | null, door: string | null): CheckIn => ({
    result,
    message: translate(resultMessages[result], locale),
    code: shownCode(ticket.code),
    seat: ticket.seat,
    place: placeOf(ticket),
    session_id: session.id,
    title: found.title,
    en_title: found.en_title,
    checked_in_at: at?.toISOString() ?? null,
    door,
  });
  if (session.cafeId !== cafeId) return answer('other_cafe', null, null);
  if (session.id !== request.session_id) return answer('other_session', null, null);
  return db.transaction(async (tx) => {
    // The booking's lock orders this check-in with a refund of the payment (seats.ts, voidSeats).
    const [booking] = await tx
      .select({ reservation: cafeBookings.reservation })
      .from(cafeBookings)
      .where(eq(cafeBookings.paymentId, ticket.paymentId))
      .for('share');
    if (booking?.reservation === 'refunded') return answer('refunded', null, null);
    if (ticket.checkedInAt) return answer('already_used', ticket.checkedInAt, ticket.checkedInDoor);
    if (session.endsAt <= now) return answer('expired', null, null);
    const [admitted] = await tx
      .update(cafeTickets)
      .set({ checkedInAt: now, checkedInBy: staff.userId, checkedInDoor: request.door })
      .where(and(eq(cafeTickets.id, ticket.id), isNull(cafeTickets.checkedInAt)))
      .returning({ at: cafeTickets.checkedInAt, door: cafeTickets.checkedInDoor });
    if (admitted) return answer('checked_in', admitted.at, admitted.door);
    // Another door admitted it between the read and the update.
    const [first] = await tx
      .select({ at: cafeTickets.checkedInAt, door: cafeTickets.checkedInDoor })
      .from(cafeTickets)
      .where(eq(cafeTickets.id, ticket.id));
    return answer('already_used', first?.at ?? null, first?.door ?? null);
  });
}
