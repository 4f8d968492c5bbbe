import type { TicketKind } from '~/shared/playback';

/**
 * Which play call a page makes: a title (`/play/[id]`), its trailer (`/play-preview/[id]`, also the
 * self-test's stream), a festival ticket (`/play`, or a festival of its own at `/play?festival=[id]`),
 * or a live screening (`/lives/play/[id]`, or by ticket at `/lives/play`).
 */
export type PlayMode = 'title' | 'preview' | 'ticket' | 'live' | 'live-ticket';

/** What the player shows: the play button, the ticket form, a countdown, loading, the picture, or why not. */
export type Phase =
  | { name: 'idle' }
  | { name: 'ticket' }
  | { name: 'countdown'; startsAt: number }
  | { name: 'loading' }
  | { name: 'playing' }
  | {
      name: 'error';
      message: string;
      actions: ErrorAction[];
    };

/** What the error panel offers: log in, try again, buy, the title's ways to watch, a ticket, a report. */
export type ErrorAction = 'login' | 'retry' | 'buy' | 'ways' | 'ticket' | 'report';

export const isLive = (mode: PlayMode) => mode === 'live' || mode === 'live-ticket';
/** Pages where a ticket code is one way in: a viewer asked to log in may type one instead. */
export const takesTickets = (mode: PlayMode) => isLive(mode) || mode === 'ticket';
export const ticketKindOf = (mode: PlayMode): TicketKind => (isLive(mode) ? 'live' : 'festival');

/** The play call of each page, with the ticket code once one was entered. */
export function playRequestOf(
  mode: PlayMode,
  productId: number | null,
  episodeId: number | null,
  ticket: string | null,
) {
  if (mode === 'preview') return { path: `/play-preview-info/${productId}`, query: {} };
  const base = isLive(mode) ? '/live-play-info' : '/play-info';
  const path = productId ? `${base}/${productId}` : base;
  return { path, query: { episode: isLive(mode) ? null : episodeId, using_ticket: ticket } };
}
