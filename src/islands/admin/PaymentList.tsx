import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import { formatMoney } from '~/lib/money';
import type { Locale } from '~/lib/locale';
import { gatewayTypes, paymentStatuses, paymentTypes } from '~/shared/commerce-constants';
import type { StaffPayment } from '~/shared/staff-payments';
import { Money } from '~/islands/purchase/Money';
import { TextField } from '~/islands/shared/TextField';
import { controlClass, formatDay, SelectField } from './AdminMoneyParts';

/** What the staff's payment search asks for; empty fields do not narrow it. */
export interface Filters {
  reference: string;
  viewer: string;
  gateway: string;
  status: string;
  type: string;
  from: string;
  to: string;
}

export const noFilters: Filters = {
  reference: '',
  viewer: '',
  gateway: '',
  status: '',
  type: '',
  from: '',
  to: '',
};

export function queryOf(filters: Filters, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query.set(key, value.trim());
  return query.toString();
}

/** The search form over the list of payments. */
export function SearchForm({ onSearch }: { onSearch: (filters: Filters) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const id = useId();
  const [filters, setFilters] = useState(noFilters);
  const set = (key: keyof Filters) => (value: string) => setFilters((now) => ({ ...now, [key]: value }));
  const any = { value: '', label: t('adminMoney.any') };
  return (
    <form
      role="search"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSearch(filters);
      }}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('adminMoney.payments.searchTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          idPrefix={id}
          name="reference"
          label={t('adminMoney.payments.reference')}
          value={filters.reference}
          onValue={set('reference')}
          errors={undefined}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          idPrefix={id}
          name="viewer"
          label={t('adminMoney.payments.viewer')}
          value={filters.viewer}
          onValue={set('viewer')}
          errors={undefined}
          autoComplete="off"
        />
        <SelectField
          id={`${id}-gateway`}
          label={t('adminMoney.payments.gateway')}
          value={filters.gateway}
          onValue={set('gateway')}
          options={[
            any,
            ...[...gatewayTypes, 'wallet'].map((g) => ({ value: g, label: t(`adminMoney.gateways.${g}`) })),
          ]}
        />
        <SelectField
          id={`${id}-status`}
          label={t('adminMoney.payments.status')}
          value={filters.status}
          onValue={set('status')}
          options={[any, ...paymentStatuses.map((s) => ({ value: s, label: t(`commerce.statuses.${s}`) }))]}
        />
        <SelectField
          id={`${id}-type`}
          label={t('adminMoney.payments.type')}
          value={filters.type}
          onValue={set('type')}
          options={[any, ...paymentTypes.map((s) => ({ value: s, label: t(`commerce.types.${s}`) }))]}
        />
        <div className="grid grid-cols-2 gap-2">
          {(['from', 'to'] as const).map((key) => (
            <div key={key} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${key}`} className="font-bold">
                {t(`adminMoney.payments.${key}`)}
              </label>
              <input
                id={`${id}-${key}`}
                type="date"
                dir="ltr"
                value={filters[key]}
                onChange={(event) => set(key)(event.target.value)}
                className={controlClass}
              />
            </div>
          ))}
        </div>
      </div>
      {(filters.from || filters.to) && (
        <p className="text-sm text-ink-muted">
          {t('adminMoney.payments.range', {
            from: filters.from ? formatDay(filters.from, locale) : '…',
            to: filters.to ? formatDay(filters.to, locale) : '…',
          })}
        </p>
      )}
      <button type="submit" className="button-primary self-start">
        {t('adminMoney.payments.search')}
      </button>
    </form>
  );
}

/** One payment of the list: its number opens it. */
export function PaymentRow({
  payment,
  locale,
  onOpen,
}: {
  payment: StaffPayment;
  locale: Locale;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-payment={payment.id}>
      <button type="button" className="font-bold underline" onClick={onOpen}>
        {t('adminMoney.payments.open', { id: localDigits(payment.id, locale) })}
      </button>
      <span className="min-w-0 basis-full md:flex-1 md:basis-48">
        <bdi className="font-bold">{payment.viewer.name}</bdi>
        {payment.viewer.phone && (
          <span dir="ltr" className="ms-2 text-sm text-ink-muted">
            {localDigits(payment.viewer.phone, locale)}
          </span>
        )}
        <span className="block text-sm text-ink-muted">
          {t(`commerce.types.${payment.type}`)} · {t(`adminMoney.gateways.${payment.gateway}`)} ·{' '}
          <time dateTime={payment.created_at}>{formatDate(payment.created_at, locale, longDateTime)}</time>
        </span>
      </span>
      <span data-status={payment.status}>{t(`commerce.statuses.${payment.status}`)}</span>
      <span className="flex flex-col">
        <Money amount={payment.total} currency={payment.currency} locale={locale} />
        {payment.refunded > 0 && (
          <span className="text-sm text-ink-muted">
            {t('adminMoney.payments.refundedSoFar', {
              amount: formatMoney(payment.refunded, payment.currency, locale),
            })}
          </span>
        )}
      </span>
    </li>
  );
}
