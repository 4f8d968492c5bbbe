import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { catalogueVersion } from '../catalog/cache';
import { landingSlugs } from '../../lib/landings';
import { localPath, routeOf } from '../../lib/locale';
import { kindSegments } from '../../lib/routes';
import { requestLocale } from '../api/locale';
import type { AppContext } from '../context';
import { clientAddressOf } from '../core/client-address';
import type { VisitorLocation } from '../core/geo';
import { noteRequest } from '../core/log';

/**
 * Whole responses that are the same for every visitor of a kind, kept in memory and answered without
 * Astro or Hono (decision record 0013). Filled by src/middleware.ts after a render, served by server.mjs
 * before the Astro handler (and by the middleware itself where there is no server.mjs: `astro dev`).
 *
 * An entry dies after its TTL, when the catalogue version moves (bumpCatalogueVersion), or when the
 * least recently used entries must make room: the cache is bounded by bytes, bodies and their
 * compressed copies counted.
 */

/** Pages: short, so a screening's live state or a content edit shows within seconds without a bump. */
const PAGE_TTL_MS = 10_000;
const MAX_BYTES = 48 * 2 ** 20;
/** Headers that belong to one answer, not to the kept response. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'date', 'x-request-id']);
/** Below this a body goes out as it is (server.mjs's compression threshold too). */
const COMPRESS_THRESHOLD = 1024;

export interface CachedResponse {
  body: Buffer;
  /** The original response's headers but those of PER_ANSWER. */
  headers: ReadonlyArray<readonly [string, string]>;
  etag: string;
  expires: number;
  version: number;
  /** Text (HTML, JSON) is worth compressing; pictures already are compressed. */
  compressible: boolean;
  /** Compressed copies, made the first time a client asks for them. */
  encoded: { br?: Buffer; gzip?: Buffer };
  bytes: number;
}

interface Store {
  entries: Map<string, CachedResponse>;
  bytes: number;
  /** Renders in progress per key: concurrent misses wait for one render instead of each rendering. */
  inflight: Map<string, Promise<CachedResponse | null>>;
}

const stores = new WeakMap<AppContext, Store>();

function storeOf(ctx: AppContext): Store {
  let store = stores.get(ctx);
  if (!store) {
    store = { entries: new Map(), bytes: 0, inflight: new Map() };
    stores.set(ctx, store);
  }
  return store;
}

// ------------------------------------------------------------------------------------------------ keys

/**
 * Title pages (an id, maybe `-slug` after it) say whether the visitor's country may watch: they are
 * kept per country. Other pages under these folders (the player's /lives/play) are not ours to keep.
 */
const TITLE_ROUTE = new RegExp(`^/(?:${Object.values(kindSegments).join('|')})/\\d+(?:-[a-z0-9-]*)?$`);
/** Pages the same for every visitor apart from the consent banner (EEA or not), as Persian routes. */
const SHARED_ROUTES = new Set([
  '/',
  '/search',
  '/about',
  '/terms',
  '/privacy',
  '/downloads',
  '/work-with-us',
  ...[...landingSlugs].map((slug) => `/${slug}`),
]);

/**
 * The route a page address names in either language, when it is written the site's own way (a trailing
 * slash allowed); other spellings (`//about`, `/en//about`) are not kept.
 */
function pageRoute(pathname: string): string {
  const { locale, route } = routeOf(pathname);
  const canonical = localPath(route, locale);
  const slashed = canonical !== '/' && pathname === `${canonical}/`;
  return pathname === canonical || slashed ? route : '';
}

/** API reads that depend on the language only (and say so with Cache-Control: public). */
const SHARED_API =
  /^\/api\/v1\/(?:core\/get-home-(?:widgets|slider)|widgetV4\/[a-z0-9-]+|search(?:\/facets|\/suggest)?)$/;

/**
 * Title artwork: immutable files a page asks for by the dozen; from memory they no longer queue behind
 * page renders (a few KB each, so a whole catalogue's pictures fit the size bound several times).
 */
const ARTWORK = /^\/api\/v1\/media\/artwork\/[a-z0-9-]+\.(?:avif|webp)$/;

export interface RequestFacts {
  method: string;
  /** Path and query exactly as requested. */
  url: string;
  headers: Headers;
  /** The visitor as server.mjs and the pages locate it (geo lookup of the client address). */
  locate: () => VisitorLocation;
}

/**
 * The cache key of a request, or null when its answer must not be shared: other methods, requests that
 * carry credentials, and every path not listed above (account pages, partials with a viewer's rows,
 * the player, title details with availability, anything with a session).
 */
export function cacheKeyOf(request: RequestFacts): string | null {
  if (request.method !== 'GET') return null;
  if (request.headers.has('authorization') || request.headers.has('cookie')) return null;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (SHARED_API.test(pathname)) return `api ${requestLocale(request.headers)} ${request.url}`;
  if (ARTWORK.test(pathname)) return `file ${request.url}`;
  const route = pageRoute(pathname);
  const page = withoutCampaignTags(request.url);
  if (TITLE_ROUTE.test(route)) return `page ${request.locate().country ?? '-'} ${page}`;
  if (SHARED_ROUTES.has(route)) return `page ${request.locate().isEea ? 'eea' : '-'} ${page}`;
  return null;
}

/**
 * A page's address without its campaign tags (utm_*): they say where the visitor came from, which the
 * browser reads (src/lib/inline-scripts.ts), not what the page shows, so tagged links share one entry.
 */
export function withoutCampaignTags(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const kept = url
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => !/^utm_/i.test(pair));
  return kept.length > 0 ? `${url.slice(0, queryAt)}?${kept.join('&')}` : url.slice(0, queryAt);
}

/** The request as the cache sees it, from Node's request (server.mjs). */
export function nodeRequestFacts(ctx: AppContext, req: IncomingMessage): RequestFacts {
  const headers = new Headers();
  for (const name of [
    'authorization',
    'cookie',
    'accept-language',
    'accept-language-site',
    'x-forwarded-for',
  ]) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const raw = req.url ?? '/';
  // As Astro sees it (percent-encoding normalised), so both paths compute the same key. A path that
  // starts with `//` would parse as a host name: it is left as it is, and no key matches it.
  const url = raw.startsWith('/') && !raw.startsWith('//') ? new URL(raw, 'http://cache.invalid') : null;
  return {
    method: req.method ?? 'GET',
    url: url ? url.pathname + url.search : raw,
    headers,
    locate: () =>
      ctx.geo.locate(clientAddressOf(req.socket.remoteAddress ?? '', headers, ctx.config.trustProxy)),
  };
}

// --------------------------------------------------------------------------------------------- entries

function evict(store: Store, key: string): void {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.bytes;
}

/** The live entry for a key (moved to the recent end), or undefined. */
export function lookup(ctx: AppContext, key: string): CachedResponse | undefined {
  const store = storeOf(ctx);
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  if (entry.expires <= Date.now() || entry.version !== catalogueVersion(ctx)) {
    evict(store, key);
    return undefined;
  }
  store.entries.delete(key);
  store.entries.set(key, entry);
  return entry;
}

function account(store: Store, key: string, entry: CachedResponse, added: number): void {
  entry.bytes += added;
  store.bytes += added;
  while (store.bytes > MAX_BYTES && store.entries.size > 0) {
    const oldest = store.entries.keys().next().value as string;
    if (oldest === key && store.entries.size === 1) break;
    evict(store, oldest);
  }
}

/**
 * Keeps a response if it may be shared: status 200, no Set-Cookie, not private or no-store. It lives
 * for its `max-age` when it has one (the API's), else PAGE_TTL_MS. A page's `no-cache` is kept: it
 * tells the caches in front to ask this server each time (decision record 0046), and this cache is
 * the server answering them, keyed by what the page depends on. `version` is the catalogue version
 * read before rendering, so a render that straddles a change is not kept as current. Returns the entry,
 * or null (the response untouched) when it is not kept.
 */
export async function remember(
  ctx: AppContext,
  key: string,
  response: Response,
  version: number,
): Promise<CachedResponse | null> {
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (
    response.status !== 200 ||
    response.headers.has('set-cookie') ||
    /\b(?:private|no-store)\b/.test(cacheControl)
  )
    return null;
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
  const ttlMs = maxAge ? Number(maxAge[1]) * 1000 : PAGE_TTL_MS;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !PER_ANSWER.has(name));
  const etag = response.headers.get('etag') ?? `"${createHash('sha1').update(body).digest('base64url')}"`;
  if (!response.headers.has('etag')) headers.push(['etag', etag]);
  const entry: CachedResponse = {
    body,
    headers,
    etag,
    expires: Date.now() + ttlMs,
    version,
    compressible: /^(?:text\/|application\/json)/.test(response.headers.get('content-type') ?? ''),
    encoded: {},
    bytes: 0,
  };
  const store = storeOf(ctx);
  evict(store, key);
  store.entries.set(key, entry);
  account(store, key, entry, body.length + key.length);
  return entry;
}

/**
 * The entry for `key`, rendering at most once at a time: concurrent misses of the same key wait for the
 * render in progress. `render` gives the response to keep (or null if it must not be kept).
 */
export function lookupOrRender(
  ctx: AppContext,
  key: string,
  render: () => Promise<CachedResponse | null>,
): Promise<CachedResponse | null> {
  const hit = lookup(ctx, key);
  if (hit) return Promise.resolve(hit);
  const store = storeOf(ctx);
  const pending = store.inflight.get(key);
  if (pending) return pending;
  const rendering = render().finally(() => store.inflight.delete(key));
  store.inflight.set(key, rendering);
  return rendering;
}

// ---------------------------------------------------------------------------------------------- answers

/** br or gzip when the client takes it (q > 0), else null. */
function encodingFor(acceptEncoding: string | null | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name.toLowerCase(), q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * The body in the encoding the client takes, compressed once per entry and counted in the cache size.
 * Brotli at quality 5, as server.mjs compresses on the fly: for the 177 KB home page it takes 4 ms and
 * gives 17.6 KB, where quality 9 took 29 ms (blocking every request meanwhile) to save 2 %.
 */
function encodedBody(
  ctx: AppContext,
  key: string,
  entry: CachedResponse,
  acceptEncoding: string | null | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding =
    entry.compressible && entry.body.length >= COMPRESS_THRESHOLD ? encodingFor(acceptEncoding) : null;
  if (!encoding) return { body: entry.body, encoding: null };
  let body = entry.encoded[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(entry.body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : gzipSync(entry.body);
    entry.encoded[encoding] = body;
    if (storeOf(ctx).entries.get(key) === entry) account(storeOf(ctx), key, entry, body.length);
  }
  return { body, encoding };
}

function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

function answerHeaders(entry: CachedResponse, encoding: 'br' | 'gzip' | null): [string, string][] {
  const headers = entry.headers.map(([name, value]): [string, string] =>
    name === 'vary' ? [name, `${value}, Accept-Encoding`] : [name, value],
  );
  if (!entry.headers.some(([name]) => name === 'vary')) headers.push(['vary', 'Accept-Encoding']);
  if (encoding) headers.push(['content-encoding', encoding]);
  return headers;
}

/** The entry as a web Response (304 when the client already has it): for the middleware and Hono. */
export function responseOf(ctx: AppContext, key: string, entry: CachedResponse, request: Request): Response {
  if (matches(request.headers.get('if-none-match'), entry.etag)) {
    return new Response(null, { status: 304, headers: answerHeaders(entry, null) });
  }
  const { body, encoding } = encodedBody(ctx, key, entry, request.headers.get('accept-encoding'));
  return new Response(new Uint8Array(body), { status: 200, headers: answerHeaders(entry, encoding) });
}

/**
 * server.mjs's fast path: answers a GET from the cache straight on the socket and returns true, or
 * returns false and leaves the request to Astro (which renders and fills the cache).
 */
export function serveCached(ctx: AppContext, req: IncomingMessage, res: ServerResponse): boolean {
  const key = cacheKeyOf(nodeRequestFacts(ctx, req));
  if (key === null) return false;
  const entry = lookup(ctx, key);
  if (!entry) return false;
  // The request's log line and metrics name the API read it answers (Hono, which would, is skipped).
  if (key.startsWith('api ')) noteRequest({ route: (req.url ?? '').split('?')[0] });
  if (matches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, answerHeaders(entry, null).flat()).end();
    return true;
  }
  const { body, encoding } = encodedBody(ctx, key, entry, req.headers['accept-encoding']);
  const headers = answerHeaders(entry, encoding);
  headers.push(['content-length', String(body.length)]);
  res.writeHead(200, headers.flat()).end(body);
  return true;
}
