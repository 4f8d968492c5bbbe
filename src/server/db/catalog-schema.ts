import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productKinds, type AudioTrack } from '../../shared/catalog';

/**
 * The catalogue. Every watchable or sellable title is a product of one kind; series hang seasons and
 * episodes below their product, festivals list their titles. Texts are stored in both languages.
 */

export const creditRoles = ['director', 'writer', 'producer', 'other'] as const;
export type CreditRole = (typeof creditRoles)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Latin slug for URLs (`/films/<id>-<slug>` or similar); unique across kinds. */
    slug: text('slug').notNull(),
    kind: text('kind', { enum: productKinds }).notNull(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
    synopsisFa: text('synopsis_fa').notNull(),
    synopsisEn: text('synopsis_en').notNull(),
    /** Product category (feature, documentary, animation, short, concert, ...), a slug. */
    category: text('category').notNull(),
    releaseDate: date('release_date', { mode: 'string' }),
    durationMinutes: integer('duration_minutes'),
    /** ISO 3166-1 alpha-2 of the production country. */
    country: text('country'),
    /** Age rating shown to viewers: 'G', 'PG', '12', '15', '18'. */
    ageRating: text('age_rating'),
    /** Subtitle languages available (ISO 639-1), for the has-subtitle filter. */
    subtitleLanguages: text('subtitle_languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Its audio tracks (original, dubs, description), for title pages, cards and the dubbed filter;
     * empty: not recorded (one sound, in the film's own language). Packaging an upload with audio
     * tracks records them (issue 29).
     */
    audioTracks: jsonb('audio_tracks').$type<AudioTrack[]>().notNull().default([]),
    /** Countries (ISO alpha-2) where it may be shown; empty means everywhere. */
    regions: text('regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Artwork key: files are derived from it (poster and cover, several widths and formats). */
    artwork: text('artwork').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    /** When it may be watched at all (licence window); null means open on that side. */
    availableFrom: timestamp('available_from', { withTimezone: true }),
    availableUntil: timestamp('available_until', { withTimezone: true }),
    /** Online screenings: the scheduled start and end. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Normalised Persian and English text (titles, people, genres) the search matches against. */
    searchText: text('search_text').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_slug_idx').on(table.slug),
    index('products_kind_idx').on(table.kind, table.publishedAt),
    index('products_release_idx').on(table.releaseDate),
    check('products_screening_window', sql`${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameFa: text('name_fa').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (table) => [uniqueIndex('genres_slug_idx').on(table.slug)],
);

export const productGenres = pgTable(
  'product_genres',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.genreId] }),
    index('product_genres_genre_idx').on(table.genreId),
  ],
);

export const people = pgTable('people', {
  id: serial('id').primaryKey(),
  nameFa: text('name_fa').notNull(),
  nameEn: text('name_en').notNull(),
});

export const credits = pgTable(
  'credits',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    role: text('role', { enum: creditRoles }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.personId, table.role] })],
);

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
  },
  (table) => [uniqueIndex('seasons_product_number_idx').on(table.productId, table.number)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
    synopsisFa: text('synopsis_fa').notNull().default(''),
    synopsisEn: text('synopsis_en').notNull().default(''),
    durationMinutes: integer('duration_minutes'),
    /** The episode's own audio tracks, as its title's (issue 29). */
    audioTracks: jsonb('audio_tracks').$type<AudioTrack[]>().notNull().default([]),
  },
  (table) => [uniqueIndex('episodes_season_number_idx').on(table.seasonId, table.number)],
);

/** The titles a festival package contains, in programme order. */
export const festivalTitles = pgTable(
  'festival_titles',
  {
    festivalId: integer('festival_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.festivalId, table.productId] })],
);
