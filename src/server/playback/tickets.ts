import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../shared/locale';
import type { TicketCheck, TicketMe } from '../../shared/playback';
import { newToken, tokenHash } from '../auth/secrets';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { products, tickets, ticketSessions } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { ticketStatus, type TicketFacts } from './access';

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
  const db = ctx.database.db;
  const [row] = await db
    .select({ ticket: tickets, startsAt: products.startsAt, endsAt: products.endsAt })
    .from(tickets)
    .innerJoin(products, eq(products.id, tickets.productId))
    .where(eq(tickets.code, code));
  if (!row || (liveOnly && row.ticket.kind !== 'live')) throw notFound('ticket_invalid');
  const { ticket } = row;
  const status = ticketStatus(
    ticket,
    row.endsAt,
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
    starts_at: (live ? row.startsAt : ticket.validFrom)?.toISOString() ?? null,
    ends_at: (live ? row.endsAt : ticket.validUntil)?.toISOString() ?? null,
  };
}
