import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cafeTickets } from './cafe-schema';
import { products } from './catalog-schema';
import { tickets } from './playback-schema';
import { users } from './users-schema';

/**
 * A festival's audience award (issue 30), turned on by staff: how long after a title's screening its
 * ticket holders may vote, and the share of the title they must have watched. Results stay hidden
 * from the public until `publishedAt`.
 */
export const festivalAwards = pgTable(
  'festival_awards',
  {
    festivalId: integer('festival_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    windowHours: integer('window_hours').notNull(),
    /** Per cent of the title's duration a viewer's saved watch time must reach. */
    minWatchedPercent: integer('min_watched_percent').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('festival_awards_window', sql`${table.windowHours} between 1 and 720`),
    check('festival_awards_share', sql`${table.minWatchedPercent} between 0 and 100`),
  ],
);

/**
 * One rating of a festival title. The right to vote is a ticket: the festival's pass (one vote per
 * title it holds) or a cafe seat's ticket checked in at the door. The unique indexes make it one vote
 * per ticket and title whatever races; a refund of the ticket's payment deletes its votes.
 */
export const awardVotes = pgTable(
  'award_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    cafeTicketId: integer('cafe_ticket_id').references(() => cafeTickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('award_votes_ticket_idx').on(table.festivalId, table.productId, table.ticketId),
    uniqueIndex('award_votes_cafe_ticket_idx').on(table.festivalId, table.productId, table.cafeTicketId),
    index('award_votes_results_idx').on(table.festivalId, table.productId),
    check('award_votes_rating', sql`${table.rating} between 1 and 5`),
    check('award_votes_one_right', sql`(${table.ticketId} is null) <> (${table.cafeTicketId} is null)`),
  ],
);
