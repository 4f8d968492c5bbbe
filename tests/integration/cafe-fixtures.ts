import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SeatMap } from '~/shared/cafe-constants';
import type { CafeTickets } from '~/shared/cafes';
import { cafes, cafeSessions, cafeStaff } from '~/server/db/schema';
import type { AccountsApp } from './accounts';
import { newViewer, payAtBank } from './commerce-fixtures';
import { insertTitle } from './playback-fixtures';

/** Cafes, their sessions, seats bought at the sandbox bank and the door, for the cafe tests (issue 14). */

export const HOUR_MS = 3_600_000;
export const SEAT_IRR = 1_500_000;

/** The helpers, on the app the test file starts (hence a function: the app exists only once started). */
export function cafeFixtures(appOf: () => AccountsApp) {
  let cafeCount = 0;

  async function newCafe(city = 'tehran'): Promise<number> {
    const n = ++cafeCount;
    const [row] = await appOf()
      .ctx.database.db.insert(cafes)
      .values({
        slug: `test-cafe-${n}`,
        nameFa: `کافه ${n}`,
        nameEn: `Cafe ${n}`,
        city,
        cityFa: city === 'tehran' ? 'تهران' : 'شیراز',
        cityEn: city === 'tehran' ? 'Tehran' : 'Shiraz',
        addressFa: 'نشانی',
        addressEn: 'Address',
        latitude: 35.7,
        longitude: 51.4,
        capacity: 30,
        hoursFa: 'هر روز',
        hoursEn: 'Daily',
      })
      .returning({ id: cafes.id });
    return row!.id;
  }

  async function newSession(
    cafeId: number,
    seats: number,
    productId?: number,
    inHours = 24,
    seatMap: SeatMap | null = null,
  ) {
    const title = productId ?? (await insertTitle(appOf()));
    const startsAt = new Date(appOf().clock.now().getTime() + inHours * HOUR_MS);
    const [row] = await appOf()
      .ctx.database.db.insert(cafeSessions)
      .values({
        cafeId,
        productId: title,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS),
        seats,
        seatMap,
        priceIrr: SEAT_IRR,
        priceUsd: 500,
      })
      .returning({ id: cafeSessions.id });
    return { sessionId: row!.id, productId: title };
  }

  async function seatsOf(sessionId: number) {
    const [row] = await appOf()
      .ctx.database.db.select({ reserved: cafeSessions.reserved, sold: cafeSessions.sold })
      .from(cafeSessions)
      .where(eq(cafeSessions.id, sessionId));
    return row!;
  }

  const seatsRequest = (sessionId: number, seats: number) =>
    ({ type: 'BUY_CAFE_TICKET', item_id: sessionId, seats, gateway: 'sandbox' }) as const;

  async function ticketsOf(token: string): Promise<CafeTickets['tickets']> {
    const res = await appOf().as(token, '/me/cafe-tickets');
    expect(res.status).toBe(200);
    return ((await res.json()) as CafeTickets).tickets;
  }

  /** A viewer who bought `seats` seats of the session and paid at the bank; their ticket codes. */
  async function boughtSeats(sessionId: number, seats: number): Promise<string[]> {
    const viewer = await newViewer(appOf());
    await payAtBank(appOf(), await viewer.buy(seatsRequest(sessionId, seats)));
    return (await ticketsOf(viewer.token)).map((ticket) => ticket.code);
  }

  async function staffOf(cafeId: number): Promise<string> {
    const staff = await newViewer(appOf());
    await appOf().ctx.database.db.insert(cafeStaff).values({ userId: staff.userId, cafeId });
    return staff.token;
  }

  function checkIn(
    token: string,
    body: { code: string; session_id: number; door?: string },
    address?: string,
  ) {
    return appOf().as(token, '/cafe-desk/check-in', {
      json: { door: 'Front door', ...body },
      headers: { 'accept-language-site': 'en' },
      clientAddress: address,
    });
  }

  return { newCafe, newSession, seatsOf, seatsRequest, ticketsOf, boughtSeats, staffOf, checkIn };
}
