import { useTranslation } from 'react-i18next';
import { formatDate, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { Gateway, Payment } from '~/shared/commerce';

/**
 * The record side of a payment (SPEC §3 purchase records): when, through which gateway, the bank's
 * reference and card, the discount code. Numbers and codes stay left-to-right inside Persian text.
 */
export function PaymentFacts({
  payment,
  gateways,
  locale,
}: {
  payment: Payment;
  /** Every gateway (useAllGateways), to name this payment's. */
  gateways: Gateway[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const gateway = gateways.find((candidate) => candidate.type === payment.gateway);
  const gatewayLabel =
    payment.gateway === 'wallet'
      ? t('commerce.gateway.wallet')
      : gateway
        ? locale === 'fa'
          ? gateway.title
          : gateway.en_title
        : payment.gateway;
  const facts: { key: string; value: string; code?: boolean }[] = [
    { key: 'date', value: formatDate(payment.created_at, locale, longDateTime) },
    { key: 'status', value: t(`commerce.statuses.${payment.status}`) },
    { key: 'gateway', value: gatewayLabel },
    ...(payment.reference ? [{ key: 'reference', value: payment.reference, code: true }] : []),
    ...(payment.card ? [{ key: 'card', value: payment.card, code: true }] : []),
    ...(payment.discount_code ? [{ key: 'discountCode', value: payment.discount_code, code: true }] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {facts.map((fact) => (
        <div key={fact.key} className="contents" data-fact={fact.key}>
          <dt className="text-ink-muted">{t(`commerce.details.${fact.key}`)}</dt>
          <dd className="font-bold">
            {fact.code ? (
              <bdi dir="ltr" className="font-mono">
                {fact.value}
              </bdi>
            ) : (
              fact.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
