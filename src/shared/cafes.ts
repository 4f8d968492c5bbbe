import { z } from 'zod';
import { productCardSchema } from './catalog';
import { currencySchema, seatPlaceSchema } from './commerce';
import { checkInResults } from './cafe-constants';

/**
 * Group screenings in cafes (issue 14), under /api/v1; shared by the server, the cafe islands and tests.
 *
 * - GET /cafes?city&product_id → `Cafes`: cafes (of a city; that show a title in an upcoming session).
 * - GET /cafes/{id}/get-products?currency → `CafeProducts`: the cafe and its upcoming sessions with the
 *   seats left and the price per seat in one currency.
 * - GET /cafes/sessions/{id}/seats → `CafeSeatMap`: a session's numbered seats, each free, held or taken
 *   (never by whom); 404 for a session without a map (it sells a count of places).
 * - Buying seats is POST /payments (src/shared/commerce.ts) with `type: 'BUY_CAFE_TICKET'`, the session
 *   as `item_id` and `seats`, and on a numbered session the seats picked as `places` (as many as `seats`);
 *   the seats are reserved until the payment ends (409 when too few are left, or `reason: cafe_seat_taken`
 *   when another buyer holds a seat picked).
 * - GET /me/cafe-tickets → `CafeTickets`: a ticket per seat bought, each with its code and a QR code.
 * - GET /cafe-desk (cafe staff) → `CafeDesk`; POST /cafe-desk/check-in `{ code, session_id, door }` →
 *   `CheckIn` (404 for a code that does not exist, limited per address like ticket codes).
 */

export { checkInResults, MAX_SEATS_PER_PURCHASE } from './cafe-constants';
export type { CheckInResult } from './cafe-constants';

const cityKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z-]{2,40}$/);

export const cafesQuerySchema = z.object({
  city: cityKeySchema.optional(),
  /** Only cafes with an upcoming session of this title. */
  product_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const citySchema = z
  .object({ key: z.string(), name: z.string(), en_name: z.string() })
  .meta({ id: 'CafeCity' });
export type CafeCity = z.infer<typeof citySchema>;

export const cafeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    en_name: z.string(),
    city: citySchema,
    address: z.string(),
    en_address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    capacity: z.number().int(),
    /** Opening hours as the cafe words them. */
    hours: z.string(),
    en_hours: z.string(),
    /** Picture addresses, the first for cards. */
    photos: z.array(z.string()),
    /** The cafe's page in the locale asked for. */
    href: z.string(),
    /** When its next session starts; null when none is planned. */
    next_session_at: z.string().nullable(),
  })
  .meta({ id: 'Cafe' });
export type Cafe = z.infer<typeof cafeSchema>;

export const cafesSchema = z
  .object({
    cafes: z.array(cafeSchema),
    /** Every city with a cafe, for the finder's choice. */
    cities: z.array(citySchema),
  })
  .meta({ id: 'Cafes' });
export type Cafes = z.infer<typeof cafesSchema>;

export const cafeSessionSchema = z
  .object({
    id: z.number().int(),
    product: productCardSchema,
    starts_at: z.string(),
    ends_at: z.string(),
    seats: z.number().int(),
    seats_left: z.number().int(),
    /** The seats are picked on a seat map (GET /cafes/sessions/{id}/seats) rather than counted. */
    numbered: z.boolean(),
    currency: currencySchema,
    /** Per seat, before VAT. */
    price: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'CafeSession' });
export type CafeSession = z.infer<typeof cafeSessionSchema>;

/**
 * A session as the cafe page renders it with the page (issue 25): when, what and the seats left, without
 * a price, which depends on the viewer's currency that only the browser knows (decision record 0019).
 */
export type CafeSessionSlot = Omit<CafeSession, 'currency' | 'price' | 'vat' | 'total'>;

export const cafeProductsSchema = z
  .object({ cafe: cafeSchema, currency: currencySchema, sessions: z.array(cafeSessionSchema) })
  .meta({ id: 'CafeProducts' });
export type CafeProducts = z.infer<typeof cafeProductsSchema>;

export { seatPlaceSchema };
export type { SeatPlace } from './commerce';

export const seatStates = ['free', 'held', 'taken'] as const;
export type SeatState = (typeof seatStates)[number];

export const cafeSeatMapSchema = z
  .object({
    session_id: z.number().int(),
    /** Row 1 (nearest the screen) first; in each, seat 1's end first, null for an aisle or a gap. */
    rows: z.array(
      z.object({
        row: z.number().int(),
        seats: z.array(z.object({ number: z.number().int(), state: z.enum(seatStates) }).nullable()),
      }),
    ),
  })
  .meta({ id: 'CafeSeatMap' });
export type CafeSeatMap = z.infer<typeof cafeSeatMapSchema>;

export const cafeTicketStatuses = ['valid', 'used', 'expired', 'refunded'] as const;
export type CafeTicketStatus = (typeof cafeTicketStatuses)[number];

export const cafeTicketSchema = z
  .object({
    code: z.string(),
    /** `data:image/svg+xml` QR code of the code, to show at the door. */
    qr: z.string(),
    seat: z.number().int(),
    /** The numbered seat on the session's map; null when the session sold a count of places. */
    place: seatPlaceSchema.nullable(),
    status: z.enum(cafeTicketStatuses),
    checked_in_at: z.string().nullable(),
    session: z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string() }),
    cafe: cafeSchema.pick({
      id: true,
      name: true,
      en_name: true,
      address: true,
      en_address: true,
      href: true,
    }),
    product: productCardSchema,
    payment_id: z.number().int(),
  })
  .meta({ id: 'CafeTicket' });
export type CafeTicket = z.infer<typeof cafeTicketSchema>;

export const cafeTicketsSchema = z.object({ tickets: z.array(cafeTicketSchema) }).meta({ id: 'CafeTickets' });
export type CafeTickets = z.infer<typeof cafeTicketsSchema>;

export const deskSessionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    en_title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    sold: z.number().int(),
    checked_in: z.number().int(),
  })
  .meta({ id: 'CafeDeskSession' });
export type DeskSession = z.infer<typeof deskSessionSchema>;

export const cafeDeskSchema = z
  .object({
    cafe: cafeSchema.pick({ id: true, name: true, en_name: true }),
    /** Sessions that ended within the last 12 hours, run now, or start within two days. */
    sessions: z.array(deskSessionSchema),
  })
  .meta({ id: 'CafeDesk' });
export type CafeDesk = z.infer<typeof cafeDeskSchema>;

/** A code as typed or scanned: letters and digits, dashes and spaces ignored, case folded. */
export const cafeCodeSchema = z
  .string()
  .trim()
  .max(40)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{12}$/));

export const checkInRequestSchema = z
  .object({
    code: cafeCodeSchema,
    session_id: z.number().int().positive().max(2_147_483_647),
    /** Which door (or desk) checks it in, as the staff name it. */
    door: z.string().trim().min(1).max(40),
  })
  .meta({ id: 'CheckInRequest' });
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

export const checkInSchema = z
  .object({
    result: z.enum(checkInResults),
    /** The answer in the request's language. */
    message: z.string(),
    code: z.string(),
    seat: z.number().int(),
    /** The numbered seat to send the guest to; null when the session sold a count of places. */
    place: seatPlaceSchema.nullable(),
    /** The ticket's own session and title. */
    session_id: z.number().int(),
    title: z.string(),
    en_title: z.string(),
    /** When and where it was checked in (now, for `checked_in`; the first time, for `already_used`). */
    checked_in_at: z.string().nullable(),
    door: z.string().nullable(),
  })
  .meta({ id: 'CheckIn' });
export type CheckIn = z.infer<typeof checkInSchema>;
