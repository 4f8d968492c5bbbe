import { routeOf } from '../../lib/locale';
import { kindSegments } from '../../lib/routes';
import { KIDS_COOKIE, type AgeRating } from '../../shared/kids';
import type { AppContext } from '../context';
import { ageLimitOfGate, titleAllowed } from '../users';

/**
 * Pages for a kids profile (issue 29). The pages never see the session token (it lives in the browser's
 * localStorage), so the API gives a browser on a kids profile a cookie naming its session
 * (api/kids-gate.ts). A request that brings one is rendered for that profile: lists hold only the
 * titles at or under its rating, a title or player page above it is refused, the grown-ups' account
 * pages ask for a grown-up, and nothing is kept by a cache (the response cache skips requests with
 * cookies; the answer says private, no-store).
 */

/** Pages about one title: its page in any kind, and the player's pages. */
const ONE_TITLE = new RegExp(
  `^/(?:${Object.values(kindSegments).join('|')}|play|play-preview|playtest|lives/play)/(\\d+)(?:-[a-z0-9-]*)?/?$`,
);

/**
 * The account's pages are the grown-ups' (decision record 0046): settings, profiles, devices, wallet,
 * direct debit, purchases and receipts, tickets, shop orders and addresses; new account pages are too.
 * A kids profile keeps its own favourites, and "who is watching" (/profiles) is the way out.
 */
const GROWN_UPS = /^\/account(?:\/(?!favorites$).*)?$/;

export interface KidsPage {
  /** The kids profile's highest rating; null when the browser is on no kids profile. */
  limit: AgeRating | null;
  /**
   * The page the request is answered with in place of its own (403, same address), or null:
   * `/not-on-profile` for a title above the rating, `/ask-a-grown-up` for an account page.
   */
  instead: '/not-on-profile' | '/ask-a-grown-up' | null;
}

/** How a page request is served for the kids cookie it brings (from the Cookie header). */
export async function kidsPageOf(
  ctx: AppContext,
  cookieHeader: string | null,
  pathname: string,
): Promise<KidsPage> {
  const gate = cookieOf(cookieHeader);
  const limit = gate ? await ageLimitOfGate(ctx.database.db, gate) : null;
  if (limit === null) return { limit, instead: null };
  const { route } = routeOf(pathname);
  if (GROWN_UPS.test(route)) return { limit, instead: '/ask-a-grown-up' };
  const id = ONE_TITLE.exec(route)?.[1];
  const refused = id !== undefined && !(await titleAllowed(ctx.database.db, limit, Number(id)));
  return { limit, instead: refused ? '/not-on-profile' : null };
}

function cookieOf(header: string | null): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === KIDS_COOKIE && value) return value;
  }
  return null;
}
