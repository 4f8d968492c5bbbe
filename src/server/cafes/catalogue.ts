import { and, asc, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { localPath } from '../../lib/locale';
import type { Cafe, CafeCity, CafeProducts, Cafes, CafeSessionSlot } from '../../shared/cafes';
import type { Currency } from '../../shared/commerce';
import { getProductCards } from '../catalog';
import { priceIn, withVat } from '../commerce';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cafes, cafeSessions } from '../db/schema';
import { notFound } from '../errors';

/**
 * The cafes and what they sell (GET /cafes, /cafes/{id}/get-products, the finder and cafe pages): cafes
 * of a city, those showing a title, and a cafe's upcoming sessions with the seats left and their price.
 */

export type CafeRow = typeof cafes.$inferSelect;

export function cityOf(row: Pick<CafeRow, 'city' | 'cityFa' | 'cityEn'>): CafeCity {
  return { key: row.city, name: row.cityFa, en_name: row.cityEn };
}

export function cafeOf(row: CafeRow, locale: Locale, nextSessionAt: Date | null): Cafe {
  return {
    id: row.id,
    slug: row.slug,
    name: row.nameFa,
    en_name: row.nameEn,
    city: cityOf(row),
    address: row.addressFa,
    en_address: row.addressEn,
    latitude: row.latitude,
    longitude: row.longitude,
    capacity: row.capacity,
    hours: row.hoursFa,
    en_hours: row.hoursEn,
    photos: row.photos,
    href: localPath(`/cafes/${row.slug}`, locale),
    next_session_at: nextSessionAt?.toISOString() ?? null,
  };
}

/** Sessions still on sale: they have not started yet. */
const upcoming = (now: Date) => gt(cafeSessions.startsAt, now);

/** GET /cafes: active cafes (of a city; with an upcoming session of a title), by city then name. */
export async function listCafes(
  ctx: AppContext,
  filter: { city?: string; productId?: number },
  locale: Locale,
): Promise<Cafes> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const next = db
    .select({ cafeId: cafeSessions.cafeId, at: min(cafeSessions.startsAt).as('next_at') })
    .from(cafeSessions)
    .where(
      and(
        upcoming(now),
        filter.productId === undefined ? undefined : eq(cafeSessions.productId, filter.productId),
      ),
    )
    .groupBy(cafeSessions.cafeId)
    .as('next');
  const rows = await db
    .select({ cafe: cafes, nextAt: next.at })
    .from(cafes)
    .leftJoin(next, eq(next.cafeId, cafes.id))
    .where(
      and(
        eq(cafes.active, true),
        filter.city === undefined ? undefined : eq(cafes.city, filter.city),
        filter.productId === undefined ? undefined : sql`${next.at} is not null`,
      ),
    )
    .orderBy(asc(cafes.city), asc(cafes.nameEn));
  const cityRows = await db
    .selectDistinct({ city: cafes.city, cityFa: cafes.cityFa, cityEn: cafes.cityEn })
    .from(cafes)
    .where(eq(cafes.active, true))
    .orderBy(asc(cafes.cityEn));
  return {
    cafes: rows.map(({ cafe, nextAt }) => cafeOf(cafe, locale, nextAt ? new Date(nextAt) : null)),
    cities: cityRows.map(cityOf),
  };
}

export async function activeCafe(db: Db, where: { id: number } | { slug: string }): Promise<CafeRow> {
  const [row] = await db
    .select()
    .from(cafes)
    .where(and('id' in where ? eq(cafes.id, where.id) : eq(cafes.slug, where.slug), eq(cafes.active, true)));
  if (!row) throw notFound('cafe_not_found');
  return row;
}

/** A cafe's upcoming sessions, soonest first, each with its title's card (a session without one is left out). */
async function upcomingSessions(ctx: AppContext, cafeId: number, locale: Locale) {
  const sessions = await ctx.database.db
    .select()
    .from(cafeSessions)
    .where(and(eq(cafeSessions.cafeId, cafeId), upcoming(ctx.clock.now())))
    .orderBy(asc(cafeSessions.startsAt), asc(cafeSessions.id));
  const cards = new Map(
    (await getProductCards(ctx, [...new Set(sessions.map((row) => row.productId))], locale)).map((card) => [
      card.id,
      card,
    ]),
  );
  return sessions.flatMap((row) => {
    const product = cards.get(row.productId);
    if (!product) return [];
    const slot: CafeSessionSlot = {
      id: row.id,
      product,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      seats: row.seats,
      seats_left: row.seats - row.sold - row.reserved,
      numbered: row.seatMap !== null,
    };
    return [{ row, slot }];
  });
}

/**
 * The cafe page: the cafe and its upcoming sessions with the seats left, rendered with the page so they
 * show without waiting for the island (and to search engines); unpriced, the island asks for prices.
 */
export async function cafeSchedule(
  ctx: AppContext,
  where: { slug: string },
  locale: Locale,
): Promise<{ cafe: Cafe; sessions: CafeSessionSlot[] }> {
  const cafe = await activeCafe(ctx.database.db, where);
  const sessions = await upcomingSessions(ctx, cafe.id, locale);
  return {
    cafe: cafeOf(cafe, locale, sessions[0]?.row.startsAt ?? null),
    sessions: sessions.map(({ slot }) => slot),
  };
}

/** GET /cafes/{id}/get-products: the cafe and its upcoming sessions, soonest first, priced per seat. */
export async function cafeProducts(
  ctx: AppContext,
  where: { id: number } | { slug: string },
  currency: Currency,
  locale: Locale,
): Promise<CafeProducts> {
  const cafe = await activeCafe(ctx.database.db, where);
  const sessions = await upcomingSessions(ctx, cafe.id, locale);
  return {
    cafe: cafeOf(cafe, locale, sessions[0]?.row.startsAt ?? null),
    currency,
    sessions: sessions.map(({ row, slot }) => {
      return { ...slot, currency, ...withVat(priceIn(row, currency)) };
    }),
  };
}

/** How many cafes show a title in an upcoming session (the title page links to them when any do). */
export async function cafesShowing(ctx: AppContext, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const [row] = await ctx.database.db
    .select({ count: sql<number>`count(distinct ${cafeSessions.cafeId})::int` })
    .from(cafeSessions)
    .innerJoin(cafes, eq(cafes.id, cafeSessions.cafeId))
    .where(
      and(inArray(cafeSessions.productId, productIds), upcoming(ctx.clock.now()), eq(cafes.active, true)),
    );
  return row?.count ?? 0;
}
