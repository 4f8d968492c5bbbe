import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_PAGE_SIZE,
  WIDGET_PAGE_SIZE,
  type Availability,
  type Facet,
  type Facets,
  type ProductCard,
  type SearchFlag,
  type SearchParams,
  type SearchResult,
  type SlideItem,
  type TitleDetail,
  type Widget,
  type WidgetPage,
} from '../../shared/catalog';
import { ratingAllowed, ratingsUpTo, type AgeRating } from '../../shared/kids';
import type { Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import type { AppContext } from '../context';
import { shownIn } from '../core/geo';
import {
  credits,
  episodes,
  festivalTitles,
  genres,
  people,
  productGenres,
  products,
  seasons,
} from '../db/schema';
import type { Db } from '../db/client';
import { openersOf } from '../playback';
import { goodsArtworkText } from '../shop';
import { artworkImage, type ArtworkText } from '../core/artwork';
import { cached } from './cache';
import { categoryName, CATEGORY_NAMES } from './categories';
import { readCuratedRows, readSlider } from './home-content';
import { normalizeSearchText } from './normalize';

type ProductRow = typeof products.$inferSelect;

const cardColumns = {
  id: products.id,
  kind: products.kind,
  slug: products.slug,
  titleFa: products.titleFa,
  titleEn: products.titleEn,
  releaseDate: products.releaseDate,
  artwork: products.artwork,
  isFree: products.isFree,
  audioTracks: products.audioTracks,
  subtitleLanguages: products.subtitleLanguages,
};
type CardRow = Pick<ProductRow, keyof typeof cardColumns>;

/** Cards in the order of `rows`, with their genre names (one query for all). */
async function toCards(db: Db, rows: CardRow[], locale: Locale): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ productId: productGenres.productId, nameFa: genres.nameFa, nameEn: genres.nameEn })
    .from(productGenres)
    .innerJoin(genres, eq(genres.id, productGenres.genreId))
    .where(
      inArray(
        productGenres.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(genres.id));
  const names = new Map<number, string[]>();
  for (const link of links) {
    const list = names.get(link.productId) ?? [];
    list.push(locale === 'fa' ? link.nameFa : link.nameEn);
    names.set(link.productId, list);
  }
  const opens = await openersOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.titleFa,
    en_title: row.titleEn,
    year: row.releaseDate ? Number(row.releaseDate.slice(0, 4)) : null,
    release_date: row.releaseDate,
    poster: artworkImage(row.artwork, 'poster'),
    href: titlePath(row.kind, row.id, locale),
    genres: names.get(row.id) ?? [],
    is_free: row.isFree,
    audio_tracks: row.audioTracks,
    subtitle_languages: row.subtitleLanguages,
    opens_with: opens.get(row.id) ?? [],
  }));
}

const newestFirst = [desc(products.publishedAt), desc(products.id)];

/**
 * A kids profile's limit (issue 29) as a condition on products: rated at or under it (unrated titles
 * are left out); nothing for everyone else. Lists take it as their last argument and key their cache
 * entries by it, so one profile's list is never another's.
 */
export type AgeLimit = AgeRating | null;

function ageWhere(limit: AgeLimit): SQL | undefined {
  return limit === null ? undefined : inArray(products.ageRating, ratingsUpTo(limit));
}

function ageKey(limit: AgeLimit): string {
  return limit === null ? '' : `:kids-${limit}`;
}

// ---------------------------------------------------------------------------------------------- home

interface WidgetSource {
  id: string;
  kind: Widget['kind'];
  title: { fa: string; en: string };
  /** One page of rows plus one more, to tell whether another page exists; `age` is a kids profile's limit. */
  fetch(db: Db, offset: number, limit: number, now: Date, age: AgeLimit): Promise<CardRow[]>;
}

function queryRows(where: SQL | undefined, order: SQL[] = newestFirst) {
  return (db: Db, offset: number, limit: number, _now: Date, age: AgeLimit) =>
    db
      .select(cardColumns)
      .from(products)
      .where(and(where, ageWhere(age)))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
}

async function widgetSources(ctx: AppContext): Promise<WidgetSource[]> {
  const db = ctx.database.db;
  const genreRows = await db.select().from(genres).orderBy(asc(genres.id));
  const curated = await readCuratedRows(ctx.config);
  const sources: WidgetSource[] = [];
  for (const row of curated) {
    sources.push({
      id: `curated-${row.id}`,
      kind: 'curated',
      title: row.title,
      fetch: async (database, offset, limit, _now, age) => {
        const slugs = row.slugs.slice(offset, offset + limit);
        if (slugs.length === 0) return [];
        const found = await database
          .select(cardColumns)
          .from(products)
          .where(and(inArray(products.slug, slugs), ageWhere(age)));
        // Marketing's order, not the database's.
        return slugs.flatMap((slug) => found.filter((item) => item.slug === slug));
      },
    });
  }
  sources.push({
    id: 'newest',
    kind: 'newest',
    title: { fa: 'تازه‌ترین‌ها', en: 'Newest' },
    fetch: queryRows(inArray(products.kind, ['film', 'series', 'music'])),
  });
  sources.push({
    id: 'screenings',
    kind: 'screenings',
    title: { fa: 'اکران آنلاین', en: 'Online screenings' },
    // Live and upcoming, soonest first; ended screenings leave the row.
    fetch: (database, offset, limit, now, age) =>
      database
        .select(cardColumns)
        .from(products)
        .where(and(eq(products.kind, 'screening'), gte(products.endsAt, now), ageWhere(age)))
        .orderBy(asc(products.startsAt), asc(products.id))
        .limit(limit)
        .offset(offset),
  });
  sources.push({
    id: 'festivals',
    kind: 'festivals',
    title: { fa: 'جشنواره‌ها', en: 'Festivals' },
    fetch: queryRows(eq(products.kind, 'festival')),
  });
  for (const genre of genreRows) {
    sources.push({
      id: `genre-${genre.slug}`,
      kind: 'genre',
      title: { fa: genre.nameFa, en: genre.nameEn },
      fetch: queryRows(
        and(
          ne(products.kind, 'festival'),
          sql`exists (select 1 from ${productGenres} where ${productGenres.productId} = ${products.id} and ${productGenres.genreId} = ${genre.id})`,
        ),
      ),
    });
  }
  return sources;
}

async function widgetPage(
  ctx: AppContext,
  source: WidgetSource,
  locale: Locale,
  page: number,
  age: AgeLimit,
): Promise<WidgetPage> {
  const offset = (page - 1) * WIDGET_PAGE_SIZE;
  const rows = await source.fetch(ctx.database.db, offset, WIDGET_PAGE_SIZE + 1, ctx.clock.now(), age);
  const items = await toCards(ctx.database.db, rows.slice(0, WIDGET_PAGE_SIZE), locale);
  return { items, page, has_more: rows.length > WIDGET_PAGE_SIZE };
}

/** The home page rows with their first page of items; empty rows are left out. */
export function getHomeWidgets(ctx: AppContext, locale: Locale, age: AgeLimit = null): Promise<Widget[]> {
  return cached(ctx, `widgets:${locale}${ageKey(age)}`, async () => {
    const widgets: Widget[] = [];
    for (const source of await cached(ctx, 'widget-sources', () => widgetSources(ctx))) {
      const first = await widgetPage(ctx, source, locale, 1, age);
      if (first.items.length === 0) continue;
      widgets.push({
        id: source.id,
        title: source.title.fa,
        en_title: source.title.en,
        kind: source.kind,
        items: first.items,
        has_more: first.has_more,
      });
    }
    return widgets;
  });
}

/** One page of one home row; null for an unknown row id (not cached, so made-up ids cost no memory). */
export async function getWidgetItems(
  ctx: AppContext,
  widgetId: string,
  locale: Locale,
  page: number,
  age: AgeLimit = null,
): Promise<WidgetPage | null> {
  const sources = await cached(ctx, 'widget-sources', () => widgetSources(ctx));
  const source = sources.find((candidate) => candidate.id === widgetId);
  if (!source) return null;
  return cached(ctx, `widget:${widgetId}:${locale}:${page}${ageKey(age)}`, () =>
    widgetPage(ctx, source, locale, page, age),
  );
}

/** The slides marketing lists in src/content/home/slider.json, with their covers. */
export function getHomeSlider(ctx: AppContext, locale: Locale, age: AgeLimit = null): Promise<SlideItem[]> {
  return cached(ctx, `slider:${locale}${ageKey(age)}`, async () => {
    const { slides } = await readSlider(ctx.config);
    if (slides.length === 0) return [];
    const rows = await ctx.database.db
      .select()
      .from(products)
      .where(
        inArray(
          products.slug,
          slides.map((slide) => slide.slug),
        ),
      );
    return slides.flatMap((slide) => {
      const row = rows.find((candidate) => candidate.slug === slide.slug);
      if (!row || !ratingAllowed(age, row.ageRating)) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          title: row.titleFa,
          en_title: row.titleEn,
          tagline: slide.tagline?.fa ?? row.synopsisFa,
          en_tagline: slide.tagline?.en ?? row.synopsisEn,
          cover: artworkImage(row.artwork, 'cover'),
          href: titlePath(row.kind, row.id, locale),
        },
      ];
    });
  });
}

// --------------------------------------------------------------------------------------------- title

type CachedTitle = Omit<TitleDetail, 'availability' | 'live'> & { kindRow: ProductRow };

function liveState(row: ProductRow, now: Date): TitleDetail['live'] {
  if (row.kind !== 'screening' || !row.startsAt || !row.endsAt) return null;
  if (now >= row.endsAt) return 'ended';
  return now >= row.startsAt ? 'live' : 'upcoming';
}

/** Whether a visitor from `country` may watch now (an unknown country is outside every region). */
export function availabilityOf(row: ProductRow, country: string | null, now: Date): Availability {
  if (!shownIn(row.regions, country)) return 'region';
  if (
    (row.availableFrom && row.availableFrom > now) ||
    (row.kind === 'screening' && row.startsAt && row.startsAt > now)
  )
    return 'not_yet';
  if ((row.availableUntil && row.availableUntil <= now) || (row.endsAt && row.endsAt <= now)) return 'ended';
  return 'ok';
}

async function loadTitle(ctx: AppContext, id: number, locale: Locale): Promise<CachedTitle | null> {
  const db = ctx.database.db;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const [card] = await toCards(db, [row], locale);
  const genreList = await db
    .select({ id: genres.id, slug: genres.slug, name: genres.nameFa, en_name: genres.nameEn })
    .from(productGenres)
    .innerJoin(genres, eq(genres.id, productGenres.genreId))
    .where(eq(productGenres.productId, id))
    .orderBy(asc(genres.id));
  const creditRows = await db
    .select({ role: credits.role, id: people.id, name: people.nameFa, en_name: people.nameEn })
    .from(credits)
    .innerJoin(people, eq(people.id, credits.personId))
    .where(eq(credits.productId, id))
    .orderBy(asc(credits.position), asc(people.id));
  const creditsByRole: TitleDetail['credits'] = { director: [], writer: [], producer: [], other: [] };
  for (const { role, ...person } of creditRows) creditsByRole[role].push(person);

  const seasonRows = await db
    .select()
    .from(seasons)
    .where(eq(seasons.productId, id))
    .orderBy(asc(seasons.number));
  const episodeRows = seasonRows.length
    ? await db
        .select()
        .from(episodes)
        .where(
          inArray(
            episodes.seasonId,
            seasonRows.map((season) => season.id),
          ),
        )
        .orderBy(asc(episodes.number))
    : [];
  const festivalRows = await db
    .select(cardColumns)
    .from(festivalTitles)
    .innerJoin(products, eq(products.id, festivalTitles.productId))
    .where(eq(festivalTitles.festivalId, id))
    .orderBy(asc(festivalTitles.position));
  // Related: the same kind sharing a genre, newest first; festivals relate to other festivals.
  const relatedRows = await db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        ne(products.id, id),
        eq(products.kind, row.kind),
        genreList.length
          ? sql`exists (select 1 from ${productGenres} where ${productGenres.productId} = ${products.id} and ${inArray(
              productGenres.genreId,
              genreList.map((genre) => genre.id),
            )})`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(8);

  return {
    ...card!,
    kindRow: row,
    synopsis: row.synopsisFa,
    en_synopsis: row.synopsisEn,
    cover: artworkImage(row.artwork, 'cover'),
    category: {
      slug: row.category,
      name: categoryName(row.category).fa,
      en_name: categoryName(row.category).en,
    },
    genre_list: genreList.map(({ slug, name, en_name }) => ({ slug, name, en_name })),
    duration_minutes: row.durationMinutes,
    country: row.country,
    age_rating: row.ageRating,
    regions: row.regions,
    available_from: row.availableFrom?.toISOString() ?? null,
    available_until: row.availableUntil?.toISOString() ?? null,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    credits: creditsByRole,
    seasons: seasonRows.map((season) => ({
      id: season.id,
      number: season.number,
      title: season.titleFa,
      en_title: season.titleEn,
      episodes: episodeRows
        .filter((episode) => episode.seasonId === season.id)
        .map((episode) => ({
          id: episode.id,
          number: episode.number,
          title: episode.titleFa,
          en_title: episode.titleEn,
          synopsis: episode.synopsisFa,
          en_synopsis: episode.synopsisEn,
          duration_minutes: episode.durationMinutes,
          audio_tracks: episode.audioTracks,
        })),
    })),
    festival_titles: await toCards(db, festivalRows, locale),
    related: await toCards(db, relatedRows, locale),
  };
}

/**
 * A title page's data, or null for an unknown id. Everything but availability and live state is
 * cached; those two depend on the visitor's country and the time.
 */
export async function getTitle(
  ctx: AppContext,
  id: number,
  locale: Locale,
  visitor: { country: string | null },
): Promise<TitleDetail | null> {
  const title = await cached(ctx, `title:${id}:${locale}`, () => loadTitle(ctx, id, locale));
  if (!title) return null;
  const { kindRow, ...detail } = title;
  const now = ctx.clock.now();
  return {
    ...detail,
    live: liveState(kindRow, now),
    availability: availabilityOf(kindRow, visitor.country, now),
  };
}

/** What the artwork route needs to draw a key's pictures (titles' and the shop's goods'); undefined for unknown keys. */
export function artworkTextOf(ctx: AppContext, key: string): Promise<ArtworkText | undefined> {
  return cached(ctx, `artwork:${key}`, async () => {
    const [row] = await ctx.database.db
      .select({ titleFa: products.titleFa, titleEn: products.titleEn })
      .from(products)
      .where(eq(products.artwork, key))
      .limit(1);
    return row ?? (await goodsArtworkText(ctx.database.db, key));
  });
}

// -------------------------------------------------------------------------------------------- search

/** `LIKE` pattern for a literal substring. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** What each yes/no filter of search asks of a title (shared/catalog.ts searchFlags). */
const flagConditions: Record<SearchFlag, () => SQL> = {
  has_subtitle: () => sql`cardinality(${products.subtitleLanguages}) > 0`,
  // A Persian dub: what "dubbed" (دوبله) means to viewers here.
  dubbed: () => sql`${products.audioTracks} @> ${JSON.stringify([{ lang: 'fa', kind: 'dub' }])}::jsonb`,
};

/** The filters that are on, once each and in one order (the cache key holds them). */
const searchFlagsOf = (params: SearchParams): SearchFlag[] =>
  (Object.keys(flagConditions) as SearchFlag[]).filter((flag) => params.flags?.includes(flag));

/** A year means its first or last day; an ISO date is taken as it is. */
function dateBound(value: string, side: 'from' | 'to'): string {
  if (value.length > 4) return value;
  return side === 'from' ? `${value}-01-01` : `${value}-12-31`;
}

/**
 * Every query word must occur in products.search_text (both normalised, see normalize.ts); a plain
 * LIKE scan is fine for a catalogue of this size (a pg_trgm GIN index on search_text is the step for
 * scale). Titles starting with the query come first, then newest releases.
 */
export function searchCatalog(
  ctx: AppContext,
  params: SearchParams,
  locale: Locale,
  age: AgeLimit = null,
): Promise<SearchResult> {
  const query = normalizeSearchText(params.q ?? '');
  // Cached per normalised query: every spelling of a title shares one entry.
  const key = JSON.stringify([
    locale,
    query,
    params.kind ?? null,
    params.genre ?? null,
    params.category ?? null,
    params.from ?? null,
    params.to ?? null,
    searchFlagsOf(params),
    params.page ?? 1,
    age,
  ]);
  return cached(ctx, `search:${key}`, () => runSearch(ctx, query, params, locale, age));
}

async function runSearch(
  ctx: AppContext,
  query: string,
  params: SearchParams,
  locale: Locale,
  age: AgeLimit,
): Promise<SearchResult> {
  const db = ctx.database.db;
  const words = query ? query.split(' ') : [];
  const conditions: SQL[] = words.map((word) => sql`${products.searchText} like ${containing(word)}`);
  if (params.kind) conditions.push(eq(products.kind, params.kind));
  if (params.genre)
    conditions.push(
      sql`exists (select 1 from ${productGenres} join ${genres} on ${genres.id} = ${productGenres.genreId} where ${productGenres.productId} = ${products.id} and ${genres.slug} = ${params.genre})`,
    );
  if (params.category) conditions.push(eq(products.category, params.category));
  if (params.from) conditions.push(gte(products.releaseDate, dateBound(params.from, 'from')));
  if (params.to) conditions.push(lte(products.releaseDate, dateBound(params.to, 'to')));
  for (const flag of searchFlagsOf(params)) conditions.push(flagConditions[flag]());
  const ageCondition = ageWhere(age);
  if (ageCondition) conditions.push(ageCondition);
  const where = conditions.length ? and(...conditions) : undefined;

  const page = params.page ?? 1;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(where);
  // search_text starts with `titleFa|titleEn|`: a title prefix match ranks first.
  const prefix = `${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const order = [sql`${products.releaseDate} desc nulls last`, desc(products.id)];
  if (query)
    order.unshift(
      sql`case when split_part(${products.searchText}, '|', 1) like ${prefix} or split_part(${products.searchText}, '|', 2) like ${prefix} then 0 else 1 end`,
    );
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
  return {
    items: await toCards(db, rows, locale),
    total,
    page,
    pages: Math.ceil(total / SEARCH_PAGE_SIZE),
  };
}

/** Genres and the categories in use, for the search filters (both languages, so the locale is unused). */
export function listFacets(ctx: AppContext, _locale: Locale): Promise<Facets> {
  return cached(ctx, 'facets', async () => {
    const db = ctx.database.db;
    const genreRows = await db.select().from(genres).orderBy(asc(genres.id));
    const used = new Set(
      (await db.selectDistinct({ category: products.category }).from(products)).map((row) => row.category),
    );
    const categories: Facet[] = Object.entries(CATEGORY_NAMES)
      .filter(([slug]) => used.has(slug))
      .map(([slug, name]) => ({ slug, name: name.fa, en_name: name.en }));
    return {
      genres: genreRows.map((genre) => ({ slug: genre.slug, name: genre.nameFa, en_name: genre.nameEn })),
      categories,
    };
  });
}

/** Cards for the given product ids, in that order (unknown ids skipped); for favorites and other lists. */
export async function getProductCards(
  ctx: AppContext,
  ids: number[],
  locale: Locale,
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.database.db.select(cardColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toCards(
    ctx.database.db,
    ids.flatMap((id) => byId.get(id) ?? []),
    locale,
  );
}
