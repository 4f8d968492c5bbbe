import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AudioTrack } from '../../shared/catalog-constants';
import { mediaJobStatuses } from '../../shared/staff-catalogue-constants';
import { episodes, products } from './catalog-schema';

/**
 * A source video uploaded in the staff console and its packaging into HLS (docs/decisions/0031). The
 * source lives on the disk of the instance that received it (`instance`), which packages it; the row
 * tells every instance how far it got.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Series: the episode the video plays; null for the title itself. */
    episodeId: integer('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: mediaJobStatuses }).notNull(),
    /** 0-100, moved by the packaging steps. */
    progress: integer('progress').notNull().default(0),
    /** The package directory name under DATA_DIR/media once packaged. */
    asset: text('asset').notNull(),
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    /** The language of the source's own sound, when it is packaged with more audio tracks. */
    audioLang: text('audio_lang'),
    /** More audio tracks uploaded with the source, packaged as audio renditions beside it (issue 29). */
    audio: jsonb('audio').$type<AudioTrack[]>().notNull().default([]),
    /** The data directory of the instance holding the source (only it can package it). */
    instance: text('instance').notNull(),
    /** Why packaging failed, for staff (ffmpeg's last words). */
    error: text('error'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_jobs_product_idx').on(table.productId, table.createdAt),
    index('media_jobs_open_idx')
      .on(table.instance)
      .where(sql`${table.status} in ('queued', 'packaging')`),
    check('media_jobs_progress', sql`${table.progress} between 0 and 100`),
  ],
);

/**
 * The AES-128 content key of each package made by the packaging jobs (issue 28, decision record 0050),
 * hex: kept here and never beside the package, since packages may live in a bucket that nginx or a CDN
 * reads. Served only to entitled sessions (media/serve.ts). Packages made before it, and the demo
 * packages, keep their key.bin on the local disk.
 */
export const mediaKeys = pgTable(
  'media_keys',
  {
    asset: text('asset').primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('media_keys_key', sql`${table.key} ~ '^[0-9a-f]{32}$'`)],
);
