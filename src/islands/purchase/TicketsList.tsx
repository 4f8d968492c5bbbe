import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localPath, type Locale } from '~/lib/locale';
import { festivalPlayRoute } from '~/lib/routes';
import { scheduleTime } from '~/lib/schedule-time';
import type { CafeTicket, CafeTickets as CafeTicketsReply } from '~/shared/cafes';
import type { OwnTickets } from '~/shared/playback';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { CafeTickets } from '../cafes/CafeTickets';
import { browserApi } from '../shared/api';
import { useViewerZone } from '../shared/useViewerZone';
import { CopyCode } from './CopyCode';

type Ticket = OwnTickets['tickets'][number];

/** Screening tickets play at the screening's own address; festival ones at the festival's ticket page. */
function watchPath(ticket: Ticket): string {
  return ticket.kind === 'live' ? `/lives/play/${ticket.product.id}` : festivalPlayRoute(ticket.product.id);
}

/**
 * /account/tickets: cafe seats (GET /me/cafe-tickets) first, then screening and festival tickets
 * (GET /me/tickets, newest first), each with its code and what a check says of it. "No tickets yet" only
 * when both lists are empty: cafe seats are tickets too.
 */
function Tickets({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [lists, setLists] = useState<{ tickets: Ticket[]; seats: CafeTicket[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([
      api<OwnTickets>('/me/tickets', { signal }),
      api<CafeTicketsReply>('/me/cafe-tickets', { signal }),
    ]).then(
      ([own, cafe]) => setLists({ tickets: own.tickets, seats: cafe.tickets }),
      () => {},
    );
    return () => controller.abort();
  }, [api]);

  if (!lists) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const { tickets, seats } = lists;
  if (tickets.length === 0 && seats.length === 0) return <p>{t('commerce.tickets.empty')}</p>;
  return (
    <>
      <CafeTickets locale={locale} tickets={seats} />
      {tickets.length > 0 && (
        <ul className="flex max-w-3xl flex-col gap-3">
          {tickets.map((ticket) => (
            <li
              key={ticket.code}
              className="flex flex-col gap-3 rounded-2xl border border-line p-4"
              data-ticket={ticket.code}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 className="font-bold">
                  <a href={ticket.product.href} className="underline">
                    {locale === 'fa' ? ticket.product.title : ticket.product.en_title}
                  </a>
                </h2>
                <span className="text-sm text-ink-muted">{t(`commerce.tickets.kinds.${ticket.kind}`)}</span>
              </div>
              {ticket.starts_at && (
                <p className="text-ink-muted">
                  {t('commerce.tickets.startsAt', { date: scheduleTime(ticket.starts_at, locale, zone) })}
                </p>
              )}
              <CopyCode code={ticket.code} label={t('commerce.tickets.code')} />
              <div className="flex flex-wrap items-center gap-3">
                <span
                  className="rounded-full border border-line px-3 text-sm font-bold"
                  data-status={ticket.status}
                >
                  {t(`commerce.tickets.statuses.${ticket.status}`)}
                </span>
                {ticket.status === 'valid' && (
                  <a href={localPath(watchPath(ticket), locale)} className="font-bold text-accent underline">
                    {t('commerce.tickets.watch')}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function TicketsList({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <Tickets locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
