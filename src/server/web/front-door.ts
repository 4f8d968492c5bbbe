import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import type { ApiEnv } from '../api/env';
import { errorResponse } from '../api/http-errors';
import { securityHeaders } from '../api/middleware';
import { DomainError } from '../errors';

/**
 * Requests server.mjs refuses before Astro sees them, because Astro would answer them outside the API's
 * contract: it cannot build a request for TRACE or CONNECT (a 500 with a stack trace), and for /api/
 * paths it answers a malformed percent-encoding with plain text and a path it cannot route with the HTML
 * 404 page. Every answer under /api/ is the API's: JSON `{message}` in the request's language, with the
 * API's headers.
 */

/** Methods some page or route answers. */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW = SERVED_METHODS.join(', ');

/** Control characters (CR, LF, NUL, ...) once decoded: no route of ours has them. */
function hasControlCharacter(text: string): boolean {
  return [...text].some((character) => character < ' ' || character === '\u007f');
}

export interface Refusal {
  error: DomainError;
  headers: Record<string, string>;
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Why the server will not hand this request on; null when it may go to the site or the API. */
export function refusalAtTheDoor(method: string, url: string): Refusal | null {
  if (!SERVED_METHODS.includes(method)) {
    return { error: new DomainError('method_not_allowed'), headers: { Allow: ALLOW } };
  }
  const pathname = url.split('?', 1)[0] ?? '';
  if (!isApiPath(pathname)) return null;
  let decoded: string;
  try {
    decoded = decodeURI(url);
  } catch {
    return { error: new DomainError('bad_request'), headers: {} };
  }
  const inVersion = pathname === '/api/v1' || pathname.startsWith('/api/v1/');
  if (!inVersion || hasControlCharacter(decoded.split('?', 1)[0] ?? '')) {
    return { error: new DomainError('not_found', 'route_not_found'), headers: {} };
  }
  return null;
}

/** The refusal as the API would answer it: the same error mapping and headers, in the asker's language. */
async function answerOf(req: IncomingMessage, refusal: Refusal): Promise<Response> {
  const door = new Hono<ApiEnv>();
  door.use(securityHeaders);
  door.onError((error, c) => errorResponse(c, error));
  door.all('*', () => {
    throw refusal.error;
  });
  const headers = new Headers();
  for (const name of ['accept-language', 'accept-language-site']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const response = await door.fetch(new Request('http://localhost/', { headers }));
  for (const [name, value] of Object.entries(refusal.headers)) response.headers.set(name, value);
  return response;
}

/**
 * Answers the request when the door refuses it (and says so); the body of a refused request is not
 * read, and the connection is closed after the answer so nothing of it is read later either.
 */
export function refuseAtTheDoor(req: IncomingMessage, res: ServerResponse): boolean {
  const refusal = refusalAtTheDoor(req.method ?? 'GET', req.url ?? '/');
  if (!refusal) return false;
  void answerOf(req, refusal).then(async (response) => {
    const body = req.method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), Connection: 'close' });
    res.end(body);
  });
  return true;
}
