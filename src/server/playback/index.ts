import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { products, sessions, ticketSessions } from '../db/schema';
import { ageLimitOf } from '../users';
import { ratingAllowed } from '../../shared/kids';
import { decideAccess, loadTicket, loadTitle, loadViewer, type TicketFacts } from './access';

/** What the media key endpoint knows about the request asking for a decryption key. */
export interface KeyRequest {
  productId: number;
  sessionId: number | null;
  ticketSessionId: number | null;
  clientAddress: string;
  now: Date;
  /**
   * The signed URL is not a live stream's: after a screening's end its catch-up's rules apply (a live
   * stream's key is refused then, though serve.ts stops its playlists at the end before asking).
   */
  catchUp?: boolean;
}

/**
 * Re-checks at key-request time that whoever got the signed URL is still entitled to play: signed URLs
 * outlive logouts, 8-hour windows, subscriptions and screenings, so the key endpoint asks again. Only
 * checks (mode `key`): a window must already be open and a live ticket already bound to the network the
 * key request comes from.
 */
export async function canFetchKey(ctx: AppContext, q: KeyRequest): Promise<boolean> {
  const db = ctx.database.db;
  let userId: number | null = null;
  let presentedTicket: TicketFacts | null = null;
  if (q.sessionId !== null) {
    const [session] = await db
      .select({ userId: sessions.userId, profileId: sessions.profileId })
      .from(sessions)
      .where(and(eq(sessions.id, q.sessionId), isNull(sessions.endedAt)));
    if (!session) return false;
    userId = session.userId;
    // A kids profile selected since the URL was signed (issue 29) gets no key for a title above it.
    const [rated] = await db
      .select({ rating: products.ageRating })
      .from(products)
      .where(eq(products.id, q.productId));
    if (!ratingAllowed(await ageLimitOf(db, session.profileId), rated?.rating ?? null)) return false;
  } else if (q.ticketSessionId !== null) {
    const [session] = await db
      .select({ ticketId: ticketSessions.ticketId })
      .from(ticketSessions)
      .where(and(eq(ticketSessions.id, q.ticketSessionId), isNull(ticketSessions.endedAt)));
    presentedTicket = session ? await loadTicket(db, { id: session.ticketId }) : null;
    if (!presentedTicket) return false;
  } else {
    return false;
  }
  // The key endpoint only asks for a package it is serving.
  const title = await loadTitle(db, q.productId, true);
  if (!title) return false;
  const viewer = await loadViewer(
    ctx,
    title,
    { userId, clientAddress: q.clientAddress, streamingIp: null, presentedTicket },
    q.now,
  );
  return decideAccess(title, viewer, q.now, 'key', q.catchUp ?? false).ok;
}

// What other rooms use (decision record 0038).
export {
  heldEntitlement,
  loadTitle,
  loadViewer,
  openersOf,
  PURCHASE_WINDOW_MS,
  type TitleFacts,
} from './access';
export { listOwnTickets } from './tickets';
