import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { ShopOrder, ShopOrdersResponse } from '~/shared/shop';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { Money } from '../purchase/Money';
import { browserApi } from '../shared/api';
import { AddressText } from './AddressBook';
import { CancelOrder } from './CancelOrder';

/** `/account/orders?payment=<id>`: the order that payment made is the one to show (its result page links here). */
export const ORDER_OF_PAYMENT = 'payment';

function Order({
  order,
  locale,
  onChange,
  current,
}: {
  order: ShopOrder;
  locale: Locale;
  onChange: (o: ShopOrder) => void;
  current: boolean;
}) {
  const { t } = useTranslation();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!current) return;
    item.current?.scrollIntoView({ block: 'start' });
    item.current?.focus({ preventScroll: true });
  }, [current]);
  const money = (amount: number) => <Money amount={amount} currency={order.currency} locale={locale} />;
  const rows: [string, number][] = [
    ['items', order.items_total],
    ['delivery', order.delivery.price],
    ...(order.discount > 0 ? [['discount', -order.discount] as [string, number]] : []),
    ['vat', order.vat],
    ['total', order.total],
  ];
  return (
    <li
      ref={item}
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-line p-4 focus-visible:outline-3 focus-visible:outline-accent aria-[current=true]:border-2 aria-[current=true]:border-accent"
      data-shop-order={order.id}
      aria-current={current ? 'true' : undefined}
      tabIndex={current ? -1 : undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold">{t('shop.orders.number', { id: localDigits(order.id, locale) })}</h2>
        <span className="rounded-full border border-line px-3 text-sm font-bold" data-status={order.status}>
          {t(`shop.statuses.${order.status}`)}
        </span>
      </div>
      <time dateTime={order.created_at} className="text-ink-muted">
        {formatDate(order.created_at, locale)}
      </time>
      <ul className="flex flex-col gap-1">
        {order.items.map((item) => (
          <li key={item.variant_id} className="flex justify-between gap-2">
            <bdi>
              {locale === 'fa' ? item.title : item.en_title} × {localDigits(item.quantity, locale)}
            </bdi>
            {money(item.price * item.quantity)}
          </li>
        ))}
      </ul>
      <div>
        <p className="font-bold">
          {t('shop.orders.sendTo')} {locale === 'fa' ? order.delivery.title : order.delivery.en_title}
        </p>
        <AddressText address={order.address} locale={locale} />
      </div>
      {order.tracking_number && (
        <p data-tracking>
          {t('shop.orders.tracking')}: <bdi dir="ltr">{order.tracking_number}</bdi>
        </p>
      )}
      <dl className="divide-y divide-line rounded-lg border border-line">
        {rows.map(([key, amount]) => (
          <div key={key} className="flex justify-between gap-4 px-3 py-1.5">
            <dt>{t(`shop.orders.lines.${key}`)}</dt>
            <dd>{money(amount)}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-bold text-accent">
          {t('shop.orders.history')}
        </summary>
        <ol className="flex flex-col gap-1 ps-4">
          {order.history.map((step) => (
            <li key={step.at + step.status}>
              {t(`shop.statuses.${step.status}`)} ·{' '}
              <time dateTime={step.at}>{formatDate(step.at, locale)}</time>
            </li>
          ))}
        </ol>
      </details>
      <CancelOrder order={order} locale={locale} onCanceled={onChange} />
    </li>
  );
}

function Orders({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [orders, setOrders] = useState<ShopOrder[] | null>(null);
  // Read in the browser only (the server renders no orders: they need the viewer's token).
  const [shownPayment] = useState(() =>
    typeof window === 'undefined'
      ? null
      : Number(new URLSearchParams(window.location.search).get(ORDER_OF_PAYMENT)),
  );
  useEffect(() => {
    api<ShopOrdersResponse>('/me/shop/orders').then(
      (answer) => setOrders(answer.orders),
      () => {},
    );
  }, [api]);
  if (!orders) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (orders.length === 0) return <p>{t('shop.orders.none')}</p>;
  const replace = (changed: ShopOrder) =>
    setOrders((list) => list?.map((order) => (order.id === changed.id ? changed : order)) ?? null);
  return (
    <ul className="flex max-w-2xl flex-col gap-4">
      {orders.map((order) => (
        <Order
          key={order.id}
          order={order}
          locale={locale}
          onChange={replace}
          current={order.payment_id === shownPayment}
        />
      ))}
    </ul>
  );
}

/** /account/orders: the shop orders with their goods, address, delivery, amounts, status and history. */
export default function ShopOrders({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <Orders locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
