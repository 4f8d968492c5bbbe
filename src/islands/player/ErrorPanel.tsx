import { useEffect, useRef } from 'react';
import type { PlayerStrings } from '~/lib/player/text';
import type { PlayerOffer } from '~/shared/playback';
import { requestLogin } from '../catalog/session';
import type { ErrorAction } from './play-modes';

/**
 * Why the title does not play and what to do about it. Its first action takes the focus when the
 * press that led here left none (the play button is gone), so a keyboard viewer lands on the way on.
 */
export function ErrorPanel({
  strings,
  message,
  actions,
  titleHref,
  offer,
  onRetry,
  onTicket,
  onReport,
}: {
  strings: PlayerStrings;
  message: string;
  actions: ErrorAction[];
  titleHref: string;
  offer: PlayerOffer | null;
  onRetry: () => void;
  onTicket: () => void;
  /** Null before the play call named the title (nothing to report about yet). */
  onReport: (() => void) | null;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, []);
  return (
    <div ref={panel} role="alert" className="flex max-w-lg flex-col items-center gap-4" data-player-error>
      <p className="text-xl font-bold">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {actions.includes('buy') && offer && (
          <a href={offer.href} className="button-primary no-underline" data-player-buy>
            {offer.label}
          </a>
        )}
        {actions.includes('login') && (
          <button type="button" className="button-primary" onClick={requestLogin}>
            {strings.logIn}
          </button>
        )}
        {actions.includes('retry') && (
          <button type="button" className="button-primary" onClick={onRetry}>
            {strings.retry}
          </button>
        )}
        {actions.includes('ticket') && (
          <button type="button" className="button-secondary text-white hover:bg-white/10" onClick={onTicket}>
            {strings.ticket.have}
          </button>
        )}
        {actions.includes('report') && onReport && (
          <button type="button" className="button-secondary text-white hover:bg-white/10" onClick={onReport}>
            {strings.report.open}
          </button>
        )}
        {actions.includes('ways') && (
          <a href={titleHref} className="button-secondary text-white no-underline hover:bg-white/10">
            {strings.waysToWatch}
          </a>
        )}
      </div>
    </div>
  );
}
