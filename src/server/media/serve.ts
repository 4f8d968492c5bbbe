import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { DomainError, notFound } from '../errors';
import { canFetchKey } from '../playback';
import { CONTENT_TYPES, classifyMediaPath, type MediaFileKind } from './files';
import { liveWindow, renderLivePlaylist } from './live';
import { assetDir, loadMediaPlaylist } from './packages';
import { mediaSecret } from './secret';
import { verifyToken, type MediaToken } from './signing';

/** Where signed media URLs start; the token segment follows, then the file inside the package. */
export const MEDIA_HLS_BASE = '/api/v1/media/hls';

export type MediaFileResponse =
  | { status: 200 | 206; body: Uint8Array<ArrayBuffer> | string; headers: Record<string, string> }
  /** A screening that is over: the router answers 410 with the screening_ended message. */
  | { status: 410 };

function openToken(ctx: AppContext, text: string, now: Date): MediaToken {
  const check = verifyToken(mediaSecret(ctx.config), text, now);
  if (check.ok) return check.token;
  throw new DomainError(
    'forbidden',
    check.reason === 'expired' ? 'media_link_expired' : 'media_link_invalid',
  );
}

/** A screening's playlists and key exist only while it runs. Null when on air, else the refusal. */
function offAir(token: MediaToken, now: Date): MediaFileResponse | null {
  if (!token.live) return null;
  const seconds = now.getTime() / 1000;
  if (seconds < token.live.start) {
    throw new DomainError('forbidden', 'screening_not_started', {
      extra: { starts_at: new Date(token.live.start * 1000).toISOString() },
    });
  }
  if (seconds >= token.live.end) return { status: 410 };
  return null;
}

/**
 * Cache rules: segments, subtitles and thumbnails never change under a URL, so the browser keeps
 * them while the signature lasts; playlists are short-lived (the key URL inside them is signed),
 * live ones are revalidated on every reload.
 */
function cacheControl(kind: MediaFileKind, token: MediaToken, now: Date): string {
  if (kind === 'master' || kind === 'variant' || kind === 'subtitle-playlist') {
    return token.live ? 'private, no-cache' : 'private, max-age=60';
  }
  const left = Math.max(0, Math.min(86400, token.exp - Math.floor(now.getTime() / 1000)));
  return `private, max-age=${left}, immutable`;
}

/** Points the packaged `#EXT-X-KEY` URI placeholder at the signed key URL of this token. */
function withKeyUrl(keyLine: string, tokenText: string): string {
  return keyLine.replace(/URI="[^"]*"/, `URI="${MEDIA_HLS_BASE}/${tokenText}/key"`);
}

async function readPackageFile(dir: string, file: string): Promise<Buffer> {
  try {
    return await readFile(path.join(dir, file));
  } catch {
    throw notFound();
  }
}

async function playlistBody(
  dir: string,
  file: string,
  kind: MediaFileKind,
  token: MediaToken,
  tokenText: string,
  now: Date,
): Promise<string> {
  if (kind === 'variant') {
    const playlist = await loadMediaPlaylist(path.join(dir, file)).catch(() => {
      throw notFound();
    });
    if (token.live) {
      const window = liveWindow(playlist, new Date(token.live.start * 1000), now);
      const keyLine = playlist.keyLine && withKeyUrl(playlist.keyLine, tokenText);
      return renderLivePlaylist(window, playlist.targetDuration, keyLine);
    }
    const text = (await readPackageFile(dir, file)).toString('utf8');
    return playlist.keyLine ? text.replace(playlist.keyLine, withKeyUrl(playlist.keyLine, tokenText)) : text;
  }
  const text = (await readPackageFile(dir, file)).toString('utf8');
  // Live: subtitle cue times follow the package, not the screening clock, so they are left out.
  if (kind === 'master' && token.live) {
    return text
      .split('\n')
      .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
      .map((line) => line.replace(/,SUBTITLES="[^"]*"/, ''))
      .join('\n');
  }
  return text;
}

/**
 * A single `bytes=a-b` range (what video elements and hls.js send). Anything else, unsatisfiable
 * ranges included, is ignored and answered with the whole file, as HTTP allows.
 */
function byteRange(range: string | undefined, size: number): [number, number] | null {
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? null : [start, end];
}

/** Answers `GET /media/hls/<token>/<file>`: 403 for a bad or expired token, 404 for any other file. */
export async function serveMediaFile(
  ctx: AppContext,
  tokenText: string,
  file: string,
  now: Date,
  range?: string,
): Promise<MediaFileResponse> {
  const token = openToken(ctx, tokenText, now);
  const kind = classifyMediaPath(file, token.scope);
  const dir = kind && (await assetDir(ctx.config, token.asset));
  if (!kind || !dir) throw notFound();
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[kind],
    'Cache-Control': cacheControl(kind, token, now),
  };
  if (kind === 'master' || kind === 'variant' || kind === 'subtitle-playlist') {
    const ended = offAir(token, now);
    if (ended) return ended;
    return { status: 200, body: await playlistBody(dir, file, kind, token, tokenText, now), headers };
  }
  const bytes = await readPackageFile(dir, file);
  headers['Accept-Ranges'] = 'bytes';
  const slice = kind === 'segment' ? byteRange(range, bytes.length) : null;
  if (!slice) return { status: 200, body: new Uint8Array(bytes), headers };
  headers['Content-Range'] = `bytes ${slice[0]}-${slice[1]}/${bytes.length}`;
  return { status: 206, body: new Uint8Array(bytes.subarray(slice[0], slice[1] + 1)), headers };
}

/**
 * Answers `GET /media/hls/<token>/key`: the 16-byte AES key, only if the access rules still let this
 * session (or ticket session) play the title from this address right now.
 */
export async function serveMediaKey(
  ctx: AppContext,
  tokenText: string,
  clientAddress: string,
  now: Date,
): Promise<MediaFileResponse> {
  const token = openToken(ctx, tokenText, now);
  const dir = token.scope === 'full' ? await assetDir(ctx.config, token.asset) : null;
  if (!dir) throw notFound();
  const ended = offAir(token, now);
  if (ended) return ended;
  const allowed = await canFetchKey(ctx, {
    productId: token.productId,
    sessionId: token.sessionId,
    ticketSessionId: token.ticketSessionId,
    clientAddress,
    now,
  });
  if (!allowed) throw new DomainError('forbidden', 'media_key_refused');
  const key = await readPackageFile(dir, 'key.bin');
  return {
    status: 200,
    body: new Uint8Array(key),
    headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' },
  };
}
