import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MEDIA_HLS_BASE } from '../media/serve';
import { log, withRequestFacts, type RequestFacts } from '../core/log';
import { httpDuration, httpRequests } from '../core/metrics';

/**
 * Every request server.mjs takes passes here first: it gets a request id (the caller's X-Request-Id
 * when it is a plain token, as Hono's requestId middleware accepts, so the API answers the same one),
 * sent back on every response; what is logged while it is served carries that id and, once the session
 * is known, the user id; when its answer ends, one JSON line and the request metrics.
 */

const ACCEPTED_ID = /^[\w\-=]{1,255}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The bounded family a request belongs to, for metric labels: the API's first path segment after
 * /api/v1 once the API has matched a route (`api:payments`), signed media files, built assets, pages.
 */
export function routeFamily(path: string, route: string | undefined): string {
  if (path.startsWith(`${MEDIA_HLS_BASE}/`)) return 'media';
  if (path.startsWith('/api/')) {
    // The route's first segment (a cached read's too); `other` for a path no route matched
    // (`/api/v1/*`) or one refused before the API.
    const segment = route?.split('/')[3];
    return segment && /^[\w-]+$/.test(segment) ? `api:${segment}` : 'api:other';
  }
  if (path.startsWith('/_astro/')) return 'asset';
  return 'page';
}

/** Wraps server.mjs's request handler: request id, facts for the log, one line and metrics per request. */
export function observed(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const offered = req.headers['x-request-id'];
    const requestId = typeof offered === 'string' && ACCEPTED_ID.test(offered) ? offered : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const facts: RequestFacts = { requestId };
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);
      const family = routeFamily(path, facts.route);
      const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
      // A client that left before the answer ended: logged as 499, as nginx does.
      const status = res.writableFinished ? res.statusCode : 499;
      httpRequests.inc({ family, method, status: String(status) });
      httpDuration.observe({ family }, seconds);
      const line = {
        reqId: requestId,
        userId: facts.userId,
        method: req.method,
        // The API's route pattern; a page's path. Never a query string, never a signed media path.
        route: facts.route ?? (family === 'media' ? `${MEDIA_HLS_BASE}/:token/:file` : path.slice(0, 300)),
        family,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      };
      if (status >= 500) log.error(line, 'request');
      else log.info(line, 'request');
    });
    withRequestFacts(facts, () => handler(req, res));
  };
}
