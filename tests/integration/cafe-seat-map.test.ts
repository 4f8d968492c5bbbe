import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as seatMapModule from '~/server/cafes/seat-map';
import { heldPlaces } from '~/server/cafes/seat-map';
import { reconcilePayments } from '~/server/commerce/reconcile';
import type { SeatMap } from '~/shared/cafe-constants';
import type { CafeProducts, CafeSeatMap, CheckIn, SeatPlace } from '~/shared/cafes';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  atBank,
  expectBooksBalanced,
  newViewer,
  payAtBank,
  returnFromBank,
  seedShop,
} from './commerce-fixtures';
import { cafeFixtures, SEAT_IRR } from './cafe-fixtures';
import { newStaffMember } from './staff-fixtures';

// The quote-time look at a seat can be turned off, as if every buyer had looked before any paid: then
// the reserving insert and its unique index alone decide who gets the seat.
vi.mock('~/server/cafes/seat-map', async (original) => {
  const seatMap = await original<typeof seatMapModule>();
  return { ...seatMap, heldPlaces: vi.fn(seatMap.heldPlaces) };
});

/**
 * Cafe seat maps (issue 25): a session with numbered seats sells each seat once, whatever races; the
 * seats a payment holds come back when it ends unpaid and are taken when it is paid, and show so on the
 * map (never by whom); sessions without a map sell a count of places as before.
 */

let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

const { newCafe, newSession, seatsOf, seatsRequest, ticketsOf, staffOf, checkIn } = cafeFixtures(() => app);

/** Three rows of four seats, an aisle between seats 2 and 3: twelve seats. */
const HALL: SeatMap = { rows: [1, 2, 3].map(() => [1, 2, null, 3, 4]) };

async function mappedSession(): Promise<number> {
  return (await newSession(await newCafe(), 12, undefined, 24, HALL)).sessionId;
}

const placesRequest = (sessionId: number, places: SeatPlace[]) => ({
  ...seatsRequest(sessionId, places.length),
  places,
});

async function mapOf(sessionId: number): Promise<CafeSeatMap> {
  const res = await app.request(`/cafes/sessions/${sessionId}/seats`);
  expect(res.status).toBe(200);
  return (await res.json()) as CafeSeatMap;
}

/** The state of each seat that is not free, as `row:number` → state. */
async function occupiedOf(sessionId: number): Promise<Record<string, string>> {
  const { rows } = await mapOf(sessionId);
  return Object.fromEntries(
    rows.flatMap(({ row, seats }) =>
      seats.flatMap((seat) => (seat && seat.state !== 'free' ? [[`${row}:${seat.number}`, seat.state]] : [])),
    ),
  );
}

describe('a cafe session with a seat map', () => {
  it('shows its seats free, held and taken (never by whom); a session without a map has none', async () => {
    const sessionId = await mappedSession();
    const fresh = await mapOf(sessionId);
    expect(fresh.rows).toHaveLength(3);
    expect(fresh.rows[0]).toEqual({
      row: 1,
      seats: [
        { number: 1, state: 'free' },
        { number: 2, state: 'free' },
        null,
        { number: 3, state: 'free' },
        { number: 4, state: 'free' },
      ],
    });
    const paid = await (await newViewer(app)).buy(placesRequest(sessionId, [{ row: 1, number: 2 }]));
    await payAtBank(app, paid);
    await (await newViewer(app)).buy(placesRequest(sessionId, [{ row: 3, number: 4 }]));
    expect(await occupiedOf(sessionId)).toEqual({ '1:2': 'taken', '3:4': 'held' });
    expect(JSON.stringify(await mapOf(sessionId))).not.toMatch(/user|payment|phone/);

    const { sessionId: counted } = await newSession(await newCafe(), 5);
    const none = await app.request(`/cafes/sessions/${counted}/seats`, {
      headers: { 'accept-language-site': 'en' },
    });
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('This session has no seat map.');
  });

  it.each([
    ['looked at the seat first', false],
    ['all found it free when they looked', true],
  ])('a seat is sold once however many buyers pick it at the same moment (%s)', async (_, lookedEarlier) => {
    const sessionId = await mappedSession();
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => newViewer(app)));
    if (lookedEarlier) vi.mocked(heldPlaces).mockResolvedValue(0);
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        buyer.start(
          placesRequest(
            sessionId,
            [
              { row: 2, number: 3 },
              { row: 3, number: index },
            ].slice(0, index ? 2 : 1),
          ),
        ),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((res) => res.status === 409)) {
      expect(await refused.json()).toEqual({
        message: 'صندلی‌ای که انتخاب کردید را خریدار دیگری گرفته است؛ صندلی دیگری انتخاب کنید',
        reason: 'cafe_seat_taken',
      });
    }
    vi.mocked(heldPlaces).mockReset();
    const winner = answers.findIndex((res) => res.status === 201);
    const held = winner === 0 ? { '2:3': 'held' } : { '2:3': 'held', [`3:${winner}`]: 'held' };
    expect(await occupiedOf(sessionId)).toEqual(held);
    expect(await seatsOf(sessionId)).toEqual({ reserved: Object.keys(held).length, sold: 0 });
    await payAtBank(app, await answers[winner]!.json());
    const [ticket] = await ticketsOf(buyers[winner]!.token);
    expect(ticket!.place).toEqual({ row: 2, number: 3 });
    await expectBooksBalanced(app);
  });

  it('refuses a taken seat with 409 cafe_seat_taken in Persian and English, at the quote and at payment', async () => {
    const sessionId = await mappedSession();
    await payAtBank(app, await (await newViewer(app)).buy(placesRequest(sessionId, [{ row: 1, number: 1 }])));
    const late = await newViewer(app);
    const request = placesRequest(sessionId, [
      { row: 1, number: 4 },
      { row: 1, number: 1 },
    ]);
    const fa = await late.start(request);
    expect(fa.status).toBe(409);
    expect((await fa.json()).message).toBe(
      'صندلی‌ای که انتخاب کردید را خریدار دیگری گرفته است؛ صندلی دیگری انتخاب کنید',
    );
    for (const path of ['/payments', '/payments/quote']) {
      const en = await app.as(late.token, path, {
        json: path === '/payments' ? request : { ...request, gateway: undefined },
        headers: { 'accept-language-site': 'en' },
      });
      expect(en.status).toBe(409);
      expect(await en.json()).toEqual({
        message: 'Another buyer has taken a seat you chose; choose another seat.',
        reason: 'cafe_seat_taken',
      });
    }
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 1 });
    expect(await occupiedOf(sessionId)).toEqual({ '1:1': 'taken' });
  });

  it('the seats picked must be as many as the seats bought, each once and on the map', async () => {
    const sessionId = await mappedSession();
    const viewer = await newViewer(app);
    const refusals = {
      count: { ...placesRequest(sessionId, [{ row: 1, number: 1 }]), seats: 2 },
      none: seatsRequest(sessionId, 1),
      aisle: placesRequest(sessionId, [{ row: 1, number: 5 }]),
      row: placesRequest(sessionId, [{ row: 4, number: 1 }]),
      twice: placesRequest(sessionId, [
        { row: 2, number: 2 },
        { row: 2, number: 2 },
      ]),
    };
    const expected = {
      count: 'The seats chosen do not match the number of seats.',
      none: 'Choose your seats on the map.',
      aisle: 'This seat is not on the session’s map.',
      row: 'This seat is not on the session’s map.',
      twice: 'This seat is not on the session’s map.',
    };
    for (const [name, request] of Object.entries(refusals)) {
      const res = await app.as(viewer.token, '/payments', {
        json: request,
        headers: { 'accept-language-site': 'en' },
      });
      expect(res.status, name).toBe(422);
      expect((await res.json()).errors, name).toEqual({ places: [expected[name as keyof typeof expected]] });
    }
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 0 });
    expect(await occupiedOf(sessionId)).toEqual({});
  });

  it('held seats come back when the payment is cancelled at the bank, declined or expires unpaid', async () => {
    const sessionId = await mappedSession();
    const pick = [
      { row: 2, number: 1 },
      { row: 2, number: 2 },
    ];
    for (const action of ['cancel', 'decline'] as const) {
      const created = await (await newViewer(app)).buy(placesRequest(sessionId, pick));
      expect(await occupiedOf(sessionId)).toEqual({ '2:1': 'held', '2:2': 'held' });
      expect((await (await newViewer(app)).start(placesRequest(sessionId, [pick[1]!]))).status).toBe(409);
      await returnFromBank(app, await atBank(app, created, action));
      expect(await occupiedOf(sessionId)).toEqual({});
      expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 0 });
    }

    const abandoned = await newViewer(app);
    const left = await abandoned.buy(placesRequest(sessionId, pick));
    app.clock.advance(31 * 60);
    await reconcilePayments(app.ctx);
    expect((await abandoned.payment(left.payment.id)).status).toBe('expired');
    expect(await occupiedOf(sessionId)).toEqual({});

    const buyer = await newViewer(app);
    await payAtBank(app, await buyer.buy(placesRequest(sessionId, pick)));
    expect(await occupiedOf(sessionId)).toEqual({ '2:1': 'taken', '2:2': 'taken' });
    expect((await ticketsOf(buyer.token)).map((ticket) => ticket.place)).toEqual(pick);
    await expectBooksBalanced(app);
  });

  it('a seat refunded from the staff console is free again, and sold once more', async () => {
    const sessionId = await mappedSession();
    const place = { row: 1, number: 3 };
    const first = await newViewer(app);
    const created = await first.buy(placesRequest(sessionId, [place]));
    await payAtBank(app, created);
    const finance = (await newStaffMember(app, 'finance')).token;
    const refunded = await app.as(finance, `/staff/payments/${created.payment.id}/refund`, {
      method: 'POST',
      json: { amount: created.payment.total, reason: 'the projector broke', expected_refunded: 0 },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(await occupiedOf(sessionId)).toEqual({});
    const second = await newViewer(app);
    await payAtBank(app, await second.buy(placesRequest(sessionId, [place])));
    expect(await occupiedOf(sessionId)).toEqual({ '1:3': 'taken' });
    expect((await ticketsOf(second.token)).map((ticket) => ticket.place)).toEqual([place]);
    await expectBooksBalanced(app);
  });

  it('the door is told the row and seat of a numbered ticket, to send the guest there', async () => {
    const cafeId = await newCafe();
    const { sessionId } = await newSession(cafeId, 12, undefined, 24, HALL);
    const viewer = await newViewer(app);
    await payAtBank(app, await viewer.buy(placesRequest(sessionId, [{ row: 3, number: 2 }])));
    const [ticket] = await ticketsOf(viewer.token);
    const res = await checkIn(await staffOf(cafeId), { code: ticket!.code, session_id: sessionId });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as CheckIn;
    expect(answer.result).toBe('checked_in');
    expect(answer.place).toEqual({ row: 3, number: 2 });
  });

  it('a session without a map sells a count of places as before, and refuses picked seats', async () => {
    const cafeId = await newCafe();
    const { sessionId } = await newSession(cafeId, 4);
    const { sessionId: mapped } = await newSession(cafeId, 12, undefined, 48, HALL);
    const products = await app.request(`/cafes/${cafeId}/get-products?currency=IRR`);
    const { sessions } = (await products.json()) as CafeProducts;
    expect(sessions.map((session) => [session.id, session.numbered])).toEqual([
      [sessionId, false],
      [mapped, true],
    ]);
    const viewer = await newViewer(app);
    const picked = await app.as(viewer.token, '/payments', {
      json: placesRequest(sessionId, [{ row: 1, number: 1 }]),
      headers: { 'accept-language-site': 'en' },
    });
    expect(picked.status).toBe(422);
    expect((await picked.json()).errors).toEqual({
      places: ['This session’s seats are not numbered; choose only how many.'],
    });
    const created = await viewer.buy(seatsRequest(sessionId, 2));
    expect(created.payment.price).toBe(2 * SEAT_IRR);
    await payAtBank(app, created);
    const tickets = await ticketsOf(viewer.token);
    expect(tickets.map((ticket) => [ticket.seat, ticket.place])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 2 });
  });
});
