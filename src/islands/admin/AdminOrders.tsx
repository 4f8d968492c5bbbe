import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '~/islands/purchase/Money';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AddressText } from '~/islands/shop/AddressBook';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { orderStatuses, type OrderStatus } from '~/shared/shop-constants';
import type {
  OrderStatusRequest,
  StaffOrderResponse,
  StaffShopOrder,
  StaffShopOrders,
} from '~/shared/staff-shop';
import { AdminIsland } from './AdminIsland';

/**
 * /admin/orders: the shop's orders in one status (the longest-waiting first) or found by number or
 * buyer, each with the moves the state machine allows. Sending (Delivered) asks for the tracking
 * number; rejecting and cancelling give the money back, so they ask first.
 */
export default function AdminOrders({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="orders">
      {() => <Orders locale={locale} />}
    </AdminIsland>
  );
}

interface Query {
  status: OrderStatus;
  q: string;
  page: number;
}

function Orders({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [query, setQuery] = useState<Query>({ status: 'Registred', q: '', page: 1 });
  const [draft, setDraft] = useState({ status: 'Registred' as OrderStatus, q: '' });
  const [list, setList] = useState<StaffShopOrders | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(
    (wanted: Query) => {
      const params = new URLSearchParams({ status: wanted.status, page: String(wanted.page) });
      if (wanted.q) params.set('q', wanted.q);
      api<StaffShopOrders>(`/staff/shop/orders?${params}`).then(
        (answer) =>
          setList((shown) =>
            wanted.page > 1 && shown ? { ...answer, orders: [...shown.orders, ...answer.orders] } : answer,
          ),
        () => {},
      );
    },
    [api],
  );
  useEffect(() => load(query), [load, query]);

  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setList(null);
    setQuery({ ...draft, q: draft.q.trim(), page: 1 });
  };
  const replace = (changed: StaffShopOrder, message: string) => {
    setAnnouncement(message);
    setList((shown) =>
      shown
        ? { ...shown, orders: shown.orders.map((order) => (order.id === changed.id ? changed : order)) }
        : shown,
    );
  };

  return (
    <div className="flex flex-col gap-6" data-admin-orders>
      <form onSubmit={search} className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-status" className="font-bold">
            {t('consoleShop.orders.status')}
          </label>
          <select
            id="orders-status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderStatus })}
            className="min-h-11 rounded-lg border border-line bg-surface px-3"
          >
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`shop.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <TextField
            idPrefix="orders"
            name="q"
            type="search"
            label={t('consoleShop.orders.search')}
            hint={t('consoleShop.orders.searchHint')}
            value={draft.q}
            onValue={(q) => setDraft({ ...draft, q })}
            errors={undefined}
          />
        </div>
        <button type="submit" className="button-primary min-h-11">
          {t('consoleShop.orders.show')}
        </button>
      </form>
      <p role="status" className="font-bold empty:hidden">
        {announcement}
      </p>
      {!list ? (
        <p className="text-ink-muted">{t('account.loading')}</p>
      ) : list.orders.length === 0 ? (
        <p>{t('consoleShop.orders.none')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.orders.map((order) => (
            <OrderCard key={order.id} order={order} locale={locale} onMoved={replace} />
          ))}
        </ul>
      )}
      {list?.has_more && (
        <button
          type="button"
          className="button-secondary min-h-11 self-start"
          onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
        >
          {t('consoleShop.more')}
        </button>
      )}
    </div>
  );
}

function OrderCard({
  order,
  locale,
  onMoved,
}: {
  order: StaffShopOrder;
  locale: Locale;
  onMoved: (order: StaffShopOrder, message: string) => void;
}) {
  const { t } = useTranslation();
  const heading = `order-${order.id}-title`;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      data-staff-order={order.id}
      aria-labelledby={heading}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={heading} className="text-lg font-bold">
          {t('shop.orders.number', { id: localDigits(order.id, locale) })}
        </h2>
        <span className="rounded-full border border-line px-3 text-sm font-bold" data-status={order.status}>
          {t(`shop.statuses.${order.status}`)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 text-ink-muted">
        <time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time>
        <span>
          {order.buyer.name}
          {order.buyer.phone && (
            <>
              {' · '}
              <bdi dir="ltr">{localDigits(order.buyer.phone, locale)}</bdi>
            </>
          )}
        </span>
      </p>
      <ul className="flex flex-col gap-1">
        {order.items.map((item) => (
          <li key={item.variant_id} className="flex justify-between gap-2">
            <bdi>
              {locale === 'fa' ? item.title : item.en_title} × {localDigits(item.quantity, locale)}
            </bdi>
            <Money amount={item.price * item.quantity} currency={order.currency} locale={locale} />
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-2 font-bold">
        <span>{t('shop.orders.lines.total')}</span>
        <Money amount={order.total} currency={order.currency} locale={locale} />
      </p>
      <div>
        <p className="font-bold">
          {t('shop.orders.sendTo')} {locale === 'fa' ? order.delivery.title : order.delivery.en_title}
        </p>
        <AddressText address={order.address} locale={locale} />
      </div>
      {order.tracking_number && (
        <p>
          {t('shop.orders.tracking')}: <bdi dir="ltr">{order.tracking_number}</bdi>
        </p>
      )}
      {order.next.length > 0 && <Moves order={order} locale={locale} onMoved={onMoved} />}
    </li>
  );
}

/** Moves that give the money back are asked twice. */
const askedFirst: readonly OrderStatus[] = ['Rejected', 'Canceled'];

function Moves({
  order,
  locale,
  onMoved,
}: {
  order: StaffShopOrder;
  locale: Locale;
  onMoved: (order: StaffShopOrder, message: string) => void;
}) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [tracking, setTracking] = useState('');
  const [trackingErrors, setTrackingErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const question = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  const move = (status: OrderStatus) => {
    setBusy(true);
    const body: OrderStatusRequest =
      status === 'Delivered' ? { status, tracking_number: tracking } : { status };
    api<StaffOrderResponse>(`/staff/shop/orders/${order.id}/status`, { method: 'POST', body }).then(
      (answer) => {
        setBusy(false);
        onMoved(answer.order, answer.message);
      },
      (error: unknown) => {
        setBusy(false);
        setAsking(null);
        setTrackingErrors(fieldErrorsOf(error)['tracking_number']);
      },
    );
  };

  const sendForm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    move('Delivered');
  };

  if (asking) {
    return (
      <div role="group" aria-label={t(`consoleShop.orders.moves.${asking}`)} className="flex flex-col gap-2">
        <p>{t(`consoleShop.orders.ask.${asking}`)}</p>
        <div className="flex flex-wrap gap-2">
          <button
            ref={question}
            type="button"
            className="button-primary min-h-11"
            disabled={busy}
            onClick={() => move(asking)}
          >
            {t(`consoleShop.orders.moves.${asking}`)}
          </button>
          <button type="button" className="button-secondary min-h-11" onClick={() => setAsking(null)}>
            {t('consoleShop.orders.keep')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {order.next.includes('Delivered') && (
        <form onSubmit={sendForm} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-48">
            <TextField
              idPrefix={`order-${order.id}`}
              name="tracking_number"
              label={t('shop.orders.tracking')}
              hint={t('consoleShop.orders.trackingHint')}
              value={tracking}
              onValue={(value) => {
                setTracking(value);
                setTrackingErrors(undefined);
              }}
              errors={trackingErrors}
              dir="ltr"
              autoComplete="off"
              required
            />
          </div>
          <button type="submit" className="button-primary min-h-11" disabled={busy}>
            {t('consoleShop.orders.moves.Delivered')}
          </button>
        </form>
      )}
      <div className="flex flex-wrap gap-2">
        {order.next
          .filter((status) => status !== 'Delivered')
          .map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'Accepted' ? 'button-primary min-h-11' : 'button-secondary min-h-11'}
              disabled={busy}
              onClick={() => (askedFirst.includes(status) ? setAsking(status) : move(status))}
            >
              {t(`consoleShop.orders.moves.${status}`)}
            </button>
          ))}
      </div>
    </div>
  );
}
