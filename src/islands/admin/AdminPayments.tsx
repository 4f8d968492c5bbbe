import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import { staffAllows, type StaffRole } from '~/shared/staff-constants';
import type { StaffPaymentDetail, StaffPayments } from '~/shared/staff-payments';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';
import { Pager } from './AdminMoneyParts';
import { Totals } from './PaymentDayTotals';
import { Detail } from './PaymentDetail';
import { noFilters, PaymentRow, queryOf, SearchForm } from './PaymentList';
import { useStaffList } from './useStaffList';

function PaymentsSection({ locale, roles }: { locale: Locale; roles: readonly StaffRole[] }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const canRefund = staffAllows(roles, ['finance']);
  const [filters, setFilters] = useState(noFilters);
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<StaffPaymentDetail | null>(null);

  // Bumped after a refund so the list shows the new refunded sums, and on every search so that searching
  // again for the same shows the payments made since.
  const [version, setVersion] = useState(0);
  const [found] = useStaffList<StaffPayments>(api, `/staff/payments?${queryOf(filters, page)}`, version);

  async function open(id: number) {
    try {
      setDetail(await api<StaffPaymentDetail>(`/staff/payments/${id}`));
    } catch (error) {
      toast.error(problemOf(error, locale));
    }
  }

  // ?payment=<id> opens that payment's detail: other pages (the settlement's differences) link to it.
  useEffect(() => {
    const linked = Number(new URLSearchParams(window.location.search).get('payment'));
    if (!Number.isSafeInteger(linked) || linked <= 0) return;
    api<StaffPaymentDetail>(`/staff/payments/${linked}`).then(setDetail, (error: unknown) =>
      toast.error(problemOf(error, locale)),
    );
  }, [api, locale]);

  return (
    <div className="flex flex-col gap-8" data-admin-payments>
      <SearchForm
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
          setVersion((now) => now + 1);
        }}
      />
      {detail && (
        <Detail
          detail={detail}
          locale={locale}
          api={api}
          canRefund={canRefund}
          onChange={(next) => {
            setDetail(next);
            setVersion((now) => now + 1);
          }}
          onClose={() => setDetail(null)}
        />
      )}
      <section aria-labelledby="payments-results" className="flex flex-col gap-3">
        <h2 id="payments-results" className="text-xl font-bold">
          {t('adminMoney.payments.results')}
        </h2>
        {!found ? (
          <p className="text-ink-muted">{t('adminMoney.loading')}</p>
        ) : found.payments.length === 0 ? (
          <p>{t('adminMoney.payments.none')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line">
            {found.payments.map((payment) => (
              <PaymentRow
                key={payment.id}
                payment={payment}
                locale={locale}
                onOpen={() => void open(payment.id)}
              />
            ))}
          </ul>
        )}
        {found && <Pager page={found.page} hasMore={found.has_more} onPage={setPage} />}
      </section>
      {canRefund && <Totals api={api} locale={locale} />}
    </div>
  );
}

/** /admin/payments (issue 17): find payments, see one's story, refund it, and the day's totals. */
export default function AdminPayments({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="payments">
      {(me) => <PaymentsSection locale={locale} roles={me.staff_roles} />}
    </AdminIsland>
  );
}
