import { eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../db/client';
import {
  episodes,
  productMedia,
  products,
  productSales,
  seasons,
  subscriptions,
  tickets,
  titlePurchases,
  users,
} from '../db/schema';
import type { SeedStep } from './step';
import { DEMO_VIEWER } from './viewer';

/** The committed demo packages (media/demo/<asset>); titles take them in turn. */
export const DEMO_ASSETS = ['testcard', 'bars', 'fractal'] as const;
/**
 * The package with two audio tracks, English original and Persian dub (issue 29): what the titles
 * whose catalogue data says so (DemoTitle.audio) play instead of their turn.
 */
export const DEMO_DUBBED_ASSET = 'dubbed';

/**
 * What the demo shows besides plain playing, by slug of the demo catalogue. Titles limited to Iran
 * (the-lizard, nomad, ...) and outside their licence window (the-ninth-wave) come from the catalogue.
 */
export const DEMO_PLAYBACK = {
  /** No package at all: "movie currently not available" (204). */
  withoutMedia: ['the-tenants', 'hezardastan'],
  /** A trailer but no film: play answers 204, the preview plays. */
  trailerOnly: 'gabbeh',
  /** Shown only in the United States: "item not available in your region" from anywhere else. */
  usOnly: 'the-mirror',
  /** Sold by no plan: "plans not available for this movie", even to the subscribed demo viewer. */
  notSold: 'the-pear-tree',
  /** Sold only as a single purchase (not in subscriptions); the demo viewer bought it. */
  purchaseOnly: 'a-hero',
  /** A festival and the screening running at seed time, for the ticket codes below. */
  festival: 'kiarostami-retrospective',
  liveScreening: 'tehran-nights-live',
  upcomingScreening: 'kamkars-night-live',
} as const;

/** Fixed ticket codes of the demo, listed in the README. */
export const DEMO_TICKETS = {
  /** Festival ticket for the Kiarostami retrospective, nobody's: typed without login it opens a limited session. */
  festival: 'FEST-1404',
  /** Live ticket for the screening running at seed time, nobody's: bound to the first network that plays it. */
  live: 'LIVE-1404',
  /** Live ticket for the screening 12 hours after seed time: the page counts down. */
  upcoming: 'SOON-1404',
  /** The demo viewer's own live ticket for the running screening: anonymous checks answer 401. */
  viewerLive: 'VIEWER-1404',
} as const;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

interface SeededProduct {
  id: number;
  kind: string;
  dubbed: boolean;
}

async function productIdsBySlug(tx: DbTransaction): Promise<Map<string, SeededProduct>> {
  const rows = await tx
    .select({ id: products.id, slug: products.slug, kind: products.kind, audio: products.audioTracks })
    .from(products);
  return new Map(
    rows.map((row) => [
      row.slug,
      { id: row.id, kind: row.kind, dubbed: row.audio.some((track) => track.kind === 'dub') },
    ]),
  );
}

/**
 * Media for most demo titles and episodes, the special cases of DEMO_PLAYBACK, and the demo viewer's
 * access: a subscription for a year from seed time, one bought title and a ticket. Comes after the
 * catalogue's and the viewer's steps; without the catalogue it does nothing.
 */
export const demoPlaybackStep: SeedStep = {
  name: 'demo-playback',
  async run(tx, now) {
    const bySlug = await productIdsBySlug(tx);
    const id = (slug: string) => bySlug.get(slug)?.id;
    if (bySlug.size === 0) return;
    const skipped = new Set<string>([...DEMO_PLAYBACK.withoutMedia, DEMO_PLAYBACK.trailerOnly]);
    let turn = 0;
    const nextAsset = () => DEMO_ASSETS[turn++ % DEMO_ASSETS.length]!;
    const titleRows: (typeof productMedia.$inferInsert)[] = [];
    for (const [slug, product] of bySlug) {
      if (product.kind === 'festival' || skipped.has(slug)) continue;
      // A dubbed title still takes its turn, so the others keep the packages they always had.
      const turnAsset = nextAsset();
      const asset = product.dubbed ? DEMO_DUBBED_ASSET : turnAsset;
      // Series play their episodes; the title row holds the trailer only.
      titleRows.push({
        productId: product.id,
        asset: product.kind === 'series' ? null : asset,
        trailerAsset: asset,
      });
    }
    const trailerOnly = id(DEMO_PLAYBACK.trailerOnly);
    if (trailerOnly) titleRows.push({ productId: trailerOnly, asset: null, trailerAsset: DEMO_ASSETS[0] });
    await tx.insert(productMedia).values(titleRows);

    const seriesIds = [...bySlug]
      .filter(([slug, product]) => product.kind === 'series' && !skipped.has(slug))
      .map(([, product]) => product.id);
    if (seriesIds.length > 0) {
      const episodeRows = await tx
        .select({ id: episodes.id, productId: seasons.productId })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(inArray(seasons.productId, seriesIds))
        .orderBy(episodes.id);
      await tx
        .insert(productMedia)
        .values(
          episodeRows.map((row) => ({ productId: row.productId, episodeId: row.id, asset: nextAsset() })),
        );
    }

    const usOnly = id(DEMO_PLAYBACK.usOnly);
    if (usOnly)
      await tx
        .update(products)
        .set({ regions: ['US'] })
        .where(eq(products.id, usOnly));
    const notSold = id(DEMO_PLAYBACK.notSold);
    if (notSold)
      await tx.insert(productSales).values({ productId: notSold, inSubscription: false, purchasable: false });
    const purchaseOnly = id(DEMO_PLAYBACK.purchaseOnly);
    if (purchaseOnly)
      await tx.insert(productSales).values({ productId: purchaseOnly, inSubscription: false });

    const [viewer] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_VIEWER.phone));
    if (viewer) {
      await tx.insert(subscriptions).values({
        userId: viewer.id,
        plan: 'yearly',
        startsAt: now,
        endsAt: new Date(now.getTime() + YEAR_MS),
        source: 'seed',
        createdAt: now,
      });
      if (purchaseOnly) {
        await tx
          .insert(titlePurchases)
          .values({ userId: viewer.id, productId: purchaseOnly, source: 'seed', createdAt: now });
      }
    }
    const festival = id(DEMO_PLAYBACK.festival);
    const live = id(DEMO_PLAYBACK.liveScreening);
    const upcoming = id(DEMO_PLAYBACK.upcomingScreening);
    const ticketRows: (typeof tickets.$inferInsert)[] = [];
    const ticket = (
      code: string,
      productId: number,
      kind: 'festival' | 'live',
      ownerUserId: number | null = null,
    ) => ticketRows.push({ code, productId, kind, ownerUserId, source: 'seed', createdAt: now });
    if (festival) ticket(DEMO_TICKETS.festival, festival, 'festival');
    if (live) ticket(DEMO_TICKETS.live, live, 'live');
    if (upcoming) ticket(DEMO_TICKETS.upcoming, upcoming, 'live');
    if (live && viewer) ticket(DEMO_TICKETS.viewerLive, live, 'live', viewer.id);
    if (ticketRows.length > 0) await tx.insert(tickets).values(ticketRows).onConflictDoNothing();
  },
};
