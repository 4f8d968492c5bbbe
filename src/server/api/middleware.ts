import type { Context, MiddlewareHandler } from 'hono';
import { clientAddressOf } from '../core/client-address';
import type { AppContext } from '../context';
import { boundedRead, isRead } from '../core/readiness';
import type { RateLimitRule } from '../core/rate-limit';
import type { ApiEnv } from './env';
import { requestLocale } from './locale';
import { API_SECURITY_HEADERS } from './security-headers';

/** Puts the application context, the request's language and the visitor's address on `c.var`. */
export function requestContext(ctx: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('ctx', ctx);
    c.set('locale', requestLocale(c.req.raw.headers));
    c.set(
      'clientAddress',
      clientAddressOf(c.env?.clientAddress ?? '', c.req.raw.headers, ctx.config.trustProxy),
    );
    await next();
  };
}

/** API_SECURITY_HEADERS on every API response; responses are private unless a route says otherwise. */
export const securityHeaders: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
};

/** Counts the request against `rule` for the key (the visitor's address by default); 429 past it. */
export function rateLimit(
  rule: RateLimitRule,
  keyOf: (c: Context<ApiEnv>) => string = (c) => c.var.clientAddress || 'unknown',
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await c.var.ctx.rateLimiter.consume(rule, keyOf(c));
    await next();
  };
}

/** A GET waiting on a database that no longer answers becomes a 503 (src/server/core/readiness.ts). */
export function boundedReads(ctx: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (isRead(c.req.method)) await boundedRead(ctx, next());
    else await next();
  };
}
