import type { Locale } from '~/lib/locale';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import type { PlayerOffer } from '~/shared/playback';
import { Countdown } from './Countdown';
import { ErrorPanel } from './ErrorPanel';
import { ticketKindOf, type Phase, type PlayMode } from './play-modes';
import { TicketForm } from './TicketForm';

interface PlayerOverlayProps {
  locale: Locale;
  strings: PlayerStrings;
  mode: PlayMode;
  phase: Phase;
  title: string;
  /** A screening whose play call answered: pressing play joins it. */
  live: boolean;
  serverNow: number;
  ipUrls: string[];
  titleHref: string;
  offer: PlayerOffer | null;
  onPlay: () => void;
  /** Asks to play (again): the countdown ran out, or the viewer retries. */
  onStart: () => void;
  onTicket: (code: string) => void;
  onTicketForm: () => void;
  /** Null before the play call named the title (nothing to report about yet). */
  onReport: (() => void) | null;
}

/** What covers the picture until it plays: the play button, loading, a countdown, the ticket form, or why not. */
export function PlayerOverlay({
  locale,
  strings,
  mode,
  phase,
  title,
  live,
  serverNow,
  ipUrls,
  titleHref,
  offer,
  onPlay,
  onStart,
  onTicket,
  onTicketForm,
  onReport,
}: PlayerOverlayProps) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-5 bg-black/60 p-6 text-center">
      {phase.name === 'idle' && live && <p className="text-lg">{strings.tapToWatch}</p>}
      {phase.name === 'idle' && (
        <button
          type="button"
          onClick={onPlay}
          className="flex size-24 items-center justify-center rounded-full bg-accent text-accent-ink shadow-xl hover:scale-105 focus-visible:outline-white md:size-28"
          aria-label={fillText(
            mode === 'preview' ? strings.playPreview : strings.playTitle,
            { title },
            locale,
          )}
          data-play
        >
          <svg viewBox="0 0 24 24" className="size-12 translate-x-1" fill="currentColor" aria-hidden="true">
            <path d="M8 5v14l11-7z" />
          </svg>
        </button>
      )}
      {phase.name === 'loading' && (
        <p role="status" className="flex items-center gap-3 text-lg">
          <span
            className="size-8 animate-spin rounded-full border-4 border-white/30 border-t-white"
            aria-hidden="true"
          />
          {strings.loading}
        </p>
      )}
      {phase.name === 'countdown' && (
        <Countdown
          locale={locale}
          strings={strings}
          startsAt={phase.startsAt}
          serverNow={serverNow}
          onDone={onStart}
        />
      )}
      {phase.name === 'ticket' && (
        <TicketForm
          locale={locale}
          strings={strings}
          kind={ticketKindOf(mode)}
          onValid={onTicket}
          ipUrls={ipUrls}
        />
      )}
      {phase.name === 'error' && (
        <ErrorPanel
          strings={strings}
          message={phase.message}
          actions={phase.actions}
          titleHref={titleHref}
          offer={offer}
          onRetry={onStart}
          onTicket={onTicketForm}
          onReport={onReport}
        />
      )}
    </div>
  );
}
