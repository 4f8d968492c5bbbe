import type { AstroGlobal } from 'astro';
import { t } from '~/i18n';
import { buyLabelKey, titleIdOf } from '~/lib/catalog';
import { ipUrlsOf } from '~/lib/player/streaming-ip';
import { localPath, type Locale } from '~/lib/locale';
import { festivalPlayRoute, titleBuyPath, titlePath } from '~/lib/routes';
import { getTitle } from '~/server/catalog';
import { getRuntime } from '~/server/runtime';
import { locatePageVisitor } from '~/server/web/visitor';
import type { ArtworkImage, TitleDetail } from '~/shared/catalog';
import type { PlayerOffer, PlayerPageKind } from '~/shared/playback';

/** What the server renders of a player page before any script runs. */
export interface PlayerPageData {
  kind: PlayerPageKind;
  productId: number | null;
  episodeId: number | null;
  title: string;
  cover: ArtworkImage | null;
  /** The title page (ways to watch, the back link), or home on ticket pages. */
  titleHref: string;
  startsAt: string | null;
  serverNow: number;
  ipUrls: string[];
  /** The route without /en, for the alternate-language links. */
  route: string;
  /** What a 402 offers: the title page opening its purchase dialog at once (null: nothing sold here). */
  offer: PlayerOffer | null;
  /** The title has several audio tracks: the player fetches the hls.js build that plays them. */
  alternateAudio: boolean;
  /** An ended screening's catch-up: its chat replays beside the player (decision record 0055). */
  chatReplay: boolean;
}

/** The purchase that gives access to a title. */
function offerOf(detail: TitleDetail, locale: Locale): PlayerOffer {
  const label = t(locale, buyLabelKey(detail.kind, detail.opens_with));
  return { href: titleBuyPath(detail.kind, detail.id, locale), label };
}

/**
 * /play?festival=ID: the festival ticket page told which festival (its "watch"), which plays the
 * festival for a pass holder and offers the pass to anyone else; null when the id names no festival.
 */
async function festivalPage(
  astro: AstroGlobal,
  locale: Locale,
  common: Pick<PlayerPageData, 'serverNow' | 'ipUrls'>,
): Promise<PlayerPageData | null> {
  const id = titleIdOf(astro.url.searchParams.get('festival') ?? undefined);
  if (id === null) return null;
  const { ctx } = await getRuntime();
  const { country } = locatePageVisitor(ctx, astro);
  const detail = await getTitle(ctx, id, locale, { country });
  if (!detail || detail.kind !== 'festival') return null;
  return {
    kind: 'ticket',
    productId: detail.id,
    episodeId: null,
    title: locale === 'fa' ? detail.title : detail.en_title,
    cover: detail.cover,
    titleHref: titlePath(detail.kind, detail.id, locale),
    startsAt: null,
    ...common,
    route: festivalPlayRoute(detail.id),
    offer: offerOf(detail, locale),
    alternateAudio: false,
    chatReplay: false,
  };
}

/**
 * A player page's title and artwork, or null for an unknown id (or, on the screening page, a title
 * that is not a screening). Called by the page itself: the 404 status must be set before streaming.
 * `catchUp`: a screening's catch-up page (`/lives/play/catch-up/[id]`), played as a title, with its chat.
 */
export async function loadPlayerPage(
  astro: AstroGlobal,
  locale: Locale,
  kind: PlayerPageKind,
  { catchUp = false }: { catchUp?: boolean } = {},
): Promise<PlayerPageData | null> {
  const { ctx } = await getRuntime();
  const serverNow = ctx.clock.now().getTime();
  // Handed to the page at request time rather than baked into the bundle, so a deployment can point
  // the streaming IP lookups elsewhere without a build.
  const ipUrls = ipUrlsOf(ctx.config.streamingIpUrls);
  if (kind === 'ticket') {
    const festival = await festivalPage(astro, locale, { serverNow, ipUrls });
    if (festival) return festival;
  }
  if (kind === 'ticket' || kind === 'live-ticket') {
    return {
      kind,
      productId: null,
      episodeId: null,
      title: '',
      cover: null,
      titleHref: localPath('/', locale),
      startsAt: null,
      serverNow,
      ipUrls,
      route: kind === 'ticket' ? '/play' : '/lives/play',
      offer: null,
      alternateAudio: false,
      chatReplay: false,
    };
  }
  const id = titleIdOf(astro.params['id']);
  if (id === null) return null;
  const { country } = locatePageVisitor(ctx, astro);
  const detail = await getTitle(ctx, id, locale, { country });
  if (!detail || detail.kind === 'festival') return null;
  // A screening plays live (its own page), or as a title on its catch-up page only; the trailer and
  // the self-test work for any title.
  const screening = detail.kind === 'screening';
  if ((kind === 'live' && !screening) || (kind === 'title' && screening !== catchUp)) return null;
  const episode = titleIdOf(astro.url.searchParams.get('episode') ?? undefined);
  const prefix = catchUp
    ? '/lives/play/catch-up'
    : { title: '/play', preview: '/play-preview', test: '/playtest', live: '/lives/play' }[kind];
  return {
    kind,
    productId: detail.id,
    episodeId: kind === 'title' ? episode : null,
    title: locale === 'fa' ? detail.title : detail.en_title,
    cover: detail.cover,
    titleHref: titlePath(detail.kind, detail.id, locale),
    startsAt: detail.starts_at ?? null,
    serverNow,
    ipUrls,
    route: `${prefix}/${detail.id}`,
    // Nothing is sold for a catch-up: its tickets were sold for the screening.
    offer: (kind === 'title' && !catchUp) || kind === 'live' ? offerOf(detail, locale) : null,
    // Trailers carry their sound inside the video.
    alternateAudio: kind !== 'preview' && kind !== 'test' && detail.audio_tracks.length > 1,
    chatReplay: catchUp,
  };
}
