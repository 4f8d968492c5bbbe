import { describe, expect, it } from 'vitest';
import {
  CATCH_UP_WINDOW_MS,
  decideAccess,
  PURCHASE_WINDOW_MS,
  sameNetwork,
  ticketStatus,
  type TicketFacts,
  type TitleFacts,
  type ViewerFacts,
} from '~/server/playback/access';

/** The access rules as a pure function: every rule and its order, without a database. */

const now = new Date('2026-03-21T08:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);

const film: TitleFacts = {
  id: 1,
  kind: 'film',
  isFree: false,
  regions: [],
  availableFrom: null,
  availableUntil: null,
  startsAt: null,
  endsAt: null,
  hasMedia: true,
  inSubscription: true,
  purchasable: true,
  festivalIds: [],
};
const screening: TitleFacts = { ...film, id: 2, kind: 'screening', startsAt: hours(-1), endsAt: hours(1) };

const anonymous: ViewerFacts = {
  userId: null,
  country: 'IR',
  network: '5.160.0.1',
  subscriptionActive: false,
  purchases: [],
  presentedTicket: null,
  ownedTickets: [],
};
const member: ViewerFacts = { ...anonymous, userId: 7 };
const liveTicket: TicketFacts = {
  id: 3,
  code: 'LIVE-1',
  productId: 2,
  kind: 'live',
  ownerUserId: null,
  validFrom: null,
  validUntil: null,
  network: null,
};

const denial = (title: TitleFacts, viewer: ViewerFacts, at = now, mode: 'play' | 'key' = 'play') => {
  const decision = decideAccess(title, viewer, at, mode);
  return decision.ok ? `ok:${decision.grant.via}` : decision.denial;
};

describe('access rules', () => {
  it('free titles play for anyone; paid ones ask anonymous viewers to log in and members to buy', () => {
    expect(denial({ ...film, isFree: true }, anonymous)).toBe('ok:free');
    expect(denial(film, anonymous)).toBe('unauthenticated');
    expect(denial(film, member)).toBe('needs_access');
  });

  it('a subscription covers films, series and music sold in subscriptions, not screenings or unsold titles', () => {
    const subscribed = { ...member, subscriptionActive: true };
    for (const kind of ['film', 'series', 'music'] as const) {
      expect(denial({ ...film, kind }, subscribed)).toBe('ok:subscription');
    }
    expect(denial(screening, subscribed)).toBe('needs_access');
    expect(denial({ ...film, inSubscription: false }, subscribed)).toBe('needs_access');
    expect(denial({ ...film, inSubscription: false, purchasable: false }, subscribed)).toBe(
      'plans_not_available',
    );
    expect(denial({ ...film, inSubscription: false, purchasable: false }, anonymous)).toBe(
      'plans_not_available',
    );
  });

  it('a bought title opens its 8-hour window on first play and closes after it', () => {
    const unopened = decideAccess(film, { ...member, purchases: [{ id: 9, firstPlayedAt: null }] }, now);
    expect(unopened).toEqual({ ok: true, grant: { via: 'purchase', startPurchaseId: 9 } });
    const opened = { ...member, purchases: [{ id: 9, firstPlayedAt: now }] };
    expect(denial(film, opened, new Date(now.getTime() + PURCHASE_WINDOW_MS - 1))).toBe('ok:purchase');
    expect(denial(film, opened, new Date(now.getTime() + PURCHASE_WINDOW_MS))).toBe('needs_access');
    // The key endpoint never opens a window: only a play does.
    expect(denial(film, { ...member, purchases: [{ id: 9, firstPlayedAt: null }] }, now, 'key')).toBe(
      'needs_access',
    );
  });

  it('checks region, then the licence window, then media, before access', () => {
    const subscribed = { ...member, subscriptionActive: true };
    expect(denial({ ...film, regions: ['US'] }, subscribed)).toBe('not_in_region');
    expect(denial({ ...film, regions: ['IR'] }, subscribed)).toBe('ok:subscription');
    // An unknown country (private address) is outside every region, as on the title pages; a title
    // shown everywhere still plays there.
    expect(denial({ ...film, regions: ['US'] }, { ...subscribed, country: null })).toBe('not_in_region');
    expect(denial(film, { ...subscribed, country: null })).toBe('ok:subscription');
    expect(denial({ ...film, availableFrom: hours(1) }, subscribed)).toBe('not_available_now');
    expect(denial({ ...film, availableUntil: hours(-1) }, subscribed)).toBe('not_available_now');
    expect(denial({ ...film, hasMedia: false }, anonymous)).toBe('no_media');
    expect(denial({ ...film, hasMedia: false, regions: ['US'] }, anonymous)).toBe('not_in_region');
  });

  it('screenings need their ticket; they count down for ticket holders and end for everyone', () => {
    const holder = { ...member, ownedTickets: [{ ...liveTicket, ownerUserId: 7 }] };
    expect(denial(screening, holder)).toBe('ok:ticket');
    expect(denial(screening, member)).toBe('needs_access');
    const later = { ...screening, startsAt: hours(2), endsAt: hours(4) };
    const countdown = decideAccess(later, holder, now);
    expect(countdown).toEqual({ ok: false, denial: 'screening_not_started', startsAt: hours(2) });
    expect(denial(later, member)).toBe('needs_access');
    expect(denial(screening, holder, hours(1))).toBe('screening_ended');
  });

  it('an ended screening plays only as its catch-up, to its ticket holders, for a week after its end', () => {
    // A bought ticket is valid until the screening's end; the catch-up outlasts that.
    const holder = { ...member, ownedTickets: [{ ...liveTicket, ownerUserId: 7, validUntil: hours(1) }] };
    const catchUp = (viewer: ViewerFacts, at: Date, title = screening, mode: 'play' | 'key' = 'play') => {
      const decision = decideAccess(title, viewer, at, mode, true);
      return decision.ok ? `ok:${decision.grant.via}` : decision.denial;
    };
    const lastMoment = new Date(hours(1).getTime() + CATCH_UP_WINDOW_MS - 1);
    expect(catchUp(holder, hours(2))).toBe('ok:ticket');
    expect(catchUp(holder, lastMoment)).toBe('ok:ticket');
    expect(catchUp(holder, new Date(lastMoment.getTime() + 1))).toBe('screening_ended');
    // The live stream is not the catch-up: it ends with the screening.
    expect(denial(screening, holder, hours(2))).toBe('screening_ended');
    // Before the end, the catch-up is the screening as it runs (live, same rules).
    expect(catchUp(holder, now)).toBe('ok:ticket');
    // No ticket, someone else's, another household's, nothing packaged: refused.
    expect(catchUp(member, hours(2))).toBe('screening_ended');
    expect(catchUp({ ...member, subscriptionActive: true }, hours(2))).toBe('screening_ended');
    expect(catchUp({ ...member, presentedTicket: { ...liveTicket, ownerUserId: 8 } }, hours(2))).toBe(
      'ticket_used',
    );
    const elsewhere = {
      ...member,
      ownedTickets: [{ ...liveTicket, ownerUserId: 7, network: '85.214.132.117' }],
    };
    expect(catchUp(elsewhere, hours(2))).toBe('ticket_wrong_network');
    expect(catchUp(holder, hours(2), { ...screening, hasMedia: false })).toBe('no_media');
    // The key endpoint: once a play bound the ticket to this network.
    expect(catchUp(holder, hours(2), screening, 'key')).toBe('ticket_wrong_network');
    const bound = { ...member, ownedTickets: [{ ...liveTicket, ownerUserId: 7, network: '5.160.0.1' }] };
    expect(catchUp(bound, hours(2), screening, 'key')).toBe('ok:ticket');
  });

  it('a festival ticket covers the titles of its festival only', () => {
    const pass: TicketFacts = { ...liveTicket, id: 4, kind: 'festival', productId: 50 };
    const inFestival = { ...film, festivalIds: [50] };
    expect(denial(inFestival, { ...anonymous, presentedTicket: pass })).toBe('ok:ticket');
    expect(denial(film, { ...anonymous, presentedTicket: pass })).toBe('ticket_invalid');
    expect(denial(inFestival, { ...anonymous, presentedTicket: { ...pass, validUntil: hours(-1) } })).toBe(
      'ticket_expired',
    );
  });

  it('a live ticket plays on its first network only; an owned ticket needs its owner', () => {
    const bound = { ...liveTicket, network: '5.160.0.1' };
    expect(denial(screening, { ...anonymous, presentedTicket: bound })).toBe('ok:ticket');
    // The same /24 is the same network (a renewed address); another block is not.
    expect(denial(screening, { ...anonymous, network: '5.160.0.77', presentedTicket: bound })).toBe(
      'ok:ticket',
    );
    expect(denial(screening, { ...anonymous, network: '85.214.132.117', presentedTicket: bound })).toBe(
      'ticket_wrong_network',
    );
    expect(denial(screening, { ...anonymous, presentedTicket: liveTicket }, now, 'key')).toBe(
      'ticket_wrong_network',
    );
    const owned = { ...liveTicket, ownerUserId: 8 };
    expect(denial(screening, { ...anonymous, presentedTicket: owned })).toBe('unauthenticated');
    expect(denial(screening, { ...member, presentedTicket: owned })).toBe('ticket_used');
  });

  it('ticket statuses as /check-ticket reports them', () => {
    const viewer = { userId: null, network: '5.160.0.1' };
    expect(ticketStatus(liveTicket, hours(1), viewer, now)).toBe('valid');
    expect(ticketStatus(liveTicket, hours(-1), viewer, now)).toBe('expired');
    expect(ticketStatus({ ...liveTicket, network: '85.214.132.117' }, hours(1), viewer, now)).toBe(
      'wrong_network',
    );
    expect(ticketStatus({ ...liveTicket, ownerUserId: 5 }, hours(1), viewer, now)).toBe('login');
    expect(ticketStatus({ ...liveTicket, ownerUserId: 5 }, hours(1), { ...viewer, userId: 6 }, now)).toBe(
      'used',
    );
  });

  it('compares networks by IPv4 /24 and IPv6 /64', () => {
    expect(sameNetwork('::ffff:5.160.0.1', '5.160.0.200')).toBe(true);
    expect(sameNetwork('2001:db8:1:2::1', '2001:db8:1:2:ffff::9')).toBe(true);
    expect(sameNetwork('2001:db8:1:2::1', '2001:db8:1:3::1')).toBe(false);
  });
});
