import { and, asc, avg, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { AwardResultsBody, AwardSettingsBody } from '../../shared/award';
import { announceCatalogueChange, catalogueChanged } from '../catalog/changes';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { paymentRefunds } from '../db/refunds-schema';
import {
  awardVotes,
  cafeSessions,
  cafeTickets,
  festivalAwards,
  festivalTitles,
  products,
  profiles,
  tickets,
  watchPositions,
} from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';

const HOUR_MS = 3_600_000;

/** The festival (404 when the id is not one). */
async function loadFestival(ctx: AppContext, festivalId: number) {
  const [festival] = await ctx.database.db
    .select({ id: products.id, endsAt: products.endsAt, availableUntil: products.availableUntil })
    .from(products)
    .where(and(eq(products.id, festivalId), eq(products.kind, 'festival')));
  if (!festival) throw notFound();
  return festival;
}

/** PUT /staff/festivals/{id}/award: runs the award, or changes its window and share (results kept). */
export async function setAward(
  ctx: AppContext,
  festivalId: number,
  settings: AwardSettingsBody,
  locale: Locale,
): Promise<AwardResultsBody> {
  await loadFestival(ctx, festivalId);
  const row = {
    windowHours: settings.window_hours,
    minWatchedPercent: settings.min_watched_percent,
    updatedAt: ctx.clock.now(),
  };
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(festivalAwards)
      .values({ festivalId, ...row })
      .onConflictDoUpdate({ target: festivalAwards.festivalId, set: row });
    await announceCatalogueChange(tx);
  });
  catalogueChanged(ctx);
  return awardResults(ctx, festivalId, locale, true);
}

/** POST /staff/festivals/{id}/award/publish: the results shown on the festival page, or hidden again. */
export async function publishAward(
  ctx: AppContext,
  festivalId: number,
  published: boolean,
  locale: Locale,
): Promise<AwardResultsBody> {
  // The festival page is cached with the catalogue: the change empties every instance's copy.
  const row = await ctx.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(festivalAwards)
      .set({ publishedAt: published ? ctx.clock.now() : null, updatedAt: ctx.clock.now() })
      .where(eq(festivalAwards.festivalId, festivalId))
      .returning({ festivalId: festivalAwards.festivalId });
    if (updated) await announceCatalogueChange(tx);
    return updated;
  });
  if (!row) throw notFound('award_not_running');
  catalogueChanged(ctx);
  return awardResults(ctx, festivalId, locale, true);
}

/**
 * The results by title, in programme order: live for staff, and for everyone once published (404
 * before, so the page shows nothing rather than a partial count).
 */
export async function awardResults(
  ctx: AppContext,
  festivalId: number,
  locale: Locale,
  staff: boolean,
): Promise<AwardResultsBody> {
  const db = ctx.database.db;
  const [award] = await db.select().from(festivalAwards).where(eq(festivalAwards.festivalId, festivalId));
  if (!award || (!staff && !award.publishedAt)) throw notFound('award_not_running');
  const rows = await db
    .select({
      productId: festivalTitles.productId,
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      votes: count(awardVotes.id),
      average: avg(awardVotes.rating),
    })
    .from(festivalTitles)
    .innerJoin(products, eq(products.id, festivalTitles.productId))
    .leftJoin(
      awardVotes,
      and(eq(awardVotes.festivalId, festivalId), eq(awardVotes.productId, festivalTitles.productId)),
    )
    .where(eq(festivalTitles.festivalId, festivalId))
    .groupBy(festivalTitles.productId, festivalTitles.position, products.titleFa, products.titleEn)
    .orderBy(asc(festivalTitles.position), asc(festivalTitles.productId));
  return {
    festival_id: festivalId,
    window_hours: award.windowHours,
    min_watched_percent: award.minWatchedPercent,
    published_at: award.publishedAt?.toISOString() ?? null,
    titles: rows.map((row) => ({
      product_id: row.productId,
      title: locale === 'fa' ? row.titleFa : row.titleEn,
      votes: Number(row.votes),
      average: row.average === null ? null : Math.round(Number(row.average) * 100) / 100,
    })),
  };
}

/** A ticket whose payment was refunded (in part or whole, or waiting at the gateway) gives no vote. */
function notRefunded(paymentRef: typeof tickets.paymentRef | typeof cafeTickets.paymentId) {
  return sql`not exists (select 1 from ${paymentRefunds} where ${paymentRefunds.paymentId}::text = ${paymentRef}::text and ${paymentRefunds.status} <> 'refused')`;
}

/** A right to vote on the title: which ticket, and when its screening ended (null: no set end). */
interface VoteRight {
  ticketId: number | null;
  cafeTicketId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/**
 * The viewer's rights to vote on a festival title: the festival's pass or the title's own ticket when
 * one of the account's profiles watched at least the award's share of the title (its saved watch
 * time), and every cafe ticket of the title checked in at the door. Refunded tickets give none.
 */
async function voteRights(
  ctx: AppContext,
  userId: number,
  festival: { id: number; endsAt: Date | null; availableUntil: Date | null },
  productId: number,
  minWatchedPercent: number,
): Promise<VoteRight[]> {
  const db = ctx.database.db;
  const [title] = await db
    .select({ startsAt: products.startsAt, endsAt: products.endsAt })
    .from(products)
    .where(eq(products.id, productId));
  const [watched] = await db
    .select({ profileId: watchPositions.profileId })
    .from(watchPositions)
    .innerJoin(profiles, eq(profiles.id, watchPositions.profileId))
    .where(
      and(
        eq(profiles.userId, userId),
        eq(watchPositions.productId, productId),
        or(
          eq(watchPositions.watched, true),
          sql`${watchPositions.positionSeconds} * 100 >= ${watchPositions.durationSeconds} * ${minWatchedPercent}`,
        ),
        sql`${watchPositions.durationSeconds} > 0`,
      ),
    )
    .limit(1);
  const online = watched
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.ownerUserId, userId),
            inArray(tickets.productId, [festival.id, productId]),
            notRefunded(tickets.paymentRef),
          ),
        )
        .orderBy(asc(tickets.id))
    : [];
  const cafe = await db
    .select({ id: cafeTickets.id, startsAt: cafeSessions.startsAt, endsAt: cafeSessions.endsAt })
    .from(cafeTickets)
    .innerJoin(cafeSessions, eq(cafeSessions.id, cafeTickets.sessionId))
    .where(
      and(
        eq(cafeTickets.ownerUserId, userId),
        eq(cafeSessions.productId, productId),
        isNotNull(cafeTickets.checkedInAt),
        notRefunded(cafeTickets.paymentId),
      ),
    )
    .orderBy(asc(cafeTickets.id));
  const onlineEnd = title?.endsAt ?? festival.endsAt ?? festival.availableUntil;
  return [
    ...online.map((row) => ({
      ticketId: row.id,
      cafeTicketId: null,
      startsAt: title?.startsAt ?? null,
      endsAt: onlineEnd,
    })),
    ...cafe.map((row) => ({
      ticketId: null,
      cafeTicketId: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    })),
  ];
}

/**
 * POST /festivals/{id}/award/votes: the viewer rates a title once per ticket, within the window after
 * its screening (409 before it starts, 410 once closed). The unique indexes decide between two votes
 * sent at once: the second finds its ticket taken and answers 409.
 */
export async function castVote(
  ctx: AppContext,
  userId: number,
  festivalId: number,
  vote: { product_id: number; rating: number },
): Promise<void> {
  if (vote.rating < 1 || vote.rating > 5) throw invalidFields({ rating: 'award_rating_invalid' });
  const festival = await loadFestival(ctx, festivalId);
  const db = ctx.database.db;
  const [award] = await db.select().from(festivalAwards).where(eq(festivalAwards.festivalId, festivalId));
  if (!award) throw notFound('award_not_running');
  const [inProgramme] = await db
    .select({ productId: festivalTitles.productId })
    .from(festivalTitles)
    .where(and(eq(festivalTitles.festivalId, festivalId), eq(festivalTitles.productId, vote.product_id)));
  if (!inProgramme) throw notFound('award_not_in_festival');
  const rights = await voteRights(ctx, userId, festival, vote.product_id, award.minWatchedPercent);
  if (rights.length === 0) throw new DomainError('forbidden', 'award_not_eligible');
  const now = ctx.clock.now();
  const open = rights.filter(
    (right) =>
      (right.startsAt === null || right.startsAt <= now) &&
      (right.endsAt === null || now.getTime() < right.endsAt.getTime() + award.windowHours * HOUR_MS),
  );
  if (open.length === 0) {
    const started = rights.some((right) => right.startsAt === null || right.startsAt <= now);
    throw started ? new DomainError('gone', 'award_closed') : new DomainError('conflict', 'award_not_open');
  }
  for (const right of open) {
    const [inserted] = await db
      .insert(awardVotes)
      .values({
        festivalId,
        productId: vote.product_id,
        ticketId: right.ticketId,
        cafeTicketId: right.cafeTicketId,
        userId,
        rating: vote.rating,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: awardVotes.id });
    if (inserted) return;
  }
  throw new DomainError('conflict', 'award_already_voted');
}

/**
 * In a refund's transaction (commerce/refunds.ts): the votes given by the payment's tickets (a
 * festival pass, a screening ticket, cafe seats) no longer count. Answers how many went.
 */
export async function removeVotesOfPayment(tx: DbTransaction, paymentId: number): Promise<number> {
  const gone = await tx
    .delete(awardVotes)
    .where(
      or(
        inArray(
          awardVotes.ticketId,
          tx
            .select({ id: tickets.id })
            .from(tickets)
            .where(eq(tickets.paymentRef, String(paymentId))),
        ),
        inArray(
          awardVotes.cafeTicketId,
          tx.select({ id: cafeTickets.id }).from(cafeTickets).where(eq(cafeTickets.paymentId, paymentId)),
        ),
      ),
    )
    .returning({ id: awardVotes.id });
  return gone.length;
}

/** What the festival page shows of its award: nothing when none runs, the results once published. */
export async function awardOnPage(
  ctx: AppContext,
  festivalId: number,
  locale: Locale,
): Promise<{ windowHours: number; minWatchedPercent: number; results: AwardResultsBody | null } | null> {
  const [award] = await ctx.database.db
    .select()
    .from(festivalAwards)
    .where(eq(festivalAwards.festivalId, festivalId));
  if (!award) return null;
  return {
    windowHours: award.windowHours,
    minWatchedPercent: award.minWatchedPercent,
    results: award.publishedAt ? await awardResults(ctx, festivalId, locale, false) : null,
  };
}
