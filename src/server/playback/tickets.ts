import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../shared/locale';
import type { TicketCheck, TicketMe } from '../../shared/playback';
import { newToken, tokenHash } from '../auth/secrets';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import { products, ticketSessions } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { loadTicket, ticketStatus, type TicketFacts } from './access';

export type TicketSessionRow = typeof ticketSessions.$inferSelect;

/** The live limited session of a bearer token a ticket opened, or null. */
export async function authenticateTicketSession(
  ctx: AppContext,
  token: string,
): Promise<TicketSessionRow | null> {
  const [row] = await ctx.database.db
    .select()
    .from(ticketSessions)
    .where(and(eq(ticketSessions.tokenHash, tokenHash(token)), isNull(ticketSessions.endedAt)));
  return row ?? null;
}

/** Opens a limited session for a ticket used without login; the token goes back in `auth`. */
export async function openTicketSession(
  ctx: AppContext,
  ticket: TicketFacts,
  clientAddress: string,
): Promise<{ id: number; token: string; me: TicketMe }> {
  const token = newToken();
  const [row] = await ctx.database.db
    .insert(ticketSessions)
    .values({ tokenHash: tokenHash(token), ticketId: ticket.id, clientAddress, createdAt: ctx.clock.now() })
    .returning({ id: ticketSessions.id });
  return {
    id: row!.id,
    token,
    me: { limited: true, ticket: { code: ticket.code, kind: ticket.kind, product_id: ticket.productId } },
  };
}

/** Wrong codes per address: plenty for typos, far too few to enumerate codes. */
const WRONG_TICKET_CODES = defineRateLimit({ name: 'ticket-code-miss', limit: 10, windowSeconds: 600 });

/**
 * The ticket of a typed code. Only misses count against the address (a cafe full of viewers behind one
 * address typing good codes is never limited); past the limit even good codes wait (429).
 */
export async function findTicket(
  ctx: AppContext,
  code: string,
  clientAddress: string,
): Promise<TicketFacts | null> {
  const key = clientAddress || 'unknown';
  await ctx.rateLimiter.check(WRONG_TICKET_CODES, key);
  const ticket = await loadTicket(ctx.database.db, { code });
  if (!ticket) await ctx.rateLimiter.consume(WRONG_TICKET_CODES, key);
  return ticket;
}

export interface TicketChecker {
  userId: number | null;
  clientAddress: string;
  streamingIp: string | null;
}

/**
 * GET /check-ticket/{code} and /check-live-ticket/{code}: whether the code would play, without using
 * it. A ticket that belongs to an account answers 401 to an anonymous caller, so the client logs in.
 */
export async function checkTicket(
  ctx: AppContext,
  code: string,
  who: TicketChecker,
  liveOnly: boolean,
  locale: Locale,
): Promise<TicketCheck> {
  const ticket = await findTicket(ctx, code, who.clientAddress);
  if (!ticket || (liveOnly && ticket.kind !== 'live')) throw notFound('ticket_invalid');
  const [times] = await ctx.database.db
    .select({ startsAt: products.startsAt, endsAt: products.endsAt })
    .from(products)
    .where(eq(products.id, ticket.productId));
  const status = ticketStatus(
    ticket,
    times?.endsAt ?? null,
    { userId: who.userId, network: who.streamingIp ?? who.clientAddress },
    ctx.clock.now(),
  );
  if (status === 'login') throw new DomainError('unauthenticated');
  const [product] = await getProductCards(ctx, [ticket.productId], locale);
  const live = ticket.kind === 'live';
  return {
    // A code not valid yet is still a good code; play-info says when it may be used.
    status: status === 'not_yet' ? 'valid' : status,
    kind: ticket.kind,
    product: product!,
    starts_at: (live ? times?.startsAt : ticket.validFrom)?.toISOString() ?? null,
    ends_at: (live ? times?.endsAt : ticket.validUntil)?.toISOString() ?? null,
  };
}
