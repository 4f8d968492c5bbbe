import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf, problemOf } from '~/lib/api';
import { formatDate, formatNumber, localDigits, longDateTime } from '~/lib/format';
import { formatMoney, moneyUnit, parseMoney } from '~/lib/money';
import { minorPerUnit } from '~/lib/money-format';
import type { Locale } from '~/lib/locale';
import { gatewayTypes, paymentStatuses, paymentTypes } from '~/shared/commerce-constants';
import { staffAllows, type StaffRole } from '~/shared/staff-constants';
import type {
  PaymentTotals,
  StaffPayment,
  StaffPaymentAction,
  StaffPaymentDetail,
  StaffPayments,
} from '~/shared/staff-payments';
import { Money } from '~/islands/purchase/Money';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AdminIsland } from './AdminIsland';
import { controlClass, formatDay, iranToday, Line, Pager, SelectField } from './AdminMoneyParts';
import { useStaffList } from './useStaffList';

type Api = ReturnType<typeof browserApi>;

interface Filters {
  reference: string;
  viewer: string;
  gateway: string;
  status: string;
  type: string;
  from: string;
  to: string;
}

const noFilters: Filters = { reference: '', viewer: '', gateway: '', status: '', type: '', from: '', to: '' };

function queryOf(filters: Filters, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query.set(key, value.trim());
  return query.toString();
}

function SearchForm({ onSearch }: { onSearch: (filters: Filters) => void }) {
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

function PaymentRow({
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

/** What the refund and the reversal forms of an opened payment are given. */
interface ActionFormProps {
  detail: StaffPaymentDetail;
  api: Api;
  locale: Locale;
  onDone: (action: StaffPaymentAction) => void;
}

/** The reason a refund or a reversal is made, which the audit log keeps. */
function ReasonField({
  idPrefix,
  value,
  onValue,
  errors,
}: {
  idPrefix: string;
  value: string;
  onValue: (value: string) => void;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      idPrefix={idPrefix}
      name="reason"
      label={t('adminMoney.payments.reason')}
      value={value}
      onValue={onValue}
      errors={errors}
      required
      multiline
    />
  );
}

/**
 * Posts a refund or a reversal of the opened payment with the refunded sum the staff member saw, so that
 * two pressing at once act once; toasts the answer and hands on the changed payment, or keeps the refusal
 * by field. Answers whether it was done.
 */
function usePaymentAction({ detail, api, onDone }: ActionFormProps) {
  const { payment } = detail;
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function post(action: 'refund' | 'reverse', body: { amount?: number; reason: string }) {
    setBusy(true);
    try {
      const done = await api<StaffPaymentAction>(`/staff/payments/${payment.id}/${action}`, {
        method: 'POST',
        body: { ...body, expected_refunded: payment.refunded },
      });
      toast.success(done.message);
      onDone(done);
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { post, busy, errors, setErrors };
}

function RefundForm(props: ActionFormProps) {
  const { detail, locale } = props;
  const { t } = useTranslation();
  const id = useId();
  const { payment } = detail;
  const [typed, setTyped] = useState('');
  // "All that is left" may hold a tenth of a toman, which nobody can type: it is sent as it is.
  const [wholeRest, setWholeRest] = useState(false);
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<number | null>(null);
  const { post, busy, errors, setErrors } = usePaymentAction(props);

  function check(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = wholeRest ? detail.refundable : parseMoney(typed, payment.currency);
    if (amount === null || amount > detail.refundable) {
      setErrors({ amount: [t('adminMoney.payments.amountInvalid')] });
      return;
    }
    setErrors({});
    setAsking(amount);
  }

  async function refund(amount: number) {
    if (await post('refund', { amount, reason })) {
      setTyped('');
      setWholeRest(false);
      setReason('');
    }
    setAsking(null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t('adminMoney.payments.refundTitle')}
      </h3>
      <p>
        {t('adminMoney.payments.refundable', {
          amount: formatMoney(detail.refundable, payment.currency, locale),
        })}
      </p>
      <form onSubmit={check} className="flex flex-col gap-3" noValidate>
        <TextField
          idPrefix={id}
          name="amount"
          label={t('adminMoney.payments.amount', { unit: moneyUnit(payment.currency, locale) })}
          value={typed}
          onValue={(value) => {
            setTyped(value);
            setWholeRest(false);
          }}
          errors={errors['amount']}
          inputMode={payment.currency === 'USD' ? 'decimal' : 'numeric'}
          dir="ltr"
          autoComplete="off"
          required
        />
        <button
          type="button"
          className="button-secondary self-start"
          onClick={() => {
            setTyped(
              formatNumber(detail.refundable / minorPerUnit[payment.currency], locale, {
                maximumFractionDigits: 2,
              }),
            );
            setWholeRest(true);
          }}
        >
          {t('adminMoney.payments.all')}
        </button>
        <ReasonField idPrefix={id} value={reason} onValue={setReason} errors={errors['reason']} />
        <p className="text-sm text-ink-muted">
          {payment.type === 'BUY_CAFE_TICKET'
            ? t('adminMoney.payments.seatsVoided')
            : t('adminMoney.payments.accessKept')}
        </p>
        {asking === null ? (
          <button type="submit" className="button-primary self-start">
            {t('adminMoney.payments.refund')}
          </button>
        ) : (
          <div
            role="group"
            aria-labelledby={`${id}-confirm`}
            className="flex flex-col gap-2 rounded-xl border border-accent p-3"
          >
            <p id={`${id}-confirm`} className="font-bold">
              {t('adminMoney.payments.confirmRefund', {
                amount: formatMoney(asking, payment.currency, locale),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="button-primary"
                disabled={busy}
                autoFocus
                onClick={() => void refund(asking)}
              >
                {t('adminMoney.payments.confirm')}
              </button>
              <button type="button" className="button-secondary" onClick={() => setAsking(null)}>
                {t('adminMoney.payments.cancel')}
              </button>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}

function ReverseForm(props: ActionFormProps) {
  const { detail, locale } = props;
  const { t } = useTranslation();
  const id = useId();
  const { payment } = detail;
  const waiting = detail.refunds.find((refund) => refund.status === 'requested');
  const [reason, setReason] = useState('');
  const { post, busy, errors } = usePaymentAction(props);

  async function reverse(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await post('reverse', { reason: waiting?.reason ?? reason });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t('adminMoney.payments.reverseTitle')}
      </h3>
      <p>
        {t('adminMoney.payments.reverseHint', {
          gateway: t(`adminMoney.gateways.${payment.gateway}`),
          amount: formatMoney(payment.gateway_part, payment.currency, locale),
        })}
      </p>
      <form onSubmit={(event) => void reverse(event)} className="flex flex-col gap-3" noValidate>
        {!waiting && (
          <ReasonField idPrefix={id} value={reason} onValue={setReason} errors={errors['reason']} />
        )}
        <button type="submit" className="button-secondary self-start" disabled={busy}>
          {t(waiting ? 'adminMoney.payments.askAgain' : 'adminMoney.payments.reverse')}
        </button>
      </form>
    </section>
  );
}

function Detail({
  detail,
  locale,
  api,
  canRefund,
  onChange,
  onClose,
}: {
  detail: StaffPaymentDetail;
  locale: Locale;
  api: Api;
  canRefund: boolean;
  onChange: (detail: StaffPaymentDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { payment } = detail;
  const money = (amount: number) => <Money amount={amount} currency={payment.currency} locale={locale} />;
  const onDone = (action: StaffPaymentAction) => onChange(action.detail);
  const heading = useRef<HTMLHeadingElement>(null);
  // The opened payment takes the focus, so keyboard and screen reader users land on what they chose.
  useEffect(() => heading.current?.focus(), [payment.id]);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-line p-4"
      data-payment-detail={payment.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} ref={heading} className="text-xl font-bold" tabIndex={-1}>
          {t('adminMoney.payments.detailTitle', { id: localDigits(payment.id, locale) })}
        </h2>
        <button type="button" className="button-secondary" onClick={onClose}>
          {t('adminMoney.payments.close')}
        </button>
      </div>
      <dl className="grid gap-2 md:max-w-xl">
        <Line term={t('adminMoney.payments.viewerLine')}>
          <bdi>{payment.viewer.name}</bdi>
          {payment.viewer.deleted && ` (${t('adminMoney.payments.deleted')})`}
          {payment.viewer.phone && (
            <span dir="ltr" className="ms-2">
              {localDigits(payment.viewer.phone, locale)}
            </span>
          )}
          {payment.viewer.email && (
            <span dir="ltr" className="ms-2">
              {payment.viewer.email}
            </span>
          )}
        </Line>
        <Line term={t('adminMoney.payments.type')}>
          {t(`commerce.types.${payment.type}`)}
          {payment.item && (
            <bdi className="ms-2">{locale === 'fa' ? payment.item.title : payment.item.en_title}</bdi>
          )}
        </Line>
        <Line term={t('adminMoney.payments.status')}>{t(`commerce.statuses.${payment.status}`)}</Line>
        <Line term={t('adminMoney.payments.gateway')}>{t(`adminMoney.gateways.${payment.gateway}`)}</Line>
        {(['price', 'discount', 'vat', 'total', 'wallet_part', 'gateway_part'] as const).map((line) => (
          <Line key={line} term={t(`adminMoney.payments.lines.${line}`)}>
            {money(payment[line])}
          </Line>
        ))}
        {payment.reference && (
          <Line term={t('adminMoney.payments.traceLine')}>
            <bdi dir="ltr">{payment.reference}</bdi>
          </Line>
        )}
        {payment.gateway_ref && (
          <Line term={t('adminMoney.payments.refLine')}>
            <bdi dir="ltr" className="break-all">
              {payment.gateway_ref}
            </bdi>
          </Line>
        )}
        {payment.card && (
          <Line term={t('adminMoney.payments.card')}>
            <bdi dir="ltr">{payment.card}</bdi>
          </Line>
        )}
      </dl>
      <section aria-labelledby={`${id}-timeline`}>
        <h3 id={`${id}-timeline`} className="text-lg font-bold">
          {t('adminMoney.payments.timeline')}
        </h3>
        <ol className="mt-2 flex flex-col gap-1 border-s-2 border-line ps-4" data-timeline>
          {detail.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`} data-step={step.status}>
              <span className="font-bold">{t(`commerce.statuses.${step.status}`)}</span>
              {' · '}
              <time dateTime={step.at}>{formatDate(step.at, locale, longDateTime)}</time>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={`${id}-refunds`}>
        <h3 id={`${id}-refunds`} className="text-lg font-bold">
          {t('adminMoney.payments.refunds')}
        </h3>
        {detail.refunds.length === 0 ? (
          <p className="mt-2">{t('adminMoney.payments.noRefunds')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" data-refunds>
            {detail.refunds.map((refund) => (
              <li key={refund.id} className="rounded-xl border border-line p-3" data-refund={refund.status}>
                <p className="font-bold">
                  {money(refund.amount)} {t(`adminMoney.payments.refundMethod.${refund.method}`)} ·{' '}
                  {t(`adminMoney.payments.refundStatus.${refund.status}`)}
                </p>
                <p className="text-sm text-ink-muted">
                  <time dateTime={refund.created_at}>
                    {formatDate(refund.created_at, locale, longDateTime)}
                  </time>
                  {refund.actor && <> · {t('adminMoney.payments.by', { name: refund.actor.name })}</>}
                </p>
                <p className="whitespace-pre-line">{refund.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {canRefund ? (
        <>
          {detail.refundable > 0 ? (
            <RefundForm detail={detail} api={api} locale={locale} onDone={onDone} />
          ) : (
            detail.refunds.length === 0 && <p>{t('adminMoney.payments.notRefundable')}</p>
          )}
          {detail.reversible && <ReverseForm detail={detail} api={api} locale={locale} onDone={onDone} />}
        </>
      ) : (
        <p className="text-ink-muted">{t('adminMoney.payments.readOnly')}</p>
      )}
    </section>
  );
}

function Totals({ api, locale }: { api: Api; locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(iranToday());
  const [to, setTo] = useState(iranToday());
  const [totals, setTotals] = useState<PaymentTotals | null>(null);

  async function show(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    setTotals(await api<PaymentTotals>(`/staff/payments/totals?${new URLSearchParams({ from, to })}`));
  }

  const columns = ['payments', 'received', 'sales', 'vat', 'refunded'] as const;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('adminMoney.payments.totalsTitle')}
      </h2>
      <form onSubmit={(event) => void show(event).catch(() => {})} className="flex flex-wrap items-end gap-3">
        {(
          [
            ['from', from, setFrom],
            ['to', to, setTo],
          ] as const
        ).map(([key, value, setValue]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="font-bold">
              {t(`adminMoney.payments.${key}`)}
            </label>
            <input
              id={`${id}-${key}`}
              type="date"
              dir="ltr"
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className={controlClass}
            />
          </div>
        ))}
        <button type="submit" className="button-secondary">
          {t('adminMoney.payments.totalsShow')}
        </button>
      </form>
      <p className="text-sm text-ink-muted">
        {t('adminMoney.payments.range', { from: formatDay(from, locale), to: formatDay(to, locale) })}
      </p>
      {totals &&
        (totals.days.length === 0 ? (
          <p>{t('adminMoney.payments.totalsNone')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-totals>
            {totals.days.map((row) => (
              <li
                key={`${row.day}-${row.gateway}-${row.currency}`}
                className="rounded-xl border border-line p-3"
                data-total={`${row.gateway}-${row.currency}`}
              >
                <p className="font-bold">
                  {formatDay(row.day, locale)} · {t(`adminMoney.gateways.${row.gateway}`)} ·{' '}
                  {t(`commerce.currency.${row.currency}`)}
                </p>
                <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
                  {columns.map((column) => (
                    <Line key={column} term={t(`adminMoney.payments.columns.${column}`)}>
                      {column === 'payments' ? (
                        localDigits(row.payments, locale)
                      ) : (
                        <Money amount={row[column]} currency={row.currency} locale={locale} />
                      )}
                    </Line>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

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
