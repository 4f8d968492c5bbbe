import { and, asc, desc, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import { titlePath } from '../../lib/routes';
import type { Locale } from '../../lib/locale';
import type { ProductKind } from '../../shared/catalog';
import type { CatalogueOptions, StaffTitle, StaffTitlePage, TitleInput } from '../../shared/staff-catalogue';
import { ageRatings } from '../../shared/staff-catalogue-constants';
import type { AppContext } from '../context';
import type { Db, DbTransaction } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import {
  creditRoles,
  credits,
  episodes,
  festivalTitles,
  genres,
  mediaJobs,
  people,
  productGenres,
  productMedia,
  productPrices,
  productSales,
  products,
  seasons,
} from '../db/schema';
import { invalidFields, notFound } from '../errors';
import { hasVideo } from '../commerce';
import { mediaJobOf } from '../media';
import { recordAudit } from '../core/audit';
import { artworkImage } from '../core/artwork';
import { CATEGORY_NAMES } from './categories';
import { announceCatalogueChange, catalogueChanged } from './changes';
import { searchTextOf } from './search-text';
import { normalizeSearchText } from './normalize';

/**
 * Titles written from the staff console (issue 17, docs/decisions/0031): every kind, with genres,
 * credits, seasons and episodes, festival programmes, regions, windows, how it is sold and its prices.
 * Each write is one transaction that also records the audit entry and announces the change, so every
 * instance drops what it cached about the catalogue once the write is committed.
 */

const PAGE_SIZE = 20;

type Document = Omit<TitleInput, 'seasons'> & {
  seasons: (TitleInput['seasons'][number] & {
    id: number;
    episodes: (TitleInput['seasons'][number]['episodes'][number] & { id: number; asset: string | null })[];
  })[];
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const date = (value: string | null) => (value ? new Date(value) : null);

/** The title as the form edits it (and as the audit log keeps it before and after). */
async function loadDocument(
  db: Db | DbTransaction,
  id: number,
): Promise<(Document & { artwork: string; publishedAt: Date }) | null> {
  const [row] = await db
    .select({ product: products, sale: productSales, price: productPrices })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.id, id));
  if (!row) return null;
  const p = row.product;
  const [genreRows, creditRows, seasonRows, programmeRows] = await Promise.all([
    db
      .select({ slug: genres.slug })
      .from(productGenres)
      .innerJoin(genres, eq(genres.id, productGenres.genreId))
      .where(eq(productGenres.productId, id))
      .orderBy(asc(genres.slug)),
    db
      .select({ role: credits.role, name: people.nameFa, en_name: people.nameEn })
      .from(credits)
      .innerJoin(people, eq(people.id, credits.personId))
      .where(eq(credits.productId, id))
      .orderBy(asc(credits.role), asc(credits.position)),
    db.select().from(seasons).where(eq(seasons.productId, id)).orderBy(asc(seasons.number)),
    db
      .select({ id: festivalTitles.productId })
      .from(festivalTitles)
      .where(eq(festivalTitles.festivalId, id))
      .orderBy(asc(festivalTitles.position)),
  ]);
  const episodeRows = seasonRows.length
    ? await db
        .select({ episode: episodes, asset: productMedia.asset })
        .from(episodes)
        .leftJoin(productMedia, eq(productMedia.episodeId, episodes.id))
        .where(
          inArray(
            episodes.seasonId,
            seasonRows.map((season) => season.id),
          ),
        )
        .orderBy(asc(episodes.number))
    : [];
  return {
    kind: p.kind,
    slug: p.slug,
    title: p.titleFa,
    en_title: p.titleEn,
    synopsis: p.synopsisFa,
    en_synopsis: p.synopsisEn,
    category: p.category,
    release_date: p.releaseDate,
    duration_minutes: p.durationMinutes,
    country: p.country,
    age_rating: (ageRatings as readonly string[]).includes(p.ageRating ?? '')
      ? (p.ageRating as TitleInput['age_rating'])
      : null,
    subtitle_languages: p.subtitleLanguages.filter(
      (lang): lang is 'fa' | 'en' => lang === 'fa' || lang === 'en',
    ),
    regions: p.regions,
    is_free: p.isFree,
    available_from: iso(p.availableFrom),
    available_until: iso(p.availableUntil),
    starts_at: iso(p.startsAt),
    ends_at: iso(p.endsAt),
    genres: genreRows.map((genre) => genre.slug),
    credits: creditRows,
    seasons: seasonRows.map((season) => ({
      id: season.id,
      number: season.number,
      title: season.titleFa,
      en_title: season.titleEn,
      episodes: episodeRows
        .filter(({ episode }) => episode.seasonId === season.id)
        .map(({ episode, asset }) => ({
          id: episode.id,
          number: episode.number,
          title: episode.titleFa,
          en_title: episode.titleEn,
          synopsis: episode.synopsisFa,
          en_synopsis: episode.synopsisEn,
          duration_minutes: episode.durationMinutes,
          asset,
        })),
    })),
    programme: programmeRows.map((entry) => entry.id),
    sale: {
      in_subscription: row.sale?.inSubscription ?? true,
      purchasable: row.sale?.purchasable ?? true,
      price_irr: row.price?.priceIrr ?? null,
      price_usd: row.price?.priceUsd ?? null,
    },
    artwork: p.artwork,
    publishedAt: p.publishedAt,
  };
}

/** GET /staff/catalogue/titles/{id}: the title as the console edits it, with its media and uploads. */
export async function getStaffTitle(ctx: AppContext, id: number, locale: Locale): Promise<StaffTitle> {
  const db = ctx.database.db;
  const document = await loadDocument(db, id);
  if (!document) throw notFound();
  const [media] = await db
    .select({ asset: productMedia.asset })
    .from(productMedia)
    .where(and(eq(productMedia.productId, id), isNull(productMedia.episodeId)));
  const jobs = await db
    .select()
    .from(mediaJobs)
    .where(eq(mediaJobs.productId, id))
    .orderBy(desc(mediaJobs.createdAt), desc(mediaJobs.id))
    .limit(20);
  const { artwork, publishedAt, ...fields } = document;
  return {
    ...fields,
    id,
    href: titlePath(document.kind, id, locale),
    poster: artworkImage(artwork, 'poster'),
    cover: artworkImage(artwork, 'cover'),
    asset: media?.asset ?? null,
    media_jobs: jobs.map(mediaJobOf),
    not_on_sale: !document.is_free && !(await hasVideo(ctx, { id, kind: document.kind })) ? 'no_video' : null,
    published_at: publishedAt.toISOString(),
  };
}

/** GET /staff/catalogue/titles: newest first, found by any words of either title, people or genres. */
export async function listStaffTitles(
  ctx: AppContext,
  query: { q?: string | undefined; kind?: ProductKind | undefined; page: number },
): Promise<StaffTitlePage> {
  const words = normalizeSearchText(query.q ?? '')
    .split(' ')
    .filter(Boolean);
  const rows = await ctx.database.db
    .select({
      id: products.id,
      kind: products.kind,
      slug: products.slug,
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      artwork: products.artwork,
      publishedAt: products.publishedAt,
      asset: productMedia.asset,
    })
    .from(products)
    .leftJoin(productMedia, and(eq(productMedia.productId, products.id), isNull(productMedia.episodeId)))
    .where(
      and(
        query.kind ? eq(products.kind, query.kind) : undefined,
        ...words.map((word) => like(products.searchText, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
      ),
    )
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    titles: rows.slice(0, PAGE_SIZE).map((row) => ({
      id: row.id,
      kind: row.kind,
      slug: row.slug,
      title: row.titleFa,
      en_title: row.titleEn,
      poster: artworkImage(row.artwork, 'poster'),
      playable: row.asset !== null,
      published_at: row.publishedAt.toISOString(),
    })),
    page: query.page,
    has_more: rows.length > PAGE_SIZE,
  };
}

/** GET /staff/catalogue/options: what the form's choices are. */
export async function catalogueOptions(ctx: AppContext): Promise<CatalogueOptions> {
  const genreRows = await ctx.database.db.select().from(genres).orderBy(asc(genres.slug));
  return {
    genres: genreRows.map((genre) => ({ slug: genre.slug, name: genre.nameFa, en_name: genre.nameEn })),
    categories: Object.entries(CATEGORY_NAMES).map(([slug, name]) => ({
      slug,
      name: name.fa,
      en_name: name.en,
    })),
    credit_roles: [...creditRoles],
    age_ratings: [...ageRatings],
  };
}

/** Refuses references the form cannot know are wrong: unknown category, genres, programme titles, slug. */
async function checkReferences(tx: DbTransaction, input: TitleInput, id: number | null) {
  if (!Object.hasOwn(CATEGORY_NAMES, input.category)) throw invalidFields({ category: 'invalid_choice' });
  const genreRows = input.genres.length
    ? await tx.select().from(genres).where(inArray(genres.slug, input.genres))
    : [];
  if (genreRows.length !== new Set(input.genres).size) throw invalidFields({ genres: 'invalid_choice' });
  if (input.programme.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, input.programme), ne(products.kind, 'festival')));
    if (found.length !== new Set(input.programme).size || (id !== null && input.programme.includes(id))) {
      throw invalidFields({ programme: 'programme_unknown' });
    }
  }
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, input.slug), id === null ? undefined : ne(products.id, id)));
  if (taken) throw invalidFields({ slug: 'slug_taken' });
  return genreRows;
}

function productValues(input: TitleInput, genreNames: string[]) {
  return {
    slug: input.slug,
    kind: input.kind,
    titleFa: input.title,
    titleEn: input.en_title,
    synopsisFa: input.synopsis,
    synopsisEn: input.en_synopsis,
    category: input.category,
    releaseDate: input.release_date,
    durationMinutes: input.duration_minutes,
    country: input.country,
    ageRating: input.age_rating,
    subtitleLanguages: [...new Set(input.subtitle_languages)],
    regions: [...new Set(input.regions)],
    isFree: input.is_free,
    availableFrom: date(input.available_from),
    availableUntil: date(input.available_until),
    startsAt: date(input.starts_at),
    endsAt: date(input.ends_at),
    searchText: searchTextOf(
      { fa: input.title, en: input.en_title, category: input.category },
      input.credits.flatMap((credit) => [credit.name, credit.en_name]),
      genreNames,
    ),
  };
}

/** A person is known by both spellings of the name; a new pair is a new person. */
async function personId(tx: DbTransaction, name: string, enName: string): Promise<number> {
  const [found] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.nameFa, name), eq(people.nameEn, enName)))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(people)
    .values({ nameFa: name, nameEn: enName })
    .returning({ id: people.id });
  return made!.id;
}

async function writeCredits(tx: DbTransaction, id: number, input: TitleInput) {
  await tx.delete(credits).where(eq(credits.productId, id));
  const rows = new Map<string, typeof credits.$inferInsert>();
  const positions = new Map<string, number>();
  for (const credit of input.credits) {
    const person = await personId(tx, credit.name, credit.en_name);
    const key = `${person}:${credit.role}`;
    if (rows.has(key)) continue;
    const position = positions.get(credit.role) ?? 0;
    positions.set(credit.role, position + 1);
    rows.set(key, { productId: id, personId: person, role: credit.role, position });
  }
  if (rows.size) await tx.insert(credits).values([...rows.values()]);
}

/**
 * Seasons and episodes are matched by number, so an edit keeps their ids (and with them the videos,
 * watch positions and reports that name an episode); those no longer listed are deleted.
 */
async function writeSeasons(tx: DbTransaction, id: number, input: TitleInput) {
  const existing = await tx.select().from(seasons).where(eq(seasons.productId, id));
  const keep = new Set(input.seasons.map((season) => season.number));
  const gone = existing.filter((season) => !keep.has(season.number)).map((season) => season.id);
  if (gone.length) await tx.delete(seasons).where(inArray(seasons.id, gone));
  for (const season of input.seasons) {
    const [row] = await tx
      .insert(seasons)
      .values({ productId: id, number: season.number, titleFa: season.title, titleEn: season.en_title })
      .onConflictDoUpdate({
        target: [seasons.productId, seasons.number],
        set: { titleFa: season.title, titleEn: season.en_title },
      })
      .returning({ id: seasons.id });
    const seasonId = row!.id;
    const numbers = season.episodes.map((episode) => episode.number);
    await tx
      .delete(episodes)
      .where(
        and(
          eq(episodes.seasonId, seasonId),
          numbers.length ? sql`${episodes.number} <> all(${sql.param(numbers)}::int[])` : undefined,
        ),
      );
    for (const episode of season.episodes) {
      const values = {
        titleFa: episode.title,
        titleEn: episode.en_title,
        synopsisFa: episode.synopsis,
        synopsisEn: episode.en_synopsis,
        durationMinutes: episode.duration_minutes,
      };
      await tx
        .insert(episodes)
        .values({ seasonId, number: episode.number, ...values })
        .onConflictDoUpdate({ target: [episodes.seasonId, episodes.number], set: values });
    }
  }
}

async function writeSale(tx: DbTransaction, id: number, input: TitleInput) {
  const sale = { inSubscription: input.sale.in_subscription, purchasable: input.sale.purchasable };
  await tx
    .insert(productSales)
    .values({ productId: id, ...sale })
    .onConflictDoUpdate({ target: productSales.productId, set: sale });
  const { price_irr: priceIrr, price_usd: priceUsd } = input.sale;
  if (priceIrr === null || priceUsd === null) {
    await tx.delete(productPrices).where(eq(productPrices.productId, id));
    return;
  }
  await tx
    .insert(productPrices)
    .values({ productId: id, priceIrr, priceUsd })
    .onConflictDoUpdate({ target: productPrices.productId, set: { priceIrr, priceUsd } });
}

async function writeRelations(tx: DbTransaction, id: number, input: TitleInput, genreIds: number[]) {
  await tx.delete(productGenres).where(eq(productGenres.productId, id));
  if (genreIds.length)
    await tx.insert(productGenres).values(genreIds.map((genreId) => ({ productId: id, genreId })));
  await writeCredits(tx, id, input);
  await writeSeasons(tx, id, input);
  await tx.delete(festivalTitles).where(eq(festivalTitles.festivalId, id));
  const programme = [...new Set(input.programme)];
  if (programme.length) {
    await tx
      .insert(festivalTitles)
      .values(programme.map((productId, position) => ({ festivalId: id, productId, position })));
  }
  await writeSale(tx, id, input);
}

const auditView = (document: Awaited<ReturnType<typeof loadDocument>>) => {
  if (!document) return null;
  const { publishedAt: _publishedAt, ...rest } = document;
  return rest;
};

/** POST /staff/catalogue/titles. */
export async function createTitle(
  ctx: AppContext,
  actorId: number,
  input: TitleInput,
  locale: Locale,
): Promise<StaffTitle> {
  const id = await ctx.database.db.transaction(async (tx) => {
    const genreRows = await checkReferences(tx, input, null);
    const [row] = await tx
      .insert(products)
      .values({
        ...productValues(
          input,
          genreRows.map((genre) => `${genre.nameFa} ${genre.nameEn}`),
        ),
        artwork: input.slug,
        publishedAt: ctx.clock.now(),
      })
      // Another save may have taken the slug since checkReferences looked.
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (!row) throw invalidFields({ slug: 'slug_taken' });
    const productId = row.id;
    await writeRelations(
      tx,
      productId,
      input,
      genreRows.map((genre) => genre.id),
    );
    await recordAudit(tx, {
      actorId,
      action: 'title.create',
      targetType: 'title',
      targetId: String(productId),
      before: null,
      after: auditView(await loadDocument(tx, productId)),
    });
    await announceCatalogueChange(tx);
    return productId;
  });
  catalogueChanged(ctx);
  return getStaffTitle(ctx, id, locale);
}

/** PUT /staff/catalogue/titles/{id}: the whole title; its kind stays what it was made as. */
export async function updateTitle(
  ctx: AppContext,
  actorId: number,
  id: number,
  input: TitleInput,
  locale: Locale,
): Promise<StaffTitle> {
  await ctx.database.db.transaction(async (tx) => {
    // Locks the row, so two staff saving at once write one after the other and both audit entries
    // show the state each really replaced.
    const [locked] = await tx
      .select({ kind: products.kind })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!locked) throw notFound();
    if (locked.kind !== input.kind) throw invalidFields({ kind: 'kind_fixed' });
    const before = auditView(await loadDocument(tx, id));
    const genreRows = await checkReferences(tx, input, id);
    await tx
      .update(products)
      .set(
        productValues(
          input,
          genreRows.map((genre) => `${genre.nameFa} ${genre.nameEn}`),
        ),
      )
      .where(eq(products.id, id))
      .catch((error: unknown) => {
        // Another save took the slug since checkReferences looked (the unique index says so).
        if (isUniqueViolation(error)) throw invalidFields({ slug: 'slug_taken' });
        throw error;
      });
    await writeRelations(
      tx,
      id,
      input,
      genreRows.map((genre) => genre.id),
    );
    await recordAudit(tx, {
      actorId,
      action: 'title.update',
      targetType: 'title',
      targetId: String(id),
      before,
      after: auditView(await loadDocument(tx, id)),
    });
    await announceCatalogueChange(tx);
  });
  catalogueChanged(ctx);
  return getStaffTitle(ctx, id, locale);
}
