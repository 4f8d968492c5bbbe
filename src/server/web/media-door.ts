import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { API_SECURITY_HEADERS } from '../api/security-headers';
import type { AppContext } from '../context';
import { MEDIA_HLS_BASE, answerFromMemory, answerMediaFile, filePart, type MediaAnswer } from '../media';

/**
 * server.mjs's path for signed package files (decision record 0025): a segment is the request a viewer
 * makes every two seconds, so it is answered here, before Astro and Hono, from the file cache. Only
 * what can be sent is answered here; every refusal (bad or expired token, unknown file, a screening not
 * on air) goes on to the API route, which answers it exactly as it always has, in the viewer's language.
 */

const PREFIX = `${MEDIA_HLS_BASE}/`;
/** The endpoints under the prefix that are not package files: they stay with the API. */
const API_ENDPOINTS = new Set(['key', 'authorize']);

/** The token and file of a package file URL, or null for anything this door leaves alone. */
function mediaFileOf(req: IncomingMessage): { token: string; file: string } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX) || url.includes('%')) return null;
  const query = url.indexOf('?');
  const rest = url.slice(PREFIX.length, query === -1 ? undefined : query);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const file = rest.slice(slash + 1);
  return API_ENDPOINTS.has(file) ? null : { token: rest.slice(0, slash), file };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function send(req: IncomingMessage, res: ServerResponse, answer: Exclude<MediaAnswer, { status: 410 }>) {
  const headers: Record<string, string | number> = { ...API_SECURITY_HEADERS, ...answer.headers };
  if ('text' in answer) {
    const body = Buffer.from(answer.text);
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const { file } = answer;
  const part = filePart(file, {
    range: header(req.headers.range),
    ifNoneMatch: header(req.headers['if-none-match']),
    ifModifiedSince: header(req.headers['if-modified-since']),
    ifRange: header(req.headers['if-range']),
  });
  if (part.status === 304) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = part.end - part.start + 1;
  if (part.contentRange) headers['Content-Range'] = part.contentRange;
  if (req.method === 'HEAD' || file.size === 0 || file.body) {
    res.writeHead(part.status, headers);
    if (!file.body || req.method === 'HEAD') res.end();
    else res.end(part.status === 200 ? file.body : file.body.subarray(part.start, part.end + 1));
    return;
  }
  // Too large to keep: the part streamed from the storage (disk or bucket), never whole in memory.
  file.storage.get(file.key, { start: part.start, end: part.end }).then(
    (read) => {
      res.writeHead(part.status, headers);
      // pipeline closes the read when the viewer goes away mid-file, and the connection on a read error.
      pipeline(read.body, res, () => {});
    },
    () => {
      res.writeHead(502, API_SECURITY_HEADERS);
      res.end();
    },
  );
}

/**
 * Takes a GET or HEAD of a signed package file and returns true, or returns false for any other
 * request. A taken request it cannot send (a refusal, a 410) is handed to `next`, the site and API.
 */
export function serveMediaAtTheDoor(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): boolean {
  const named = mediaFileOf(req);
  if (!named) return false;
  const now = ctx.clock.now();
  const known = answerFromMemory(ctx, named.token, named.file, now);
  if (known && known.status === 200) {
    send(req, res, known);
    return true;
  }
  answerMediaFile(ctx, named.token, named.file, now).then(
    (answer) => (answer.status === 410 ? next() : send(req, res, answer)),
    () => next(),
  );
  return true;
}
