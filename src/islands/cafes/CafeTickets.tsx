import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { scheduleTime } from '~/lib/schedule-time';
import type { CafeTicket } from '~/shared/cafes';
import { CopyCode } from '../purchase/CopyCode';
import { useViewerZone } from '../shared/useViewerZone';
import { seatLabel } from './SeatMap';

/**
 * The viewer's cafe seats on /account/tickets (GET /me/cafe-tickets, fetched by the tickets list, which
 * also decides when there is nothing at all): each seat's code to read out and its QR code to show at
 * the door. Nothing when there are none.
 */
export function CafeTickets({ locale, tickets }: { locale: Locale; tickets: CafeTicket[] }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  if (tickets.length === 0) return null;
  return (
    <section aria-labelledby="cafe-seats" className="mb-10 flex max-w-3xl flex-col gap-3">
      <h2 id="cafe-seats" className="text-xl font-bold">
        {t('cafes.tickets.heading')}
      </h2>
      <ul className="flex flex-col gap-3">
        {tickets.map((ticket) => (
          <li
            key={ticket.code}
            className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-start"
            data-cafe-ticket={ticket.code}
          >
            <img
              src={ticket.qr}
              alt={t('cafes.tickets.qr', { code: ticket.code })}
              width={144}
              height={144}
              className="size-36 shrink-0 rounded-lg bg-white p-1"
            />
            <div className="flex min-w-0 flex-col gap-2">
              <h3 className="font-bold">
                <a href={ticket.product.href} className="underline">
                  {locale === 'fa' ? ticket.product.title : ticket.product.en_title}
                </a>
                {' · '}
                {ticket.place
                  ? seatLabel(t, ticket.place, locale)
                  : t('cafes.tickets.seat', { n: localDigits(ticket.seat, locale) })}
              </h3>
              <p className="text-ink-muted">
                <a href={ticket.cafe.href} className="underline">
                  {locale === 'fa' ? ticket.cafe.name : ticket.cafe.en_name}
                </a>
                {' · '}
                {scheduleTime(ticket.session.starts_at, locale, zone)}
              </p>
              <CopyCode code={ticket.code} label={t('cafes.tickets.code')} />
              <p className="flex flex-wrap items-center gap-3">
                <span
                  className="rounded-full border border-line px-3 text-sm font-bold"
                  data-status={ticket.status}
                >
                  {t(`cafes.tickets.statuses.${ticket.status}`)}
                </span>
                {ticket.checked_in_at && (
                  <span className="text-sm text-ink-muted">
                    {t('cafes.tickets.checkedIn', { date: scheduleTime(ticket.checked_in_at, locale, zone) })}
                  </span>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
