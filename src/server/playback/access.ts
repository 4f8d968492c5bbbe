import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { AppContext } from '../context';
import { shownIn } from '../core/geo';
import type { Db } from '../db/client';
import { festivalTitles, products, productSales, subscriptions, tickets, titlePurchases } from '../db/schema';
import { openers as openerOrder, type Opener, type ProductKind } from '../../shared/catalog-constants';
import type { TicketKind } from '../../shared/playback';

/**
 * Who may watch what, decided in one place. `decideAccess` is a pure function over facts loaded from
 * the database (so every rule is unit-testable); `authorizePlay` loads the facts, decides, and applies
 * the few one-time effects a play has (opening an 8-hour window, binding a live ticket to a network,
 * claiming an unowned ticket) with conditional updates, deciding again when a concurrent request won.
 */

/** A bought title may be watched this long after its first play (SPEC §9). */
export const PURCHASE_WINDOW_MS = 8 * 60 * 60 * 1000;

/**
 * A screening's catch-up: its ticket holders may watch its package again, from the start and at their own
 * pace, this long after its end (issue 30, decision record 0055). The live stream itself ends with it.
 */
export const CATCH_UP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The end of a screening's catch-up. */
export function catchUpEnd(screeningEnd: Date): Date {
  return new Date(screeningEnd.getTime() + CATCH_UP_WINDOW_MS);
}

/** Kinds a subscription covers; screenings and festivals need a ticket (SPEC §6). */
const SUBSCRIPTION_KINDS: readonly ProductKind[] = ['film', 'series', 'music'];

export interface TitleFacts {
  id: number;
  kind: ProductKind;
  isFree: boolean;
  /** Countries (ISO alpha-2) where it may be shown; empty means everywhere. */
  regions: string[];
  availableFrom: Date | null;
  availableUntil: Date | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Whether the title (or the episode asked for) has a package to play. */
  hasMedia: boolean;
  inSubscription: boolean;
  purchasable: boolean;
  /** Festivals whose programme holds this title: their tickets cover it. */
  festivalIds: number[];
}

export interface TicketFacts {
  id: number;
  code: string;
  productId: number;
  kind: TicketKind;
  ownerUserId: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  network: string | null;
}

export interface ViewerFacts {
  /** The logged-in account, or null (anonymous, or a limited ticket session). */
  userId: number | null;
  /** Country of the client address as the server sees it; null when unknown (outside every region). */
  country: string | null;
  /** The streaming network a live ticket is bound to: the streaming IP, else the client address. */
  network: string;
  /** Subscriptions running now. */
  subscriptionActive: boolean;
  /** Purchases of this title, oldest first. */
  purchases: { id: number; firstPlayedAt: Date | null }[];
  /** The ticket the viewer plays with (typed code or limited session); null when none was given. */
  presentedTicket: TicketFacts | null;
  /** Tickets the account owns that might cover this title. */
  ownedTickets: TicketFacts[];
}

/** `play` may open windows and bind tickets; `key` (the media key endpoint) only checks what is. */
export type AccessMode = 'play' | 'key';

export type Denial =
  | 'unauthenticated'
  | 'not_in_region'
  | 'not_available_now'
  | 'screening_ended'
  | 'screening_not_started'
  | 'no_media'
  | 'needs_access'
  | 'plans_not_available'
  | 'ticket_invalid'
  | 'ticket_used'
  | 'ticket_expired'
  | 'ticket_wrong_network';

export interface Grant {
  via: 'free' | 'subscription' | 'purchase' | 'ticket';
  /** A purchase whose 8-hour window this play opens. */
  startPurchaseId?: number;
  /** The ticket used: marked used, bound to the network (live) and claimed by the account (unowned). */
  ticket?: TicketFacts;
}

export type AccessDecision =
  { ok: true; grant: Grant } | { ok: false; denial: Denial; startsAt?: Date | null; ask?: AccessAsk };

export type TicketStatus = 'valid' | 'used' | 'expired' | 'wrong_network' | 'not_yet' | 'login';

/**
 * The same network: equal IPv4 /24 or IPv6 /64 prefixes, so a viewer whose address moves inside their
 * provider's block (DHCP renewals, carrier NAT pools) keeps their ticket, and another household does not.
 */
export function sameNetwork(a: string, b: string): boolean {
  const prefix = (address: string) => {
    const ip = address.replace(/^::ffff:/i, '');
    const version = isIP(ip);
    if (version === 4) return ip.split('.').slice(0, 3).join('.');
    if (version === 6) return expandIpv6(ip).slice(0, 4).join(':');
    return ip;
  };
  return prefix(a) === prefix(b);
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => part.replace(/^0+(?=.)/, ''));
}

/** The end of a ticket's validity: its own, or for a live ticket its screening's end, whichever first. */
function ticketEnd(ticket: TicketFacts, screeningEnd: Date | null): Date | null {
  const ends = [ticket.validUntil, ticket.kind === 'live' ? screeningEnd : null].filter(
    (end): end is Date => end !== null,
  );
  return ends.length === 0 ? null : new Date(Math.min(...ends.map((end) => end.getTime())));
}

/** Whether the ticket is for this title: its screening, or a festival whose programme holds the title. */
export function ticketCovers(ticket: TicketFacts, title: TitleFacts): boolean {
  if (ticket.kind === 'live') return ticket.productId === title.id && title.kind === 'screening';
  return title.festivalIds.includes(ticket.productId);
}

/** What /check-ticket answers for a ticket, from the viewer's side (`title` is what it covers). */
export function ticketStatus(
  ticket: TicketFacts,
  screeningEnd: Date | null,
  viewer: Pick<ViewerFacts, 'userId' | 'network'>,
  now: Date,
): TicketStatus {
  if (ticket.ownerUserId !== null && ticket.ownerUserId !== viewer.userId) {
    return viewer.userId === null ? 'login' : 'used';
  }
  const end = ticketEnd(ticket, screeningEnd);
  if (end && end <= now) return 'expired';
  if (ticket.validFrom && ticket.validFrom > now) return 'not_yet';
  if (ticket.kind === 'live' && ticket.network !== null && !sameNetwork(ticket.network, viewer.network)) {
    return 'wrong_network';
  }
  return 'valid';
}

const ticketDenial: Record<Exclude<TicketStatus, 'valid'>, Denial> = {
  login: 'unauthenticated',
  used: 'ticket_used',
  expired: 'ticket_expired',
  not_yet: 'not_available_now',
  wrong_network: 'ticket_wrong_network',
};

/** A usable ticket; in key mode a live ticket must already be bound to this network. */
function ticketGrant(ticket: TicketFacts, mode: AccessMode): Grant | null {
  if (mode === 'key' && ticket.kind === 'live' && ticket.network === null) return null;
  return { via: 'ticket', ticket };
}

/** The facts that decide what opens a title, whoever the viewer is. */
export type SaleFacts = Pick<
  TitleFacts,
  'kind' | 'isFree' | 'inSubscription' | 'purchasable' | 'festivalIds'
>;

/**
 * What would let anyone watch the title: free for all; a subscription (films, series and music in
 * one); buying it (a screening's ticket, a festival's pass, any other title on its own); the pass of a
 * festival whose programme holds it. Empty: sold by no plan.
 */
export function openers(title: SaleFacts): Opener[] {
  if (title.isFree) return ['free'];
  const ways = new Set<Opener>();
  if (title.inSubscription && SUBSCRIPTION_KINDS.includes(title.kind)) ways.add('subscription');
  if (title.purchasable) {
    ways.add(title.kind === 'screening' ? 'ticket' : title.kind === 'festival' ? 'festival' : 'purchase');
  }
  if (title.festivalIds.length > 0) ways.add('festival');
  return openerOrder.filter((way) => ways.has(way));
}

/** What a viewer refused for want of access is told to get: the refusal's message. */
export type AccessAsk =
  'needs_access' | 'needs_subscription' | 'needs_purchase' | 'needs_ticket' | 'needs_pass';

/**
 * The ask of a `needs_access` refusal, from what opens the title (`openers`), so the player never
 * offers a subscription for a title no plan includes, nor a purchase for one sold by subscription only.
 */
export function accessAsk(opens: readonly Opener[]): AccessAsk {
  if (opens.includes('subscription')) return opens.length === 1 ? 'needs_subscription' : 'needs_access';
  if (opens.includes('purchase')) return 'needs_purchase';
  if (opens.includes('ticket')) return 'needs_ticket';
  if (opens.includes('festival')) return 'needs_pass';
  return 'needs_access';
}

/**
 * The catch-up of an ended screening: a live ticket of it, owned or presented, under the rules it had
 * live (its owner, its network) but valid until the catch-up's end rather than the screening's.
 */
function catchUpEntitlement(
  title: TitleFacts,
  screeningEnd: Date,
  viewer: ViewerFacts,
  now: Date,
  mode: AccessMode,
): Grant | Denial {
  if (now >= catchUpEnd(screeningEnd)) return 'screening_ended';
  const held = [viewer.presentedTicket, ...viewer.ownedTickets].filter(
    (ticket): ticket is TicketFacts =>
      ticket !== null && ticket.kind === 'live' && ticketCovers(ticket, title),
  );
  let denial: Denial = 'screening_ended';
  for (const ticket of held) {
    const status = ticketStatus({ ...ticket, validUntil: null }, catchUpEnd(screeningEnd), viewer, now);
    const grant = status === 'valid' ? ticketGrant(ticket, mode) : null;
    if (grant) return grant;
    denial = status === 'valid' ? 'ticket_wrong_network' : ticketDenial[status];
  }
  return denial;
}

/** The entitlement that lets the viewer play the title, or the reason it does not. */
function entitlement(title: TitleFacts, viewer: ViewerFacts, now: Date, mode: AccessMode): Grant | Denial {
  if (viewer.presentedTicket) {
    const ticket = viewer.presentedTicket;
    if (!ticketCovers(ticket, title)) return 'ticket_invalid';
    const status = ticketStatus(ticket, title.endsAt, viewer, now);
    if (status !== 'valid') return ticketDenial[status];
    return ticketGrant(ticket, mode) ?? 'ticket_wrong_network';
  }
  if (title.isFree) return { via: 'free' };
  if (viewer.subscriptionActive && title.inSubscription && SUBSCRIPTION_KINDS.includes(title.kind)) {
    return { via: 'subscription' };
  }
  const open = viewer.purchases.find(
    (purchase) =>
      purchase.firstPlayedAt && now.getTime() < purchase.firstPlayedAt.getTime() + PURCHASE_WINDOW_MS,
  );
  if (open) return { via: 'purchase' };
  const unopened = viewer.purchases.find((purchase) => purchase.firstPlayedAt === null);
  if (unopened && mode === 'play') return { via: 'purchase', startPurchaseId: unopened.id };
  let wrongNetwork = false;
  for (const ticket of viewer.ownedTickets.filter((owned) => ticketCovers(owned, title))) {
    const status = ticketStatus(ticket, title.endsAt, viewer, now);
    wrongNetwork ||= status === 'wrong_network';
    const grant = status === 'valid' ? ticketGrant(ticket, mode) : null;
    if (grant) return grant;
  }
  if (wrongNetwork) return 'ticket_wrong_network';
  if (openers(title).length === 0) return 'plans_not_available';
  return viewer.userId === null ? 'unauthenticated' : 'needs_access';
}

/**
 * How the viewer may already watch the title without buying anything (commerce refuses to sell what is
 * held). A festival is held by a valid ticket of its own.
 */
export function heldEntitlement(title: TitleFacts, viewer: ViewerFacts, now: Date): Grant['via'] | null {
  if (title.kind === 'festival') {
    const valid = viewer.ownedTickets.some(
      (ticket) => ticket.productId === title.id && ticketStatus(ticket, null, viewer, now) === 'valid',
    );
    return valid ? 'ticket' : null;
  }
  const granted = entitlement(title, { ...viewer, presentedTicket: null }, now, 'play');
  return typeof granted === 'string' ? null : granted.via;
}

/**
 * The rules, in the order a viewer should hear about them: where and when the title may be shown at
 * all (nobody can fix those by paying), whether there is anything to play, then the viewer's access.
 * A screening that has not started counts down for those who hold a ticket; others are asked to buy.
 * An ended one plays only as its catch-up, to its ticket holders (`catchUpEntitlement`).
 */
export function decideAccess(
  title: TitleFacts,
  viewer: ViewerFacts,
  now: Date,
  mode: AccessMode = 'play',
  /** The play asks for a screening's catch-up (on demand, after its end), not its live stream. */
  catchUp = false,
): AccessDecision {
  const deny = (denial: Denial): AccessDecision => ({ ok: false, denial });
  if (!shownIn(title.regions, viewer.country)) return deny('not_in_region');
  if (
    (title.availableFrom && title.availableFrom > now) ||
    (title.availableUntil && title.availableUntil <= now)
  ) {
    return deny('not_available_now');
  }
  /** An ended screening's end: its live stream is over, its catch-up may still play. */
  const ended = title.kind === 'screening' && title.endsAt && title.endsAt <= now ? title.endsAt : null;
  if (ended && !catchUp) return deny('screening_ended');
  if (!title.hasMedia && mode === 'play') return deny('no_media');
  if (ended) {
    const granted = catchUpEntitlement(title, ended, viewer, now, mode);
    return typeof granted === 'string' ? deny(granted) : { ok: true, grant: granted };
  }
  const granted = entitlement(title, viewer, now, mode);
  if (granted === 'needs_access') return { ok: false, denial: granted, ask: accessAsk(openers(title)) };
  if (typeof granted === 'string') return deny(granted);
  if (title.kind === 'screening' && title.startsAt && title.startsAt > now) {
    return { ok: false, denial: 'screening_not_started', startsAt: title.startsAt };
  }
  return { ok: true, grant: granted };
}

// ------------------------------------------------------------------------------------ loading facts

/** The columns of a ticket's facts, for queries that load tickets with something else. */
export const ticketColumns = {
  id: tickets.id,
  code: tickets.code,
  productId: tickets.productId,
  kind: tickets.kind,
  ownerUserId: tickets.ownerUserId,
  validFrom: tickets.validFrom,
  validUntil: tickets.validUntil,
  network: tickets.network,
};

export async function loadTicket(
  db: Db,
  where: { code: string } | { id: number },
): Promise<TicketFacts | null> {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .where('code' in where ? eq(tickets.code, where.code) : eq(tickets.id, where.id));
  return row ?? null;
}

/**
 * The title's facts; `hasMedia` comes from the caller, who knows whether a package is there to play
 * (play-info reads its manifest; the key endpoint is serving one).
 */
export async function loadTitle(db: Db, productId: number, hasMedia: boolean): Promise<TitleFacts | null> {
  const [row] = await db
    .select({
      product: products,
      inSubscription: productSales.inSubscription,
      purchasable: productSales.purchasable,
    })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) return null;
  const festivals = await db
    .select({ id: festivalTitles.festivalId })
    .from(festivalTitles)
    .where(eq(festivalTitles.productId, productId));
  const p = row.product;
  return {
    id: p.id,
    kind: p.kind,
    isFree: p.isFree,
    regions: p.regions,
    availableFrom: p.availableFrom,
    availableUntil: p.availableUntil,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    hasMedia,
    inSubscription: row.inSubscription ?? true,
    purchasable: row.purchasable ?? true,
    festivalIds: festivals.map((festival) => festival.id),
  };
}

/** What opens each of these titles (cards and title pages), with two queries for all of them. */
export async function openersOf(
  db: Db,
  titles: readonly (Pick<SaleFacts, 'kind' | 'isFree'> & { id: number })[],
): Promise<Map<number, Opener[]>> {
  const ids = titles.map((title) => title.id);
  if (ids.length === 0) return new Map();
  const sales = await db.select().from(productSales).where(inArray(productSales.productId, ids));
  const inFestivals = await db
    .select({ productId: festivalTitles.productId, festivalId: festivalTitles.festivalId })
    .from(festivalTitles)
    .where(inArray(festivalTitles.productId, ids));
  const saleOf = new Map(sales.map((sale) => [sale.productId, sale]));
  return new Map(
    titles.map((title) => {
      const sale = saleOf.get(title.id);
      const facts: SaleFacts = {
        kind: title.kind,
        isFree: title.isFree,
        inSubscription: sale?.inSubscription ?? true,
        purchasable: sale?.purchasable ?? true,
        festivalIds: inFestivals.filter((row) => row.productId === title.id).map((row) => row.festivalId),
      };
      return [title.id, openers(facts)];
    }),
  );
}

export interface ViewerIdentity {
  userId: number | null;
  clientAddress: string;
  /** The streaming IP the client reported; the client address when it reported none. */
  streamingIp: string | null;
  presentedTicket: TicketFacts | null;
}

export async function loadViewer(
  ctx: AppContext,
  title: TitleFacts,
  who: ViewerIdentity,
  now: Date,
  /** A transaction to read in (commerce checks ownership with the buyer locked). */
  db: Db = ctx.database.db,
): Promise<ViewerFacts> {
  const country = ctx.geo.locate(who.clientAddress).country;
  const network = who.streamingIp ?? who.clientAddress;
  if (who.userId === null) {
    return {
      userId: null,
      country,
      network,
      subscriptionActive: false,
      purchases: [],
      presentedTicket: who.presentedTicket,
      ownedTickets: [],
    };
  }
  const userId = who.userId;
  const [subscription] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), lte(subscriptions.startsAt, now), gt(subscriptions.endsAt, now)),
    )
    .limit(1);
  const purchases = await db
    .select({ id: titlePurchases.id, firstPlayedAt: titlePurchases.firstPlayedAt })
    .from(titlePurchases)
    .where(and(eq(titlePurchases.userId, userId), eq(titlePurchases.productId, title.id)))
    .orderBy(titlePurchases.id);
  const coveringProducts = [title.id, ...title.festivalIds];
  const ownedTickets = await db
    .select(ticketColumns)
    .from(tickets)
    .where(and(eq(tickets.ownerUserId, userId), inArray(tickets.productId, coveringProducts)))
    .orderBy(tickets.id);
  return {
    userId,
    country,
    network,
    subscriptionActive: subscription !== undefined,
    purchases,
    presentedTicket: who.presentedTicket,
    ownedTickets,
  };
}

// ------------------------------------------------------------------------------------- one-time effects

/**
 * Applies a play's one-time effects, each a conditional update that only the first request wins.
 * Returns false when a concurrent request changed the facts first (another network bound the ticket,
 * another account claimed it): the caller then decides again on fresh facts.
 */
async function applyEffects(db: Db, grant: Grant, viewer: ViewerFacts, now: Date): Promise<boolean> {
  if (grant.startPurchaseId !== undefined) {
    // Losing this race is harmless: the window the winner opened began at the same moment or earlier.
    await db
      .update(titlePurchases)
      .set({ firstPlayedAt: now })
      .where(and(eq(titlePurchases.id, grant.startPurchaseId), isNull(titlePurchases.firstPlayedAt)));
  }
  const ticket = grant.ticket;
  if (!ticket) return true;
  if (ticket.kind === 'live' && ticket.network === null) {
    const bound = await db
      .update(tickets)
      .set({ network: viewer.network })
      .where(and(eq(tickets.id, ticket.id), isNull(tickets.network)))
      .returning({ id: tickets.id });
    if (bound.length === 0) return false;
  }
  if (ticket.ownerUserId === null && viewer.userId !== null) {
    const claimed = await db
      .update(tickets)
      .set({ ownerUserId: viewer.userId })
      .where(
        and(
          eq(tickets.id, ticket.id),
          or(isNull(tickets.ownerUserId), eq(tickets.ownerUserId, viewer.userId)),
        ),
      )
      .returning({ id: tickets.id });
    if (claimed.length === 0) return false;
  }
  await db
    .update(tickets)
    .set({ usedAt: now })
    .where(and(eq(tickets.id, ticket.id), isNull(tickets.usedAt)));
  return true;
}

/**
 * Decides a play and applies its effects. A lost race is decided again on reloaded facts, which then
 * show the winner's state (a bound network, an owner), so the second decision is final.
 */
export async function authorizePlay(
  ctx: AppContext,
  title: TitleFacts,
  who: ViewerIdentity,
  now: Date,
  catchUp = false,
): Promise<AccessDecision> {
  const { db } = ctx.database;
  for (let attempt = 0; attempt < 3; attempt++) {
    const viewer = await loadViewer(ctx, title, who, now);
    const decision = decideAccess(title, viewer, now, 'play', catchUp);
    if (!decision.ok || (await applyEffects(db, decision.grant, viewer, now))) return decision;
    if (who.presentedTicket) {
      who = { ...who, presentedTicket: await loadTicket(db, { id: who.presentedTicket.id }) };
    }
  }
  // Facts only move forward (a network bound, an owner set), so a third lost race cannot happen.
  return { ok: false, denial: 'ticket_invalid' };
}
