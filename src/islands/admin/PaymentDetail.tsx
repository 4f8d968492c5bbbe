import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import type { StaffPaymentAction, StaffPaymentDetail } from '~/shared/staff-payments';
import { Money } from '~/islands/purchase/Money';
import { Line } from './AdminMoneyParts';
import type { Api } from './PaymentAction';
import { RefundForm } from './PaymentRefund';
import { ReverseForm } from './PaymentReversal';

/** One opened payment: who, what and how much, its timeline and refunds, and (for finance) refund or reverse it. */
export function Detail({
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
      {payment.status === 'fulfilled' && (
        <a
          href={localPath(`/admin/payments/${payment.id}/receipt`, locale)}
          className="w-fit font-bold text-accent underline"
          data-receipt-link
        >
          {t('adminMoney.payments.receipt')}
        </a>
      )}
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
