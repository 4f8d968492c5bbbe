import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { OwnTickets, TicketCheck, TicketMe } from '../../shared/playback';
import { newToken, tokenHash } from '../auth';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import { products, tickets, ticketSessions } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { loadTicket, ticketColumns, ticketStatus, type TicketFacts, type TicketStatus } from './access';

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
 * The ticket of a typed code. Only misses stay counted against the address (a cafe full of viewers
 * behind one address typing good codes is not limited); past the limit even good codes wait (429).
 * Each try is counted before the lookup and given back when the code was right, so guesses sent at
 * once cannot all be looked up (issue 24, 10).
 */
export async function findTicket(
  ctx: AppContext,
  code: string,
  clientAddress: string,
): Promise<TicketFacts | null> {
  const key = clientAddress || 'unknown';
  const countedAt = ctx.clock.now();
  await ctx.rateLimiter.consume(WRONG_TICKET_CODES, key);
  const ticket = await loadTicket(ctx.database.db, { code });
  if (ticket) await ctx.rateLimiter.release(WRONG_TICKET_CODES, key, countedAt);
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
  return describeTicket(ticket, status, times ?? null, product!);
}

/** What a viewer is told of a ticket: whether it plays, its title, and when it may be used. */
function describeTicket(
  ticket: TicketFacts,
  status: Exclude<TicketStatus, 'login'>,
  screening: { startsAt: Date | null; endsAt: Date | null } | null,
  product: TicketCheck['product'],
): TicketCheck {
  const live = ticket.kind === 'live';
  return {
    // A code not valid yet is still a good code; play-info says when it may be used.
    status: status === 'not_yet' ? 'valid' : status,
    kind: ticket.kind,
    product,
    starts_at: (live ? screening?.startsAt : ticket.validFrom)?.toISOString() ?? null,
    ends_at: (live ? screening?.endsAt : ticket.validUntil)?.toISOString() ?? null,
  };
}

/**
 * GET /me/tickets: the tickets the account owns (bought, granted or claimed by typing their code),
 * newest first, optionally of one title. A live ticket is judged on the network it is bound to, so the
 * list says whether it is still good, not whether it would play from wherever the list is read.
 */
export async function listOwnTickets(
  ctx: AppContext,
  userId: number,
  productId: number | undefined,
  locale: Locale,
): Promise<OwnTickets> {
  const rows = await ctx.database.db
    .select({ ticket: ticketColumns, startsAt: products.startsAt, endsAt: products.endsAt })
    .from(tickets)
    .innerJoin(products, eq(products.id, tickets.productId))
    .where(
      and(
        eq(tickets.ownerUserId, userId),
        productId === undefined ? undefined : eq(tickets.productId, productId),
      ),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  const cards = new Map(
    (await getProductCards(ctx, [...new Set(rows.map((row) => row.ticket.productId))], locale)).map(
      (card) => [card.id, card],
    ),
  );
  const now = ctx.clock.now();
  return {
    tickets: rows.flatMap(({ ticket, startsAt, endsAt }) => {
      const product = cards.get(ticket.productId);
      const status = ticketStatus(ticket, endsAt, { userId, network: ticket.network ?? '' }, now);
      if (!product || status === 'login') return [];
      return [{ code: ticket.code, ...describeTicket(ticket, status, { startsAt, endsAt }, product) }];
    }),
  };
}
