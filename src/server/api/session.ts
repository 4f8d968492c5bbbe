import type { Context, MiddlewareHandler } from 'hono';
import type { RequestOrigin } from '../auth/login-flow';
import { authenticate, bearerToken, type Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import type { ApiEnv } from './env';

/** What a route behind `requireLogin` can read: the live session and its user. */
export interface LoggedInEnv {
  Variables: Authenticated;
}

/** OpenAPI: routes that need `Authorization: Bearer <token>`. */
export const bearerSecurity = [{ bearer: [] }];

/** The live session an `Authorization: Bearer` header names; 401 without one (missing, unknown or ended). */
export async function requestLogin(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<Authenticated> {
  const token = bearerToken(authorization);
  const auth = token ? await authenticate(ctx, token) : null;
  if (!auth) throw new DomainError('unauthenticated');
  return auth;
}

/** Resolves `Authorization: Bearer` to a live session; 401 without one (missing, unknown or ended). */
export const requireLogin: MiddlewareHandler<ApiEnv & LoggedInEnv> = async (c, next) => {
  const auth = await requestLogin(c.var.ctx, c.req.header('authorization'));
  c.set('session', auth.session);
  c.set('user', auth.user);
  await next();
};

/**
 * Like requireLogin for routes a visitor may call without logging in: no token passes as anonymous
 * (`c.var.user` unset), but a token that is sent must be live.
 */
export const optionalLogin: MiddlewareHandler<ApiEnv & { Variables: Partial<Authenticated> }> = async (
  c,
  next,
) => {
  const header = c.req.header('authorization');
  if (header) {
    const token = bearerToken(header);
    const auth = token ? await authenticate(c.var.ctx, token) : null;
    if (!auth) throw new DomainError('unauthenticated');
    c.set('session', auth.session);
    c.set('user', auth.user);
  }
  await next();
};

export function authOf(c: { var: Authenticated }): Authenticated {
  return { session: c.var.session, user: c.var.user };
}

/** The device and place a login comes from, and the language to send codes in. */
export function requestOrigin(c: Context<ApiEnv>): RequestOrigin {
  const { ctx, clientAddress, locale } = c.var;
  return {
    userAgent: c.req.header('user-agent'),
    clientAddress,
    country: ctx.geo.locate(clientAddress).country,
    locale,
  };
}
