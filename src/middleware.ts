import { randomUUID } from 'node:crypto';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { boundedRead, isRead } from '~/server/core/readiness';
import { isDatabaseUnavailable } from '~/server/core/outage';
import { catalogueVersion } from '~/server/catalog/cache';
import { log } from '~/server/core/log';
import { getRuntime } from '~/server/runtime';
import { withoutIslandStyles } from '~/server/web/island-styles';
import { pageSecurityHeaders, withFormActions } from '~/server/web/page-security';
import { errorPage } from '~/server/web/outage-page';
import { cacheKeyOf, lookupOrRender, remember, responseOf } from '~/server/web/response-cache';
import { kidsPageOf } from '~/server/web/kids-gate';
import { locatePageVisitor } from '~/server/web/visitor';
import { localeOf, localPath } from '~/lib/locale';
import { KIDS_COOKIE } from '~/shared/kids';

/**
 * Pages get the site's security headers (form-action also names the gateways the purchase dialog posts
 * a form to); /api/v1 sets stricter ones of its own. Responses that are the
 * same for every visitor of a kind (src/server/web/response-cache.ts) are rendered once and kept;
 * server.mjs answers the next ones before Astro is reached, this middleware where server.mjs is absent.
 */
/** The request id server.mjs gave the request (X-Request-Id), when it is one; as Hono's requestId accepts. */
const PLAIN_TOKEN = /^[\w\-=]{1,255}$/;

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.url.pathname.startsWith('/api/')) return pages(context, next);
  try {
    const rendered = pages(context, next);
    if (!isRead(context.request.method)) return await rendered;
    return await boundedRead((await getRuntime()).ctx, rendered);
  } catch (error) {
    // The one place a page's failure becomes HTTP. Left to Astro, it rendered its /500 route, which
    // the landing pages' [landing] route answered with "page not found" (decision record 0035). Pages
    // are rendered whole (astro.config.mjs), so a failure in any component arrives here.
    const offered = context.request.headers.get('x-request-id');
    const requestId = offered && PLAIN_TOKEN.test(offered) ? offered : randomUUID();
    if (isDatabaseUnavailable(error)) return errorPage('outage', requestId);
    // The request's own log line names its path and status.
    log.error({ err: error, reqId: requestId }, `unexpected error rendering a page`);
    return errorPage('failure', requestId);
  }
});

async function pages(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { ctx } = await getRuntime();
  const render = async (rewrite?: string) => {
    const response = await (rewrite === undefined ? next() : next(rewrite));
    if (context.url.pathname.startsWith('/api/')) return response;
    for (const [name, value] of pageSecurityHeaders) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    // Every page depends on the kids cookie (issue 29), which no cache in front can be trusted to key
    // on: a cache may keep a page but must ask this server before each use (decision record 0046).
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-cache');
    const policy = response.headers.get('content-security-policy');
    if (policy) {
      response.headers.set(
        'content-security-policy',
        withFormActions(policy, ctx.gateways.formActionOrigins),
      );
    }
    return withoutIslandStyles(response);
  };

  // A browser on a kids profile (issue 29): its own render, never kept; a title above the profile's
  // rating answers "not available on this profile", an account page "ask a grown-up" (403) in its place.
  const cookies = context.request.headers.get('cookie');
  if (cookies?.includes(KIDS_COOKIE) && !context.url.pathname.startsWith('/api/')) {
    const kids = await kidsPageOf(ctx, cookies, context.url.pathname);
    context.locals.ageLimit = kids.limit;
    if (kids.limit !== null) {
      const response = await render(
        kids.instead ? localPath(kids.instead, localeOf(context.url.pathname)) : undefined,
      );
      response.headers.set('Cache-Control', 'private, no-store');
      return response;
    }
  }

  const key = cacheKeyOf({
    method: context.request.method,
    url: context.url.pathname + context.url.search,
    headers: context.request.headers,
    locate: () => locatePageVisitor(ctx, context),
  });
  if (key === null) return render();

  let own: Response | undefined;
  const entry = await lookupOrRender(ctx, key, async () => {
    const version = catalogueVersion(ctx);
    own = await render();
    return remember(ctx, key, own, version);
  });
  if (entry) return responseOf(ctx, key, entry, context.request);
  // Not kept (a 404, a private answer): this request's own render, or, when it waited on another
  // request's render that was not kept, a render of its own.
  return own ?? render();
}
