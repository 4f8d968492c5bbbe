import { episodes, festivalTitles, productMedia, products, productSales, seasons } from '~/server/db/schema';
import type { ProductKind } from '~/shared/catalog';
import type { TestApp } from './harness';

/** Titles of the playback tests' own, so the rules are tested without the demo catalogue. */

export const IRANIAN = '5.160.0.1';
export const AMERICAN = '8.8.8.8';
export const GERMAN = '85.214.132.117';

export interface TitleOptions {
  kind?: ProductKind;
  isFree?: boolean;
  regions?: string[];
  availableFrom?: Date;
  startsAt?: Date;
  endsAt?: Date;
  /** A demo package id (media/demo/<asset>); undefined: no media. */
  asset?: string;
  trailer?: string;
  sales?: { inSubscription: boolean; purchasable: boolean };
}

let counter = 0;

export async function insertTitle(app: TestApp, options: TitleOptions = {}): Promise<number> {
  const db = app.ctx.database.db;
  const slug = `playback-${++counter}`;
  const [row] = await db
    .insert(products)
    .values({
      slug,
      kind: options.kind ?? 'film',
      titleFa: `عنوان ${counter}`,
      titleEn: `Title ${counter}`,
      synopsisFa: 'خلاصه',
      synopsisEn: 'Synopsis',
      category: 'feature',
      artwork: slug,
      isFree: options.isFree ?? false,
      regions: options.regions ?? [],
      availableFrom: options.availableFrom ?? null,
      startsAt: options.startsAt ?? null,
      endsAt: options.endsAt ?? null,
    })
    .returning({ id: products.id });
  const id = row!.id;
  if (options.asset || options.trailer) {
    await db
      .insert(productMedia)
      .values({ productId: id, asset: options.asset ?? null, trailerAsset: options.trailer ?? null });
  }
  if (options.sales) await db.insert(productSales).values({ productId: id, ...options.sales });
  return id;
}

/** A series of one season with `count` episodes, each playing `asset`; returns the episode ids. */
export async function insertSeries(
  app: TestApp,
  count: number,
  asset: string,
): Promise<{ id: number; episodes: number[] }> {
  const db = app.ctx.database.db;
  const id = await insertTitle(app, { kind: 'series', trailer: asset });
  const [season] = await db
    .insert(seasons)
    .values({ productId: id, number: 1, titleFa: 'فصل ۱', titleEn: 'Season 1' })
    .returning({ id: seasons.id });
  const rows = await db
    .insert(episodes)
    .values(
      Array.from({ length: count }, (_, index) => ({
        seasonId: season!.id,
        number: index + 1,
        titleFa: `قسمت ${index + 1}`,
        titleEn: `Episode ${index + 1}`,
      })),
    )
    .returning({ id: episodes.id });
  await db.insert(productMedia).values(rows.map((row) => ({ productId: id, episodeId: row.id, asset })));
  return { id, episodes: rows.map((row) => row.id) };
}

export async function insertFestival(app: TestApp, programme: number[]): Promise<number> {
  const id = await insertTitle(app, { kind: 'festival' });
  await app.ctx.database.db
    .insert(festivalTitles)
    .values(programme.map((productId, position) => ({ festivalId: id, productId, position })));
  return id;
}

export const fa = { 'accept-language-site': 'fa' };
export const en = { 'accept-language-site': 'en' };
