import { routeOf } from '../../lib/locale';
import { kindSegments } from '../../lib/routes';
import { KIDS_COOKIE, type AgeRating } from '../../shared/kids';
import type { AppContext } from '../context';
import { ageLimitOfGate, titleAllowed } from '../users';

/**
 * Pages for a kids profile (issue 29). The pages never see the session token (it lives in the browser's
 * localStorage), so the API gives a browser on a kids profile a cookie naming its session
 * (api/kids-gate.ts). A request that brings one is rendered for that profile: lists hold only the
 * titles at or under its rating, a title or player page above it is refused, and nothing is kept by a
 * cache (the response cache already skips requests with cookies; the answer says private, no-store).
 */

/** Pages about one title: its page in any kind, and the player's pages. */
const ONE_TITLE = new RegExp(
  `^/(?:${Object.values(kindSegments).join('|')}|play|play-preview|playtest|lives/play)/(\\d+)(?:-[a-z0-9-]*)?/?$`,
);

export interface KidsPage {
  /** The kids profile's highest rating; null when the browser is on no kids profile. */
  limit: AgeRating | null;
  /** The page names a title above that rating: it answers "not available on this profile". */
  refused: boolean;
}

/** How a page request is served for the kids cookie it brings (from the Cookie header). */
export async function kidsPageOf(
  ctx: AppContext,
  cookieHeader: string | null,
  pathname: string,
): Promise<KidsPage> {
  const gate = cookieOf(cookieHeader);
  const limit = gate ? await ageLimitOfGate(ctx.database.db, gate) : null;
  if (limit === null) return { limit, refused: false };
  const id = ONE_TITLE.exec(routeOf(pathname).route)?.[1];
  const refused = id !== undefined && !(await titleAllowed(ctx.database.db, limit, Number(id)));
  return { limit, refused };
}

function cookieOf(header: string | null): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === KIDS_COOKIE && value) return value;
  }
  return null;
}
