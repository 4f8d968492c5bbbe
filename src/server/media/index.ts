import { locales, type Locale } from '../../lib/locale';
import type { AppContext } from '../context';
import { assetHome, packageManifest, type MediaManifest } from './packages';
import { mediaSecret } from './secret';
import { MEDIA_HLS_BASE } from './serve';
import { signToken, type MediaToken } from './signing';

export type { MediaManifest, MediaRendition } from './packages';
export { filePart } from './conditional';
export {
  MEDIA_HLS_BASE,
  answerFromMemory,
  answerMediaFile,
  authorizeMediaFiles,
  serveMediaFile,
  serveMediaKey,
  type MediaAnswer,
  type MediaFileResponse,
} from './serve';

/** What the access check decided; signed into the URL. */
export interface PlaybackGrant {
  /** The package's name (media/<asset>/ in the storage, or MEDIA_DIR/demo/<asset>). */
  asset: string;
  productId: number;
  /** Null for trailers (anonymous). */
  sessionId: number | null;
  /** A limited ticket session, if that is who plays. */
  ticketSessionId?: number | null;
  /** Screenings: the server derives a live playlist from the clock. */
  live?: { startsAt: Date; endsAt: Date };
}

export interface SignedStream {
  master: string;
  subtitles: { lang: Locale; url: string }[];
  /** thumbs.vtt; the sprite it names is fetched relative to it, under the same signature. */
  thumbnails: string | null;
  expires_at: string;
}

/** The package's manifest, or null when the asset id names no package. */
export async function readManifest(ctx: AppContext, asset: string): Promise<MediaManifest | null> {
  const home = await assetHome(ctx, asset);
  return home ? packageManifest(home) : null;
}

function sign(ctx: AppContext, token: Omit<MediaToken, 'exp'>, now: Date): { base: string; expires: Date } {
  const exp = Math.floor(now.getTime() / 1000) + ctx.config.mediaUrlTtlSeconds;
  const signed = signToken(mediaSecret(ctx.config), { ...token, exp });
  return { base: `${MEDIA_HLS_BASE}/${signed}`, expires: new Date(exp * 1000) };
}

/**
 * Signed URLs of a title for the grant, valid for MEDIA_URL_TTL_SECONDS. Pass the manifest (from
 * readManifest) to list only the subtitles the package has; without it fa and en are assumed. A
 * screening gets a live master and neither subtitles nor seek thumbnails (a live stream has no
 * timeline to seek on, and the VOD cue times do not match the live clock).
 */
export function signedPlayback(
  ctx: AppContext,
  grant: PlaybackGrant,
  now: Date,
  manifest?: Pick<MediaManifest, 'subtitles'>,
): SignedStream {
  const live = grant.live
    ? {
        start: Math.floor(grant.live.startsAt.getTime() / 1000),
        end: Math.floor(grant.live.endsAt.getTime() / 1000),
      }
    : null;
  const { base, expires } = sign(
    ctx,
    {
      asset: grant.asset,
      productId: grant.productId,
      sessionId: grant.sessionId,
      ticketSessionId: grant.ticketSessionId ?? null,
      scope: 'full',
      live,
    },
    now,
  );
  const langs = live ? [] : (manifest?.subtitles ?? locales);
  return {
    master: `${base}/master.m3u8`,
    subtitles: langs.map((lang) => ({ lang, url: `${base}/subs/${lang}.vtt` })),
    thumbnails: live ? null : `${base}/thumbs/thumbs.vtt`,
    expires_at: expires.toISOString(),
  };
}

/** The clear preview ladder, for anyone (no session): its token opens nothing outside trailer/. */
export function signedTrailer(ctx: AppContext, asset: string, productId: number, now: Date): SignedStream {
  const { base, expires } = sign(
    ctx,
    { asset, productId, sessionId: null, ticketSessionId: null, scope: 'trailer', live: null },
    now,
  );
  return {
    master: `${base}/trailer/master.m3u8`,
    subtitles: [],
    thumbnails: null,
    expires_at: expires.toISOString(),
  };
}

// What other rooms use (decision record 0038).
export { mediaJobOf } from './packaging-jobs';
export { mediaTypeOf, receiveUpload } from './uploads';
