import type { MiddlewareHandler } from 'hono';
import { KIDS_COOKIE } from '../../shared/kids';
import type { AppContext } from '../context';
import { ageLimitOf, gateOfSession, notOnProfile } from '../users';
import type { ApiEnv } from './env';
import { requestLogin, type LoggedInEnv } from './session';

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

/**
 * The grown-ups' side of the account (decision record 0046), as the account pages are: its settings and
 * deletion, devices, wallet, direct debit, payments and receipts, tickets, shop orders and addresses.
 * `[method, path]` under /api/v1; `*` any method (GET /me stays open: every page's header asks it).
 */
export const grownUpsRoutes: readonly (readonly ['*' | 'POST', string])[] = [
  ['POST', '/me'],
  ['*', '/me/delete-account'],
  ['*', '/me/sessions'],
  ['*', '/me/sessions/*'],
  ['*', '/me/wallet'],
  ['*', '/me/direct-debit'],
  ['*', '/me/orders'],
  ['*', '/me/orders/*'],
  ['*', '/me/cafe-tickets'],
  ['*', '/me/shop/orders'],
  ['*', '/me/shop/orders/*'],
  ['*', '/me/addresses'],
  ['*', '/me/addresses/*'],
];

/**
 * A session on a kids profile is refused the grown-ups' routes with 403 `not_available_on_profile`:
 * the way in is leaving the kids profile, which the account's PIN rules guard. Other requests go on to
 * the route, which answers 401 itself when the login is missing.
 */
export const grownUpsOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  if (header) await assertGrownUp(c.var.ctx, (await requestLogin(c.var.ctx, header)).session);
  await next();
};

/** 403 `not_available_on_profile` when the session watches on a kids profile. */
async function assertGrownUp(ctx: AppContext, session: { profileId: number | null }): Promise<void> {
  if ((await ageLimitOf(ctx.database.db, session.profileId)) !== null) throw notOnProfile();
}
