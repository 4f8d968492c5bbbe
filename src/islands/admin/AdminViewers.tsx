import { useEffect, useMemo, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '~/islands/purchase/Money';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { formatDate, localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ViewerActionResponse, ViewerDetail, ViewerSearch, ViewerSummary } from '~/shared/staff-viewers';
import { AdminIsland } from './AdminIsland';

/**
 * /admin/viewers: support finds an account by phone, e-mail or name and sees what it holds; ends its
 * sessions and blocks or unblocks it. Blocking asks first: it logs the viewer out everywhere.
 */
export default function AdminViewers({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="viewers">
      {(me) => <Viewers locale={locale} selfId={me.id} />}
    </AdminIsland>
  );
}

function Viewers({ locale, selfId }: { locale: Locale; selfId: number }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ViewerSearch | null>(null);
  const [open, setOpen] = useState<ViewerDetail | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const detailHeading = useRef<HTMLHeadingElement | null>(null);

  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(null);
    api<ViewerSearch>(`/staff/viewers?${new URLSearchParams({ q: q.trim() })}`).then(setFound, () => {});
  };
  const show = (id: number) => {
    api<ViewerDetail>(`/staff/viewers/${id}`).then(
      (detail) => {
        setAnnouncement('');
        setOpen(detail);
      },
      () => {},
    );
  };
  // Focus moves to an account when it opens, not on every change to it.
  const openId = open?.viewer.id;
  useEffect(() => {
    if (openId !== undefined) detailHeading.current?.focus();
  }, [openId]);
  const acted = (answer: ViewerActionResponse) => {
    setOpen(answer.viewer);
    setAnnouncement(answer.message);
    setFound(
      (list) =>
        list && {
          ...list,
          viewers: list.viewers.map((row) =>
            row.id === answer.viewer.viewer.id ? answer.viewer.viewer : row,
          ),
        },
    );
  };

  return (
    <div className="flex flex-col gap-6" data-admin-viewers>
      <form onSubmit={search} role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <TextField
            idPrefix="viewers"
            name="q"
            type="search"
            label={t('consoleViewers.search')}
            hint={t('consoleViewers.searchHint')}
            value={q}
            onValue={setQ}
            errors={undefined}
            required
            minLength={2}
          />
        </div>
        <button type="submit" className="button-primary min-h-11">
          {t('consoleViewers.find')}
        </button>
      </form>
      {found &&
        (found.viewers.length === 0 ? (
          <p role="status">{t('consoleViewers.noneFound')}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('consoleViewers.results')}>
            {found.viewers.map((viewer) => (
              <li key={viewer.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full flex-wrap items-center gap-x-3 rounded-lg border border-line px-3 py-2 text-start hover:bg-surface-raised"
                  aria-pressed={open?.viewer.id === viewer.id}
                  onClick={() => show(viewer.id)}
                >
                  <Identity viewer={viewer} locale={locale} />
                </button>
              </li>
            ))}
          </ul>
        ))}
      <p role="status" className="font-bold empty:hidden">
        {announcement}
      </p>
      {open && (
        <section
          aria-labelledby="viewer-heading"
          className="flex flex-col gap-5"
          data-viewer={open.viewer.id}
        >
          <h2 id="viewer-heading" ref={detailHeading} tabIndex={-1} className="text-xl font-bold">
            {open.viewer.name}
          </h2>
          <Identity viewer={open.viewer} locale={locale} />
          <Block viewer={open.viewer} locale={locale} self={open.viewer.id === selfId} onDone={acted} />
          <Sessions detail={open} locale={locale} onDone={acted} />
          <Part title={t('consoleViewers.profiles')} empty={open.profiles.length === 0}>
            {open.profiles.map((profile) => (
              <li key={profile.id}>
                {profile.name}
                {profile.is_main && ` · ${t('consoleViewers.mainProfile')}`}
              </li>
            ))}
          </Part>
          <Part title={t('consoleViewers.tickets')} empty={open.tickets.length === 0}>
            {open.tickets.map((ticket) => (
              <li key={ticket.code} className="flex flex-wrap gap-x-3">
                <bdi dir="ltr" className="font-mono">
                  {ticket.code}
                </bdi>
                <span>{locale === 'fa' ? ticket.product.title : ticket.product.en_title}</span>
                <span className="text-ink-muted">{t(`commerce.tickets.statuses.${ticket.status}`)}</span>
              </li>
            ))}
          </Part>
          <Part title={t('consoleViewers.payments')} empty={open.payments.length === 0}>
            {open.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {localDigits(payment.id, locale)} · {t(`commerce.types.${payment.type}`)} ·{' '}
                  {t(`commerce.statuses.${payment.status}`)} ·{' '}
                  <time dateTime={payment.created_at}>{formatDate(payment.created_at, locale)}</time>
                </span>
                <Money amount={payment.total} currency={payment.currency} locale={locale} />
              </li>
            ))}
          </Part>
          <Part title={t('consoleViewers.orders')} empty={open.orders.length === 0}>
            {open.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {t('shop.orders.number', { id: localDigits(order.id, locale) })} ·{' '}
                  {t(`shop.statuses.${order.status}`)}
                  {order.tracking_number && (
                    <>
                      {' · '}
                      <bdi dir="ltr">{order.tracking_number}</bdi>
                    </>
                  )}
                </span>
                <Money amount={order.total} currency={order.currency} locale={locale} />
              </li>
            ))}
          </Part>
        </section>
      )}
    </div>
  );
}

function Identity({ viewer, locale }: { viewer: ViewerSummary; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-bold">{viewer.name}</span>
      {viewer.phone && <bdi dir="ltr">{viewer.phone}</bdi>}
      {viewer.email && <bdi dir="ltr">{viewer.email}</bdi>}
      <span className="text-ink-muted">
        {t('consoleViewers.since', { date: formatDate(viewer.created_at, locale) })}
      </span>
      {viewer.blocked_at && (
        <span className="rounded-full border border-accent px-2 text-sm font-bold text-accent" data-blocked>
          {t('consoleViewers.blocked')}
        </span>
      )}
      {viewer.deleted && <span className="text-ink-muted">{t('consoleViewers.deleted')}</span>}
      {viewer.staff_roles.length > 0 && (
        <span className="text-ink-muted">
          {viewer.staff_roles.map((role) => t(`admin.roleNames.${role}`)).join(t('admin.listSeparator'))}
        </span>
      )}
    </span>
  );
}

function Part({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-bold">{title}</h3>
      {empty ? (
        <p className="text-ink-muted">{t('consoleViewers.nothing')}</p>
      ) : (
        <ul className="flex flex-col gap-1">{children}</ul>
      )}
    </section>
  );
}

function Sessions({
  detail,
  locale,
  onDone,
}: {
  detail: ViewerDetail;
  locale: Locale;
  onDone: (answer: ViewerActionResponse) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const base = `/staff/viewers/${detail.viewer.id}/sessions`;
  const end = (path: string) => api<ViewerActionResponse>(path, { method: 'DELETE' }).then(onDone, () => {});
  return (
    <section className="flex flex-col gap-2" data-sessions>
      <h3 className="font-bold">{t('consoleViewers.sessions')}</h3>
      {detail.sessions.length === 0 ? (
        <p className="text-ink-muted">{t('consoleViewers.nothing')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {detail.sessions.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-2"
                data-session={session.id}
              >
                <span>
                  <bdi dir="ltr">{session.device}</bdi>
                  {' · '}
                  {session.place ?? t('account.devices.unknownPlace')} · {t('account.devices.lastSeen')}{' '}
                  <time dateTime={session.last_seen_at}>{formatDate(session.last_seen_at, locale)}</time>
                </span>
                <button
                  type="button"
                  className="button-secondary min-h-11"
                  aria-label={t('consoleViewers.endOne', { device: session.device })}
                  onClick={() => void end(`${base}/${session.id}`)}
                >
                  {t('consoleViewers.end')}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button-secondary min-h-11 self-start"
            onClick={() => void end(base)}
          >
            {t('consoleViewers.endAll')}
          </button>
        </>
      )}
    </section>
  );
}

function Block({
  viewer,
  locale,
  self,
  onDone,
}: {
  viewer: ViewerSummary;
  locale: Locale;
  self: boolean;
  onDone: (answer: ViewerActionResponse) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (self || viewer.deleted) return null;
  const act = (action: 'block' | 'unblock') =>
    api<ViewerActionResponse>(`/staff/viewers/${viewer.id}/${action}`, { method: 'POST' }).then(
      (answer) => {
        setAsking(false);
        onDone(answer);
      },
      () => setAsking(false),
    );
  if (viewer.blocked_at) {
    return (
      <button
        type="button"
        className="button-secondary min-h-11 self-start"
        onClick={() => void act('unblock')}
      >
        {t('consoleViewers.unblock')}
      </button>
    );
  }
  if (asking) {
    return (
      <div role="group" aria-label={t('consoleViewers.block')} className="flex flex-col gap-2">
        <p>{t('consoleViewers.blockQuestion')}</p>
        <div className="flex flex-wrap gap-2">
          <button
            ref={confirm}
            type="button"
            className="button-primary min-h-11"
            onClick={() => void act('block')}
          >
            {t('consoleViewers.blockConfirm')}
          </button>
          <button type="button" className="button-secondary min-h-11" onClick={() => setAsking(false)}>
            {t('consoleViewers.keep')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button type="button" className="button-secondary min-h-11 self-start" onClick={() => setAsking(true)}>
      {t('consoleViewers.block')}
    </button>
  );
}
