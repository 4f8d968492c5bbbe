import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { SeatMap } from '../../shared/cafe-constants';
import type { CafeSeatMap, SeatState } from '../../shared/cafes';
import type { SeatPlace } from '../../shared/commerce';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cafes, cafeSeats, cafeSessions } from '../db/schema';
import { notFound } from '../errors';

/**
 * A session's numbered seats (issue 25): which places its map has, and which of them payments hold or
 * have taken. The map says nothing of who holds a seat.
 */

const occupied = inArray(cafeSeats.state, ['held', 'taken']);

/** How many seats a map has (a session's `seats` when it has one). */
export function seatsOnMap(map: SeatMap): number {
  return map.rows.reduce((sum, row) => sum + row.filter((seat) => seat !== null).length, 0);
}

/** Whether every place is a seat of the map (row n is the map's n-th row). */
export function placesOnMap(map: SeatMap, places: SeatPlace[]): boolean {
  return places.every((place) => map.rows[place.row - 1]?.includes(place.number) ?? false);
}

/** How many of these places of the session a payment holds or has taken. */
export async function heldPlaces(db: Db, sessionId: number, places: SeatPlace[]): Promise<number> {
  const rows = await db
    .select({ id: cafeSeats.id })
    .from(cafeSeats)
    .where(
      and(
        eq(cafeSeats.sessionId, sessionId),
        occupied,
        or(...places.map((place) => and(eq(cafeSeats.row, place.row), eq(cafeSeats.number, place.number)))),
      ),
    );
  return rows.length;
}

/** GET /cafes/sessions/{id}/seats: an upcoming session's map with each seat free, held or taken. */
export async function sessionSeatMap(ctx: AppContext, sessionId: number): Promise<CafeSeatMap> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ seatMap: cafeSessions.seatMap })
    .from(cafeSessions)
    .innerJoin(cafes, eq(cafes.id, cafeSessions.cafeId))
    .where(
      and(eq(cafeSessions.id, sessionId), eq(cafes.active, true), gt(cafeSessions.startsAt, ctx.clock.now())),
    );
  if (!row) throw notFound('cafe_session_not_found');
  if (!row.seatMap) throw notFound('cafe_seat_map_not_found');
  const states = new Map<string, SeatState>(
    (
      await db
        .select({ row: cafeSeats.row, number: cafeSeats.number, state: cafeSeats.state })
        .from(cafeSeats)
        .where(and(eq(cafeSeats.sessionId, sessionId), occupied))
    ).map((seat) => [`${seat.row}:${seat.number}`, seat.state === 'held' ? 'held' : 'taken']),
  );
  return {
    session_id: sessionId,
    rows: row.seatMap.rows.map((seats, index) => ({
      row: index + 1,
      seats: seats.map((number) =>
        number === null ? null : { number, state: states.get(`${index + 1}:${number}`) ?? 'free' },
      ),
    })),
  };
}
