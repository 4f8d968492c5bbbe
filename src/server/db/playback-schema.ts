import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { playerProblems, ticketKinds } from '../../shared/playback';
import { episodes, products } from './catalog-schema';
import { users } from './users-schema';
import { createdAt, inboxColumns } from './columns';

/**
 * Who may watch what. Until payments exist the seed and scripts/grant.mjs write these rows; commerce
 * will write into the same tables (`source: 'payment'` with its payment reference), so the access rules
 * in src/server/playback/access.ts never need to know how an entitlement was obtained.
 */

/** `gift`: a gift code redeemed (src/server/gifts/gifts.ts). */
export const grantSources = ['seed', 'script', 'payment', 'gift'] as const;
export type GrantSource = (typeof grantSources)[number];

/** A subscription: every catalogue film, series and music title sold in subscriptions, while it runs. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The package's slug (e.g. `monthly`, `yearly`); commerce's packages will name it. */
    plan: text('plan').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: grantSources }).notNull(),
    /** The payment that bought it (commerce), null for seeded or granted ones. */
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId, table.endsAt),
    check('subscriptions_period', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A bought title. It may be watched for 8 hours from its first play: first_played_at is set once, by
 * a conditional update, so concurrent first plays agree on when the window opened.
 */
export const titlePurchases = pgTable(
  'title_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    firstPlayedAt: timestamp('first_played_at', { withTimezone: true }),
    source: text('source', { enum: grantSources }).notNull(),
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
  },
  (table) => [index('title_purchases_user_product_idx').on(table.userId, table.productId)],
);

/**
 * A ticket code for a festival (covers the titles of its programme) or a screening (`live`). It may
 * belong to an account or to nobody (a code handed out at a cafe); a logged-in viewer who uses an
 * unowned code claims it. A live ticket is bound to the first streaming network that plays with it.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the viewer types: upper-case letters and digits. */
    code: text('code').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ticketKinds }).notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    /** When the code may be used; null means open on that side (a live ticket also ends with its screening). */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The first play with it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Live tickets: the first streaming IP that played with it; set once by a conditional update. */
    network: text('network'),
    source: text('source', { enum: grantSources }).notNull(),
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tickets_code_idx').on(table.code),
    index('tickets_owner_idx').on(table.ownerUserId),
    index('tickets_product_idx').on(table.productId),
  ],
);

/**
 * A limited session opened by a ticket code without an account: its bearer token (stored as SHA-256,
 * like sessions) works for the play calls and the media key of that ticket only, never for /me.
 */
export const ticketSessions = pgTable(
  'ticket_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ticket_sessions_token_idx').on(table.tokenHash),
    index('ticket_sessions_ticket_idx').on(table.ticketId),
  ],
);

/**
 * Which packaged media (media/demo/<asset> or DATA_DIR/media/<asset>) plays a title or an episode, and
 * its trailer. A row without `asset` has a trailer only; no row (or no package) means "movie currently
 * not available" (204).
 */
export const productMedia = pgTable(
  'product_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Series: the episode this row plays; null for the title itself. */
    episodeId: integer('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    asset: text('asset'),
    trailerAsset: text('trailer_asset'),
  },
  (table) => [
    uniqueIndex('product_media_title_idx')
      .on(table.productId)
      .where(sql`${table.episodeId} is null`),
    uniqueIndex('product_media_episode_idx')
      .on(table.episodeId)
      .where(sql`${table.episodeId} is not null`),
  ],
);

/**
 * How a title is sold, when not the default (sold in subscriptions and as a single purchase). Kept
 * minimal on purpose: commerce adds prices in its own tables; a title sold by nothing answers "plans
 * not available for this movie".
 */
export const productSales = pgTable('product_sales', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  inSubscription: boolean('in_subscription').notNull().default(true),
  purchasable: boolean('purchasable').notNull().default(true),
});

/** "Report a problem" from the player, for the support team. */
export const playerReports = pgTable(
  'player_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id').references(() => episodes.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    positionSeconds: integer('position_seconds').notNull(),
    problem: text('problem', { enum: playerProblems }).notNull(),
    description: text('description').notNull().default(''),
    browser: text('browser').notNull(),
    streamingIp: text('streaming_ip'),
    effectiveType: text('effective_type'),
    downlink: real('downlink'),
    clientAddress: text('client_address').notNull(),
    ...inboxColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('player_reports_created_at_idx').on(table.createdAt),
    index('player_reports_status_idx').on(table.status, table.createdAt),
  ],
);
