import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { StaffRole } from '~/shared/staff-constants';
import type { Dashboard } from '~/shared/staff-dashboard';
import { browserApi } from '~/islands/shared/api';
import { Money } from '~/islands/purchase/Money';
import { AdminIsland } from './AdminIsland';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line p-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-2xl font-extrabold">{children}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">{title}</h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>
    </section>
  );
}

function Figures({ locale, roles }: { locale: Locale; roles: readonly StaffRole[] }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [figures, setFigures] = useState<Dashboard | null>(null);
  useEffect(() => {
    api<Dashboard>('/staff/dashboard').then(setFigures, () => {});
  }, [api]);
  const n = (value: number) => localDigits(value, locale);
  return (
    <div className="flex flex-col gap-6" data-admin-dashboard>
      <p>
        {t('admin.home.yourRoles')}:{' '}
        {roles.map((role) => t(`admin.roleNames.${role}`)).join(t('admin.listSeparator'))}
      </p>
      {!figures ? (
        <p className="text-ink-muted">{t('admin.common.loading')}</p>
      ) : (
        <>
          <Group title={t('admin.dashboard.today')}>
            <Figure label={t('admin.dashboard.signups')}>{n(figures.signups)}</Figure>
            {figures.money && (
              <>
                <Figure label={t('admin.dashboard.paymentsStarted')}>
                  {n(figures.money.payments_started)}
                </Figure>
                <Figure label={t('admin.dashboard.paymentsFulfilled')}>
                  {n(figures.money.payments_fulfilled)}
                </Figure>
                <Figure label={t('admin.dashboard.revenue')}>
                  {figures.money.revenue.length === 0 ? (
                    <span className="text-base font-normal">{t('admin.dashboard.noRevenue')}</span>
                  ) : (
                    <ul>
                      {figures.money.revenue.map((line) => (
                        <li key={line.currency}>
                          <Money amount={line.amount} currency={line.currency} locale={locale} />
                        </li>
                      ))}
                    </ul>
                  )}
                </Figure>
              </>
            )}
          </Group>
          <Group title={t('admin.dashboard.now')}>
            <Figure label={t('admin.dashboard.activeViewers')}>{n(figures.active_viewers)}</Figure>
          </Group>
          {Object.keys(figures.open).length > 0 && (
            <Group title={t('admin.dashboard.waiting')}>
              {figures.open.comments !== undefined && (
                <Figure label={t('admin.dashboard.pendingComments')}>{n(figures.open.comments)}</Figure>
              )}
              {figures.open.contact_messages !== undefined && (
                <Figure label={t('admin.dashboard.openContact')}>{n(figures.open.contact_messages)}</Figure>
              )}
              {figures.open.player_reports !== undefined && (
                <Figure label={t('admin.dashboard.openReports')}>{n(figures.open.player_reports)}</Figure>
              )}
            </Group>
          )}
        </>
      )}
    </div>
  );
}

/**
 * /admin: the dashboard (today's figures, what waits for staff); the sections are in the navigation.
 * The server sends each role only its part: money to finance and admin, each queue to those who work it.
 */
export default function AdminHome({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="home">
      {(me) => <Figures locale={locale} roles={me.staff_roles} />}
    </AdminIsland>
  );
}
