import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { episodes, products } from './catalog-schema';
import { subtitleColors, subtitleSizes } from '../../shared/preferences-constants';
import { createdAt } from './columns';

/* Accounts: viewers, their profiles, sessions and logins, and what each profile keeps (favourites, positions). */

/**
 * Viewers. A user is known by a phone number (+989xxxxxxxxx) or an e-mail address (lower-cased), or
 * both; `user_name` in the API is whichever they signed up with.
 */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  phone: text('phone').unique(),
  email: text('email').unique(),
  /** `scrypt$N$r$p$salt$hash`; null until the viewer sets a password. */
  passwordHash: text('password_hash'),
  /** Set when the viewer deleted the account: the person is erased, the row stays for money records. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Set while support has blocked the account: it cannot log in and its sessions are refused. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /**
   * The account's PIN rules (issue 29): what asks for the main profile's PIN. Each can be on only while
   * the main profile has a PIN.
   */
  pinToLeaveKids: boolean('pin_to_leave_kids').notNull().default(false),
  pinToEditProfiles: boolean('pin_to_edit_profiles').notNull().default(false),
  /** The purchase PIN: commerce refuses to start a payment without it. */
  pinToPurchase: boolean('pin_to_purchase').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who is watching: the main profile (the account holder) and up to two members. */
export const profiles = pgTable(
  'profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of the default avatars, used when no picture was uploaded. */
    avatarId: integer('avatar_id').notNull().default(1),
    /** File name under DATA_DIR/uploads/avatars of an uploaded picture (re-encoded WebP). */
    avatarFile: text('avatar_file'),
    isMain: boolean('is_main').notNull().default(false),
    /** At an episode's end the next one starts by itself after a countdown (the profile may turn it off). */
    autoplayNext: boolean('autoplay_next').notNull().default(true),
    /**
     * A kids profile sees only titles rated at or under `max_age_rating` (one of the catalogue's
     * ratings, shared/staff-catalogue-constants.ts); unrated titles are not shown to it.
     */
    kids: boolean('kids').notNull().default(false),
    maxAgeRating: text('max_age_rating'),
    /** The profile's 4-digit PIN, hashed like a password (auth/secrets.ts); null when it has none. */
    pinHash: text('pin_hash'),
    /**
     * How the profile likes to watch (issue 29): the audio language ('auto': the title's own default),
     * whether it prefers the audio description, the subtitle language ('auto': the page's default, or
     * 'off') and the subtitle look. The player starts with them and saves what the viewer changes.
     */
    audioLanguage: text('audio_language').notNull().default('auto'),
    audioDescription: boolean('audio_description').notNull().default(false),
    subtitleLanguage: text('subtitle_language').notNull().default('auto'),
    subtitleSize: text('subtitle_size', { enum: subtitleSizes }).notNull().default('medium'),
    subtitleBox: boolean('subtitle_box').notNull().default(true),
    subtitleColor: text('subtitle_color', { enum: subtitleColors }).notNull().default('white'),
    createdAt: createdAt(),
  },
  (table) => [
    index('profiles_user_id_idx').on(table.userId),
    uniqueIndex('profiles_one_main_per_user')
      .on(table.userId)
      .where(sql`${table.isMain}`),
  ],
);

/**
 * A logged-in device. The bearer token is stored only as its SHA-256; ending a session (logout, device
 * removal) sets ended_at and the token stops working at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** A label from the User-Agent, e.g. "Chrome, Android". */
    device: text('device').notNull(),
    /** ISO country of the address the session was opened from, when known. */
    country: text('country'),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_active_user_idx')
      .on(table.userId)
      .where(sql`${table.endedAt} is null`),
  ],
);

/**
 * A login in progress (the API's `remember_token`, stored hashed): who, why (signup, login by code,
 * forgotten password), the current one-time code (hashed) and whether it was verified.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userName: text('user_name').notNull(),
    purpose: text('purpose', { enum: ['signup', 'login', 'forget'] }).notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeTries: integer('code_tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('login_attempts_expires_at_idx').on(table.expiresAt)],
);

/** Short one-time codes a logged-in device shows (as text and QR) to log another device in. */
export const crossLoginCodes = pgTable(
  'cross_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('cross_login_codes_expires_at_idx').on(table.expiresAt)],
);

/** A profile's favourite products. Goes with its profile or its product. */
export const favorites = pgTable(
  'favorites',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.productId] })],
);

/** Where a profile stopped watching each product (the watch list); filled by playback. */
export const watchPositions = pgTable(
  'watch_positions',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Series: the episode the profile is at (the position is within it); null for other titles. */
    episodeId: integer('episode_id').references(() => episodes.id, { onDelete: 'set null' }),
    /** Reached the end (95 % or the credits): the next play starts over, or at the next episode. */
    watched: boolean('watched').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.productId] })],
);
