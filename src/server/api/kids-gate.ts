import type { MiddlewareHandler } from 'hono';
import { KIDS_COOKIE } from '../../shared/kids';
import { gateOfSession } from '../users';
import type { ApiEnv } from './env';
import type { LoggedInEnv } from './session';

/** A year: the cookie lives as long as the session may, and is cleared when the profile changes. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Keeps the pages' kids cookie (shared/kids.ts KIDS_COOKIE) in step with the device's profile: after a
 * logged-in call that may change or reveal it (GET /me on every page load, choosing a profile, the
 * family settings, logging out), a session on a kids profile gets the cookie and any other loses it.
 * HttpOnly: no script reads it; SameSite=Lax: it goes with ordinary page loads.
 */
export const kidsGate: MiddlewareHandler<ApiEnv & Partial<LoggedInEnv>> = async (c, next) => {
  await next();
  const session = c.get('session');
  if (!session || c.res.status >= 400) return;
  const gate = await gateOfSession(c.var.ctx.database.db, session.id);
  const had = (c.req.header('cookie') ?? '').includes(`${KIDS_COOKIE}=`);
  if (gate) {
    c.res.headers.append(
      'Set-Cookie',
      `${KIDS_COOKIE}=${gate}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax`,
    );
  } else if (had) {
    c.res.headers.append('Set-Cookie', `${KIDS_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
};
