import { useTranslation } from 'react-i18next';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ActiveSession } from '~/shared/users';

/** A country code as the page's language names it (IR → ایران / Iran); unknown places say so. */
function placeName(place: string | null, locale: Locale, unknown: string): string {
  if (!place) return unknown;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(place) ?? place;
  } catch {
    return place;
  }
}

const seenFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

interface SessionListProps {
  locale: Locale;
  sessions: (ActiveSession & { current?: boolean })[];
  /** The button on each row (not on the current device's own row). */
  actionLabel: string;
  onAction: (session: ActiveSession) => void;
  busyId: number | null;
}

/**
 * Active devices: what, where, last seen (Solar Hijri with Persian digits on Persian pages). Shared by
 * the 4th-login step and the devices page.
 */
export function SessionList({ locale, sessions, actionLabel, onAction, busyId }: SessionListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3">
      {sessions.map((session) => (
        <li
          key={session.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3"
          data-session-id={session.id}
        >
          <div className="min-w-0">
            <p className="font-bold">
              <bdi>{session.device}</bdi>
              {session.current && (
                <span className="ms-2 rounded-full bg-accent-soft px-2 py-0.5 text-sm text-ink">
                  {t('account.devices.current')}
                </span>
              )}
            </p>
            <p className="text-sm text-ink-muted">
              {placeName(session.place, locale, t('account.devices.unknownPlace'))}
              {' · '}
              {t('account.devices.lastSeen')}{' '}
              <time dateTime={session.last_seen_at}>
                {formatDate(session.last_seen_at, locale, seenFormat)}
              </time>
            </p>
          </div>
          {!session.current && (
            <button
              type="button"
              className="button-secondary min-h-11"
              onClick={() => onAction(session)}
              disabled={busyId !== null}
              aria-label={`${actionLabel}: ${session.device}`}
            >
              {actionLabel}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
