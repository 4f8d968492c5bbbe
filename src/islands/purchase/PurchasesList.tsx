import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemPagePath } from '~/lib/commerce';
import { formatDate, localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import type { Gateway, Orders, Payment } from '~/shared/commerce';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { useAllGateways } from './gateways';
import { Money } from './Money';
import { PaymentFacts } from './PaymentFacts';
import { PriceLines } from './PriceLines';

/** GET /me/orders page by page: the first on arrival, the next ones on "show more". */
function useOrders(locale: Locale) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const [pages, setPages] = useState<Orders[]>([]);
  const [wanted, setWanted] = useState(1);
  useEffect(() => {
    const controller = new AbortController();
    api<Orders>('/me/orders', { query: { page: wanted }, signal: controller.signal }).then(
      (reply) => setPages((loaded) => [...loaded.filter((page) => page.page !== reply.page), reply]),
      () => {},
    );
    return () => controller.abort();
  }, [api, wanted]);
  const last = pages.at(-1);
  return {
    orders: pages.flatMap((page) => page.orders),
    loaded: last !== undefined,
    loading: last?.page !== wanted,
    more: last?.has_more ? () => setWanted(last.page + 1) : null,
  };
}

function Order({ order, gateways, locale }: { order: Payment; gateways: Gateway[]; locale: Locale }) {
  const { t } = useTranslation();
  const item = order.item
    ? locale === 'fa'
      ? order.item.title
      : order.item.en_title
    : t('commerce.orders.walletCharge');
  const page = order.item && itemPagePath(order.item);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-4" data-order={order.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-bold">
          {t(`commerce.types.${order.type}`)}:{' '}
          {page ? (
            <a href={localPath(page, locale)} className="underline">
              <bdi>{item}</bdi>
            </a>
          ) : (
            <bdi>{item}</bdi>
          )}
        </h2>
        <span className="rounded-full border border-line px-3 text-sm font-bold" data-status={order.status}>
          {t(`commerce.statuses.${order.status}`)}
        </span>
      </div>
      {order.type === 'BUY_GIFT' && order.ticket_code && (
        <p>
          {t('commerce.result.giftCode')}:{' '}
          <bdi dir="ltr" className="font-mono font-bold tracking-wider select-all" data-gift-code>
            {order.ticket_code}
          </bdi>
        </p>
      )}
      <p className="flex flex-wrap justify-between gap-x-4 text-ink-muted">
        <time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time>
        <span className="font-bold text-ink">
          <Money amount={order.total} currency={order.currency} locale={locale} />
        </span>
      </p>
      {order.status === 'fulfilled' && (
        <a
          href={localPath(`/account/purchases/${order.id}/receipt`, locale)}
          className="inline-flex min-h-11 w-fit items-center font-bold text-accent underline"
          data-receipt-link
        >
          {t('commerce.receipt.open')}
        </a>
      )}
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 font-bold text-accent">
          {t('commerce.orders.open')}
        </summary>
        <div className="flex flex-col gap-3 pt-2">
          <PriceLines lines={order} locale={locale} />
          <PaymentFacts payment={order} gateways={gateways} locale={locale} />
          <a
            href={localPath(`/payments/${order.id}`, locale)}
            className="w-fit font-bold text-accent underline"
          >
            {t('commerce.result.number', { id: localDigits(order.id, locale) })}
          </a>
        </div>
      </details>
    </li>
  );
}

/** /account/purchases: the account's payments of every type (SPEC §3 purchase records), newest first. */
function Purchases({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const gateways = useAllGateways(api);
  const { orders, loaded, loading, more } = useOrders(locale);
  if (!loaded) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (orders.length === 0) return <p>{t('commerce.orders.empty')}</p>;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {orders.map((order) => (
          <Order key={order.id} order={order} gateways={gateways} locale={locale} />
        ))}
      </ul>
      {more && (
        <button type="button" className="button-secondary w-fit" onClick={more} disabled={loading}>
          {t('commerce.orders.more')}
        </button>
      )}
    </div>
  );
}

export default function PurchasesList({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <Purchases locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
