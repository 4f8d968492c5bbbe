import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../context';
import { DomainError, notFound } from '../errors';
import { canFetchKey } from '../playback';
import { contentKey } from './content-keys';
import { filePart, type FileConditions } from './conditional';
import { keptMediaFile, mediaFile, type MediaFile } from './file-cache';
import { CONTENT_TYPES, classifyMediaPath, type MediaFileKind } from './files';
import { LIVE_LOOKAHEAD_SEGMENTS, LIVE_WINDOW_SEGMENTS, liveWindow, renderLivePlaylist } from './live';
import { assetHome, knownAssetHome, loadMediaPlaylist, type PackageHome } from './packages';
import { mediaSecret } from './secret';
import { verifyToken, type MediaToken } from './signing';

/** Where signed media URLs start; the token segment follows, then the file inside the package. */
export const MEDIA_HLS_BASE = '/api/v1/media/hls';

export type MediaFileResponse =
  | { status: 200 | 206; body: Uint8Array<ArrayBuffer> | string; headers: Record<string, string> }
  | { status: 304; headers: Record<string, string> }
  /** A screening that is over: the router answers 410 with the screening_ended message. */
  | { status: 410 };

/** What a signed file URL names, before the request's conditions and range are applied. */
export type MediaAnswer =
  | { status: 200; headers: Record<string, string>; file: MediaFile }
  | { status: 200; headers: Record<string, string>; text: string }
  | { status: 410 };

/** Verified tokens by their text: a viewer's token is checked once, then only its expiry. */
const verified = new Map<string, { secret: string; token: MediaToken }>();
const VERIFIED_LIMIT = 50_000;

/** The token if it was verified before and has not expired since; undefined otherwise. */
function rememberedToken(ctx: AppContext, text: string, now: Date): MediaToken | undefined {
  const known = verified.get(text);
  if (known && known.secret === mediaSecret(ctx.config) && known.token.exp * 1000 > now.getTime()) {
    return known.token;
  }
  return undefined;
}

function openToken(ctx: AppContext, text: string, now: Date): MediaToken {
  const remembered = rememberedToken(ctx, text, now);
  if (remembered) return remembered;
  const secret = mediaSecret(ctx.config);
  const check = verifyToken(secret, text, now);
  if (check.ok) {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(text, { secret, token: check.token });
    return check.token;
  }
  throw new DomainError(
    'forbidden',
    check.reason === 'expired' ? 'media_link_expired' : 'media_link_invalid',
  );
}

/** A screening's playlists and key exist only while it runs. Null when on air, else the refusal. */
function offAir(token: MediaToken, now: Date): { status: 410 } | null {
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
  if (isPlaylist(kind)) return token.live ? 'private, no-cache' : 'private, max-age=60';
  const left = Math.max(0, Math.min(86400, token.exp - Math.floor(now.getTime() / 1000)));
  return `private, max-age=${left}, immutable`;
}

const isPlaylist = (kind: MediaFileKind) =>
  kind === 'master' || kind === 'variant' || kind === 'subtitle-playlist';

function packageFile(ctx: AppContext, home: PackageHome, file: string): Promise<MediaFile> {
  return mediaFile(ctx.config.mediaCacheBytes, home.storage, `${home.prefix}${file}`).catch(() => {
    throw notFound();
  });
}

async function packageText(ctx: AppContext, home: PackageHome, file: string): Promise<string> {
  const found = await packageFile(ctx, home, file);
  return (found.body ?? (await found.storage.read(found.key))).toString('utf8');
}

/**
 * A variant playlist cut around the token in its key URL: the only part that differs per viewer, so
 * one template serves every viewer and each answer is two concatenations.
 */
interface KeyedPlaylist {
  before: string;
  after: string;
}

function keyedPlaylist(text: string, keyLine: string | null): KeyedPlaylist {
  if (!keyLine) return { before: text, after: '' };
  const at = text.indexOf(keyLine);
  const uri = /URI="[^"]*"/.exec(keyLine)!;
  return {
    before: `${text.slice(0, at)}${keyLine.slice(0, uri.index)}URI="${MEDIA_HLS_BASE}/`,
    after: `/key"${keyLine.slice(uri.index + uri[0].length)}${text.slice(at + keyLine.length)}`,
  };
}

const withToken = (playlist: KeyedPlaylist, tokenText: string) =>
  playlist.after ? `${playlist.before}${tokenText}${playlist.after}` : playlist.before;

/** Packaged playlists as templates, by file. Packages never change in place. */
const vodPlaylists = new Map<string, KeyedPlaylist>();

interface LiveEdition extends KeyedPlaylist {
  /** The span of the clock this window is current for: the segment playing now. */
  from: number;
  until: number;
}

/**
 * The live window of a screening's variant, by file and start: computed once per segment duration and
 * shared by every viewer of the screening (only the token in the key URL is theirs).
 */
const liveEditions = new Map<string, LiveEdition>();
const LIVE_EDITIONS_LIMIT = 1_000;

const editionKey = (home: PackageHome, file: string, start: number) =>
  `${home.storage.location}\0${home.prefix}${file}\0${start}`;

/** The kept window if it is the current one at `now`. */
function currentEdition(home: PackageHome, file: string, start: number, now: Date): LiveEdition | undefined {
  const edition = liveEditions.get(editionKey(home, file, start));
  const ms = now.getTime();
  return edition && edition.from <= ms && ms < edition.until ? edition : undefined;
}

async function liveVariant(
  home: PackageHome,
  file: string,
  live: { start: number; end: number },
  now: Date,
): Promise<LiveEdition> {
  const { start } = live;
  const current = currentEdition(home, file, start, now);
  if (current) return current;
  const key = editionKey(home, file, start);
  const edition = liveEditions.get(key);
  const playlist = await loadMediaPlaylist(home, file).catch(() => {
    throw notFound();
  });
  const window = liveWindow(
    playlist,
    new Date(start * 1000),
    now,
    LIVE_WINDOW_SEGMENTS,
    LIVE_LOOKAHEAD_SEGMENTS,
    new Date(live.end * 1000),
  );
  const text = renderLivePlaylist(window, playlist.targetDuration, playlist.keyLine);
  const fresh: LiveEdition = {
    ...keyedPlaylist(text, playlist.keyLine),
    from: window.since.getTime(),
    until: window.changesAt.getTime(),
  };
  if (!edition && liveEditions.size >= LIVE_EDITIONS_LIMIT)
    liveEditions.delete(liveEditions.keys().next().value!);
  liveEditions.set(key, fresh);
  return fresh;
}

async function playlistText(
  ctx: AppContext,
  home: PackageHome,
  file: string,
  kind: MediaFileKind,
  token: MediaToken,
  tokenText: string,
  now: Date,
): Promise<string> {
  if (kind === 'variant' && token.live) {
    return withToken(await liveVariant(home, file, token.live, now), tokenText);
  }
  if (kind === 'variant') {
    const where = `${home.storage.location}\0${home.prefix}${file}`;
    let template = vodPlaylists.get(where);
    if (!template) {
      const playlist = await loadMediaPlaylist(home, file).catch(() => {
        throw notFound();
      });
      const text = await packageText(ctx, home, file);
      template = keyedPlaylist(text, playlist.keyLine);
      vodPlaylists.set(where, template);
    }
    return withToken(template, tokenText);
  }
  const text = await packageText(ctx, home, file);
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

const headersOf = (kind: MediaFileKind, token: MediaToken, now: Date): Record<string, string> => ({
  'Content-Type': CONTENT_TYPES[kind],
  'Cache-Control': cacheControl(kind, token, now),
});

function fileAnswer(kind: MediaFileKind, token: MediaToken, now: Date, file: MediaFile): MediaAnswer {
  const headers = headersOf(kind, token, now);
  headers['Accept-Ranges'] = 'bytes';
  headers['ETag'] = file.etag;
  headers['Last-Modified'] = file.lastModified;
  return { status: 200, file, headers };
}

/**
 * What `GET /media/hls/<token>/<file>` names: a playlist's text or a package file, with the headers
 * every answer of it carries. Throws 403 for a bad or expired token, 404 for any other file; 410 for
 * the playlists of a screening that is over. Both the API route and server.mjs's door answer from it.
 */
export async function answerMediaFile(
  ctx: AppContext,
  tokenText: string,
  file: string,
  now: Date,
): Promise<MediaAnswer> {
  const token = openToken(ctx, tokenText, now);
  const kind = classifyMediaPath(file, token.scope);
  const home = kind && (await assetHome(ctx, token.asset));
  if (!kind || !home) throw notFound();
  if (isPlaylist(kind)) {
    const ended = offAir(token, now);
    if (ended) return ended;
    const text = await playlistText(ctx, home, file, kind, token, tokenText, now);
    return { status: 200, text, headers: headersOf(kind, token, now) };
  }
  return fileAnswer(kind, token, now, await packageFile(ctx, home, file));
}

/**
 * The hot requests (a package file or a live window) answered at once when all they need is already in
 * memory: a token verified before, a package found before, a kept file or the current window. Undefined
 * otherwise, and for anything to refuse: answerMediaFile answers those.
 */
export function answerFromMemory(
  ctx: AppContext,
  tokenText: string,
  file: string,
  now: Date,
): MediaAnswer | undefined {
  const token = rememberedToken(ctx, tokenText, now);
  const kind = token && classifyMediaPath(file, token.scope);
  const home = kind && knownAssetHome(ctx, token.asset);
  if (!token || !kind || !home) return undefined;
  if (kind === 'variant' && token.live) {
    const seconds = now.getTime() / 1000;
    if (seconds < token.live.start || seconds >= token.live.end) return undefined;
    const edition = currentEdition(home, file, token.live.start, now);
    return (
      edition && { status: 200, text: withToken(edition, tokenText), headers: headersOf(kind, token, now) }
    );
  }
  if (isPlaylist(kind)) return undefined;
  const kept = keptMediaFile(ctx.config.mediaCacheBytes, home.storage, `${home.prefix}${file}`);
  return kept && fileAnswer(kind, token, now, kept);
}

/** The bytes of a file part: from memory, or only that part read from the storage for a large file. */
async function partBytes(file: MediaFile, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  if (file.body) return new Uint8Array(file.body.subarray(start, end + 1));
  if (file.size === 0) return new Uint8Array(0);
  return new Uint8Array(await buffer((await file.storage.get(file.key, { start, end })).body));
}

/** Answers `GET /media/hls/<token>/<file>` as the API route sends it (conditional and range requests too). */
export async function serveMediaFile(
  ctx: AppContext,
  tokenText: string,
  file: string,
  now: Date,
  conditions: FileConditions = {},
): Promise<MediaFileResponse> {
  const answer = await answerMediaFile(ctx, tokenText, file, now);
  if (answer.status === 410) return answer;
  if ('text' in answer) return { status: 200, body: answer.text, headers: answer.headers };
  const part = filePart(answer.file, conditions);
  if (part.status === 304) return { status: 304, headers: answer.headers };
  const headers = { ...answer.headers };
  if (part.contentRange) headers['Content-Range'] = part.contentRange;
  return { status: part.status, body: await partBytes(answer.file, part.start, part.end), headers };
}

/**
 * Answers nginx's question for `/media/hls/<token>/...` (deploy/nginx/media-server.conf): may this
 * token's files of `scope` be sent, and from which package? Yes for as many whole seconds as the token
 * has left, which is how long nginx may keep the answer; a bad or expired token is refused as any of
 * its files would be, and a trailer token is refused the full title.
 */
export function authorizeMediaFiles(
  ctx: AppContext,
  tokenText: string,
  scope: string | undefined,
  now: Date,
): { asset: string; expires: Date; maxAge: number } {
  const token = openToken(ctx, tokenText, now);
  if (scope !== token.scope && !(scope === 'trailer' && token.scope === 'full')) {
    throw new DomainError('forbidden', 'media_link_invalid');
  }
  return {
    asset: token.asset,
    expires: new Date(token.exp * 1000),
    maxAge: Math.floor((token.exp * 1000 - now.getTime()) / 1000),
  };
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
  const home = token.scope === 'full' ? await assetHome(ctx, token.asset) : null;
  if (!home) throw notFound();
  const ended = offAir(token, now);
  if (ended) return ended;
  const allowed = await canFetchKey(ctx, {
    productId: token.productId,
    sessionId: token.sessionId,
    ticketSessionId: token.ticketSessionId,
    clientAddress,
    now,
    catchUp: token.live === null,
  });
  if (!allowed) throw new DomainError('forbidden', 'media_key_refused');
  const key = await contentKey(ctx, token.asset, home);
  if (!key) throw notFound();
  return {
    status: 200,
    body: new Uint8Array(key),
    headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' },
  };
}
