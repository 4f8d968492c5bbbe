import type { Context, MiddlewareHandler } from 'hono';
import { clientAddressOf } from '../core/client-address';
import type { AppContext } from '../context';
import type { RateLimitRule } from '../core/rate-limit';
import type { ApiEnv } from './env';
import { requestLocale } from './locale';

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

/**
 * Headers for every API response, errors included. The API serves JSON and SVG only, so nothing in a
 * response may load, run or be framed; responses are private unless a route says otherwise.
 */
export const securityHeaders: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
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
