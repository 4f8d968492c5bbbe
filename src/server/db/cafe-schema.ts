import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cafeReservations, cafeSeatStates, type SeatMap } from '../../shared/cafe-constants';
import { products } from './catalog-schema';
import { payments } from './commerce-schema';
import { users } from './users-schema';
import { createdAt, money } from './columns';

/**
 * Group screenings in cafes (src/server/cafes, decision record 0026): cafes, the sessions they run,
 * the seats a BUY_CAFE_TICKET payment reserves and the tickets (one a seat) it issues, and the cafe's
 * own staff who check tickets in at the door. Bookings and tickets are money records: their keys to
 * users and payments never cascade.
 */

export const cafes = pgTable(
  'cafes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    nameFa: text('name_fa').notNull(),
    nameEn: text('name_en').notNull(),
    /** A lower-case key (`tehran`) the finder filters by, with its names in both languages. */
    city: text('city').notNull(),
    cityFa: text('city_fa').notNull(),
    cityEn: text('city_en').notNull(),
    addressFa: text('address_fa').notNull(),
    addressEn: text('address_en').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    capacity: integer('capacity').notNull(),
    hoursFa: text('hours_fa').notNull(),
    hoursEn: text('hours_en').notNull(),
    /** Picture addresses, first the one shown on cards. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('cafes_city_idx').on(table.city),
    check(
      'cafes_place',
      sql`${table.capacity} > 0 and ${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180`,
    ),
  ],
);

/**
 * A title or an online screening shown at a cafe at a time. `reserved` is held by payments in
 * progress, `sold` by fulfilled ones; the constraint keeps them within the seats whatever races.
 */
export const cafeSessions = pgTable(
  'cafe_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cafeId: integer('cafe_id')
      .notNull()
      .references(() => cafes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    reserved: integer('reserved').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    /** Per seat, before VAT. */
    priceIrr: money('price_irr').notNull(),
    priceUsd: money('price_usd').notNull(),
    /**
     * Numbered seats (issue 25): the rows and their seat numbers, null for an aisle or a gap; `seats`
     * counts them. Null for a session that sells a count of places.
     */
    seatMap: jsonb('seat_map').$type<SeatMap>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('cafe_sessions_cafe_idx').on(table.cafeId, table.startsAt),
    index('cafe_sessions_product_idx').on(table.productId, table.startsAt),
    check(
      'cafe_sessions_seats',
      sql`${table.seats} > 0 and ${table.reserved} >= 0 and ${table.sold} >= 0 and ${table.sold} + ${table.reserved} <= ${table.seats}`,
    ),
    check(
      'cafe_sessions_times_prices',
      sql`${table.endsAt} > ${table.startsAt} and ${table.priceIrr} > 0 and ${table.priceUsd} > 0`,
    ),
  ],
);

/** The cafe side of a BUY_CAFE_TICKET payment: its seats, held → taken (fulfilled) or released, once. */
export const cafeBookings = pgTable(
  'cafe_bookings',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => cafeSessions.id),
    seats: integer('seats').notNull(),
    reservation: text('reservation', { enum: cafeReservations }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('cafe_bookings_session_idx').on(table.sessionId),
    check('cafe_bookings_seats', sql`${table.seats} > 0`),
  ],
);

/**
 * A numbered seat of a session with a seat map, held by a payment in progress, then taken or released
 * (refunded) with its booking. The partial unique index sells a seat once whatever races: two payments
 * can never both hold or take it, while released and refunded rows stay as history.
 */
export const cafeSeats = pgTable(
  'cafe_seats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => cafeSessions.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    row: integer('seat_row').notNull(),
    number: integer('seat_number').notNull(),
    state: text('state', { enum: cafeSeatStates }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cafe_seats_place_idx')
      .on(table.sessionId, table.row, table.number)
      .where(sql`${table.state} in ('held', 'taken')`),
    index('cafe_seats_payment_idx').on(table.paymentId),
  ],
);

/** One seat: the code shown (and as a QR code) at the door, checked in once. */
export const cafeTickets = pgTable(
  'cafe_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => cafeSessions.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    seat: integer('seat').notNull(),
    /** The numbered seat on the session's map; null for a session that sells a count of places. */
    seatRow: integer('seat_row'),
    seatNumber: integer('seat_number'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references(() => users.id),
    checkedInDoor: text('checked_in_door'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cafe_tickets_code_idx').on(table.code),
    uniqueIndex('cafe_tickets_seat_idx').on(table.paymentId, table.seat),
    index('cafe_tickets_owner_idx').on(table.ownerUserId),
    index('cafe_tickets_session_idx').on(table.sessionId),
  ],
);

/** A cafe's own staff: each account works for one cafe and may only check in its tickets. */
export const cafeStaff = pgTable('cafe_staff', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cafeId: integer('cafe_id')
    .notNull()
    .references(() => cafes.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
