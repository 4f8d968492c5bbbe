import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { PlayInfo } from '../../shared/playback';
import type { Authenticated } from '../auth';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  episodes,
  festivalTitles,
  productMedia,
  products,
  profiles,
  seasons,
  watchPositions,
} from '../db/schema';
import { notFound } from '../errors';
import { ageLimitOf, assertRatingAllowed, notOnProfile, preferencesOf, titleAllowed } from '../users';
import { readManifest, signedPlayback, signedTrailer, type MediaManifest, type SignedStream } from '../media';
import {
  authorizePlay,
  heldEntitlement,
  loadTicket,
  loadTitle,
  loadViewer,
  type AccessAsk,
  type Denial,
  type TicketFacts,
} from './access';
import { findTicket, openTicketSession, type TicketSessionRow } from './tickets';

/** Who asks to play: an account's session, a ticket's limited session, or nobody. */
export interface PlayViewer {
  auth: Authenticated | null;
  ticketSession: TicketSessionRow | null;
  clientAddress: string;
  locale: Locale;
}

export interface PlayRequest {
  /** Null with a ticket code: the ticket's screening, or the first title of its festival. */
  productId: number | null;
  episodeId: number | null;
  ticketCode: string | null;
  streamingIp: string | null;
  /** /live-play-info: screenings only. */
  live: boolean;
}

export type PlayResult =
  { ok: true; info: PlayInfo } | { ok: false; denial: Denial; startsAt?: Date | null; ask?: AccessAsk };

interface EpisodeRow {
  id: number;
  season: number;
  number: number;
  title: string;
  en_title: string;
}

async function seriesEpisodes(db: Db, seriesId: number): Promise<EpisodeRow[]> {
  return db
    .select({
      id: episodes.id,
      season: seasons.number,
      number: episodes.number,
      title: episodes.titleFa,
      en_title: episodes.titleEn,
    })
    .from(episodes)
    .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
    .where(eq(seasons.productId, seriesId))
    .orderBy(asc(seasons.number), asc(episodes.number));
}

async function savedPosition(db: Db, profileId: number | null, productId: number) {
  if (profileId === null) return null;
  const [row] = await db
    .select()
    .from(watchPositions)
    .where(and(eq(watchPositions.profileId, profileId), eq(watchPositions.productId, productId)));
  return row ?? null;
}

/**
 * The profile's "play the next episode by itself" setting (on without a profile: a ticket's session)
 * and its audio and subtitle preferences (none without a profile: the player's defaults).
 */
async function profileSettings(db: Db, profileId: number | null) {
  const [row] = profileId === null ? [] : await db.select().from(profiles).where(eq(profiles.id, profileId));
  return { autoplayNext: row?.autoplayNext ?? true, preferences: row ? preferencesOf(row) : null };
}

/**
 * Asked for by its own id without a ticket, a festival is watched with its pass: the programme's first
 * title may be free or in a subscription, but "watch" on the festival's page offers the pass to anyone
 * without one (a 402, or a 401 to log in first), as the player's offer does for any title.
 */
async function festivalPassDenial(
  ctx: AppContext,
  festivalId: number,
  viewer: PlayViewer,
  streamingIp: string | null,
  now: Date,
): Promise<Denial | null> {
  const festival = await loadTitle(ctx.database.db, festivalId, true);
  if (!festival) return null;
  const userId = viewer.auth?.user.id ?? null;
  const facts = await loadViewer(
    ctx,
    festival,
    { userId, clientAddress: viewer.clientAddress, streamingIp, presentedTicket: null },
    now,
  );
  if (heldEntitlement(festival, facts, now)) return null;
  return userId === null ? 'unauthenticated' : 'needs_access';
}

/** A festival plays the first title of its programme; its tickets cover every title of it. */
async function firstProgrammeTitle(db: Db, festivalId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: festivalTitles.productId })
    .from(festivalTitles)
    .where(eq(festivalTitles.festivalId, festivalId))
    .orderBy(asc(festivalTitles.position))
    .limit(1);
  return row?.id ?? null;
}

async function mediaRow(db: Db, productId: number, episodeId: number | null) {
  const [row] = await db
    .select({ asset: productMedia.asset, trailer: productMedia.trailerAsset })
    .from(productMedia)
    .where(
      and(
        eq(productMedia.productId, productId),
        episodeId === null ? isNull(productMedia.episodeId) : eq(productMedia.episodeId, episodeId),
      ),
    );
  return row ?? null;
}

const subtitleLabels = { fa: { fa: 'فارسی', en: 'Persian' }, en: { fa: 'انگلیسی', en: 'English' } } as const;

function streamOf(
  signed: SignedStream,
  locale: Locale,
  audio: MediaManifest['audio'] = [],
): PlayInfo['stream'] {
  return {
    master: signed.master,
    audio: audio.map((track) => ({ lang: track.lang, kind: track.kind, default: track.default })),
    // Subtitles in the page's language are on by default (Persian on Persian pages).
    subtitles: signed.subtitles.map((subtitle) => ({
      lang: subtitle.lang,
      label: subtitleLabels[subtitle.lang][locale],
      url: subtitle.url,
      default: subtitle.lang === locale,
    })),
    thumbnails: signed.thumbnails,
    expires_at: signed.expires_at,
  };
}

/**
 * GET /play-info and /live-play-info: decides access (src/server/playback/access.ts), applies the
 * play's one-time effects, and answers what the player needs: signed URLs, resume position, markers,
 * the next episode, and `auth` when a ticket code without login opened a limited session.
 */
export async function getPlayInfo(
  ctx: AppContext,
  viewer: PlayViewer,
  request: PlayRequest,
): Promise<PlayResult> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  let ticket: TicketFacts | null = null;
  if (request.ticketCode !== null) {
    ticket = await findTicket(ctx, request.ticketCode, viewer.clientAddress);
    if (!ticket) return { ok: false, denial: 'ticket_invalid' };
  } else if (viewer.ticketSession) {
    ticket = await loadTicket(db, { id: viewer.ticketSession.ticketId });
  }

  let productId = request.productId ?? ticket?.productId ?? null;
  if (productId === null) throw notFound('product_not_found');
  let [product] = await db.select().from(products).where(eq(products.id, productId));
  if (product?.kind === 'festival') {
    const denial = ticket
      ? null
      : await festivalPassDenial(ctx, product.id, viewer, request.streamingIp, now);
    if (denial) return { ok: false, denial };
    const first = await firstProgrammeTitle(db, product.id);
    [product] = first === null ? [] : await db.select().from(products).where(eq(products.id, first));
  }
  if (!product || (request.live && product.kind !== 'screening')) throw notFound('product_not_found');
  productId = product.id;
  // A kids profile plays only titles at or under its rating (issue 29): 403, never a 404.
  assertRatingAllowed(await ageLimitOf(db, viewer.auth?.session.profileId ?? null), product.ageRating);

  const profileId = viewer.auth?.session.profileId ?? null;
  const [saved, settings] = await Promise.all([
    savedPosition(db, profileId, productId),
    profileSettings(db, profileId),
  ]);
  let episode: EpisodeRow | null = null;
  let nextEpisode: EpisodeRow | null = null;
  if (product.kind === 'series') {
    const list = await seriesEpisodes(db, productId);
    let index: number;
    if (request.episodeId !== null) {
      index = list.findIndex((row) => row.id === request.episodeId);
      if (index < 0) throw notFound('episode_not_found');
    } else {
      // Resume where the profile is; once that episode was watched, go on to the next one.
      const at = list.findIndex((row) => row.id === saved?.episodeId);
      index = at < 0 ? 0 : saved?.watched && at + 1 < list.length ? at + 1 : at;
    }
    episode = list[index] ?? null;
    nextEpisode = list[index + 1] ?? null;
  }

  const media = await mediaRow(db, productId, episode?.id ?? null);
  const manifest = media?.asset ? await readManifest(ctx, media.asset) : null;
  const title = await loadTitle(db, productId, manifest !== null);
  if (!title) throw notFound('product_not_found');
  const decision = await authorizePlay(
    ctx,
    title,
    {
      userId: viewer.auth?.user.id ?? null,
      clientAddress: viewer.clientAddress,
      streamingIp: request.streamingIp,
      presentedTicket: ticket,
    },
    now,
    // A screening's own live address ends with it; its catch-up is asked for as a title.
    !request.live,
  );
  if (!decision.ok) return decision;
  // Narrowing only: without a manifest the decision above was `no_media`.
  if (!media?.asset || !manifest) return { ok: false, denial: 'no_media' };

  let ticketSessionId = viewer.ticketSession?.id ?? null;
  let auth: PlayInfo['auth'];
  const usedTicket = decision.grant.ticket;
  if (usedTicket && !viewer.auth && viewer.ticketSession?.ticketId !== usedTicket.id) {
    const opened = await openTicketSession(ctx, usedTicket, viewer.clientAddress);
    ticketSessionId = opened.id;
    auth = { me: opened.me, token: opened.token };
  }

  // After its end a screening plays as its catch-up: the package on demand, from the start.
  const live = product.kind === 'screening' && product.startsAt && product.endsAt && now < product.endsAt;
  const signed = signedPlayback(
    ctx,
    {
      asset: media.asset,
      productId,
      sessionId: viewer.auth?.session.id ?? null,
      ticketSessionId,
      ...(live ? { live: { startsAt: product.startsAt!, endsAt: product.endsAt! } } : {}),
    },
    now,
    manifest,
  );
  const [card] = await getProductCards(ctx, [productId], viewer.locale);
  const sameItem = saved !== null && (episode === null || saved.episodeId === episode.id);
  return {
    ok: true,
    info: {
      product: card!,
      episode,
      stream: streamOf(signed, viewer.locale, manifest.audio),
      duration: manifest.duration,
      resume_at: sameItem && !saved.watched && !live ? saved.positionSeconds : 0,
      watched: sameItem && saved.watched,
      // A screening runs for everyone at once: its intro is not skipped (the player offers no button).
      markers: { intro: live ? null : manifest.intro, credits: manifest.credits },
      next_episode: nextEpisode,
      autoplay_next: nextEpisode !== null && settings.autoplayNext,
      preferences: settings.preferences,
      live: live
        ? {
            starts_at: product.startsAt!.toISOString(),
            ends_at: product.endsAt!.toISOString(),
            now: now.toISOString(),
          }
        : null,
      preview: false,
      ...(auth ? { auth } : {}),
    },
  };
}

/** GET /play-preview-info/{id}: the trailer, for anyone; 204 when the title has none. */
export async function getPreviewInfo(
  ctx: AppContext,
  productId: number,
  locale: Locale,
  profileId: number | null,
): Promise<PlayResult> {
  const db = ctx.database.db;
  const [card] = await getProductCards(ctx, [productId], locale);
  if (!card) throw notFound('product_not_found');
  // Trailers are for anyone but a kids profile, for a title above its rating (issue 29).
  if (!(await titleAllowed(db, await ageLimitOf(db, profileId), productId))) throw notOnProfile();
  const media = await mediaRow(db, productId, null);
  const manifest = media?.trailer ? await readManifest(ctx, media.trailer) : null;
  if (!media?.trailer || !manifest?.trailer) return { ok: false, denial: 'no_media' };
  const signed = signedTrailer(ctx, media.trailer, productId, ctx.clock.now());
  return {
    ok: true,
    info: {
      product: card,
      episode: null,
      stream: streamOf(signed, locale),
      duration: manifest.trailer.duration,
      resume_at: 0,
      watched: false,
      markers: { intro: null, credits: null },
      next_episode: null,
      autoplay_next: false,
      preferences: null,
      live: null,
      preview: true,
    },
  };
}
