import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import { isPending, watchPathOf } from '~/lib/commerce';
import { formatDate, localDigits } from '~/lib/format';
import { formatMoney } from '~/lib/money';
import { localPath, type Locale } from '~/lib/locale';
import type { Payment, PaymentRequest, PaymentResponse } from '~/shared/commerce';
import { ORDER_OF_PAYMENT } from '../shop/ShopOrders';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { CopyCode } from './CopyCode';
import { useAllGateways } from './gateways';
import { originOf, startPayment } from './payment';
import { PaymentFacts } from './PaymentFacts';
import { PriceLines } from './PriceLines';
import { PurchaseOpener } from './PurchaseButton';
import type { PurchaseTarget } from './PurchaseDialog';

/** The gateway answers within seconds; after a minute the page stops asking and says what to expect. */
const POLL_MS = 2000;
const GIVE_UP_MS = 60_000;
/** How often a waiting page has the server ask the bank itself (the first look always does). */
const CHECK_EVERY_MS = 15_000;

/**
 * GET /payments/{id}, again every two seconds while the payment is on its way (the callback may still
 * be verifying with the bank), for up to a minute. The first request, and one every 15 seconds, ask
 * the server to check with the bank at once (`check=1`): a return from the bank that never arrived
 * (a closed tab, a lost connection) settles now instead of at the next sweep.
 */
function usePayment(id: number, locale: Locale) {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const started = Date.now();
    let checked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function ask() {
      const check = Date.now() - checked >= CHECK_EVERY_MS;
      if (check) checked = Date.now();
      try {
        const reply = await api<PaymentResponse>(`/payments/${id}`, {
          signal: controller.signal,
          ...(check ? { query: { check: '1' } } : {}),
        });
        setPayment(reply.payment);
        if (!isPending(reply.payment.status)) return;
        if (Date.now() - started >= GIVE_UP_MS) setGaveUp(true);
        else timer = setTimeout(() => void ask(), POLL_MS);
      } catch (error) {
        if (!controller.signal.aborted) setProblem(problemOf(error, locale));
      }
    }
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, id, locale]);
  return { payment, problem, gaveUp };
}

/**
 * At most how many minutes "checking with the bank" still lasts: until the payment is given up if the
 * bank never confirms it, plus the minute reconciliation may take to notice.
 */
function minutesLeft(payment: Payment): number {
  return Math.max(1, Math.ceil((Date.parse(payment.expires_at) - Date.now()) / 60_000) + 1);
}

/** The purchase a failed payment was for, to open the dialog on it again. */
function targetOf(payment: Payment, locale: Locale): PurchaseTarget | null {
  const { item } = payment;
  if (!item) return null;
  if (item.kind === 'package') return { packageId: item.id };
  return { kind: item.kind, id: item.id, name: locale === 'fa' ? item.title : item.en_title };
}

/** "Try again": the same purchase through the same gateway, with the same code and wallet use. */
function retryRequest(payment: Payment): PaymentRequest {
  return {
    type: payment.type,
    ...(payment.item ? { item_id: payment.item.id } : { amount: payment.price }),
    currency: payment.currency,
    gateway: payment.gateway,
    use_wallet: payment.wallet_part > 0,
    ...(payment.discount_code ? { discount_code: payment.discount_code } : {}),
  };
}

/**
 * "Watch now": the bought title's player; after a subscription, the title the viewer started from (or
 * the home page when they came from /subscribe).
 */
function watchLinkOf(payment: Payment, locale: Locale): string | null {
  // Cafe seats are watched at the cafe: their codes are in the tickets page instead.
  if (payment.type === 'BUY_CAFE_TICKET') return null;
  if (payment.type === 'SUBSCRIPTION') return originOf(payment.id) ?? localPath('/', locale);
  const path = payment.item && watchPathOf(payment.item);
  return path ? localPath(path, locale) : null;
}

/** The orders page showing the order a shop payment made (the order list finds it by its payment). */
function ordersPathOf(paymentId: number, locale: Locale): string {
  return localPath(`/account/orders?${ORDER_OF_PAYMENT}=${paymentId}`, locale);
}

/** What happened and what to do next; the server's note, when it sent one, says why in its words. */
function Outcome({ payment, locale }: { payment: Payment; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [retrying, setRetrying] = useState(false);
  const amount = formatMoney(payment.gateway_part, payment.currency, locale);
  const walletLink = (
    <a href={localPath('/account/wallet', locale)} className="button-secondary">
      {t('commerce.result.toWallet')}
    </a>
  );

  if (payment.type === 'BUY_GIFT' && ['cancelled', 'failed', 'expired'].includes(payment.status)) {
    // Whom the gift was for is not part of the payment: the gift page asks again.
    return (
      <>
        <p className="text-lg">{payment.note ?? t(`commerce.result.${payment.status}.text`)}</p>
        <a href={localPath('/gift', locale)} className="button-primary w-fit">
          {t('commerce.result.tryAgain')}
        </a>
      </>
    );
  }
  switch (payment.status) {
    case 'fulfilled': {
      const watch = watchLinkOf(payment, locale);
      const text =
        payment.type === 'SUBSCRIPTION' && payment.subscription_ends_at
          ? t('commerce.result.fulfilled.SUBSCRIPTION', {
              date: formatDate(payment.subscription_ends_at, locale),
            })
          : t(`commerce.result.fulfilled.${payment.type}`, {
              amount: formatMoney(payment.price, payment.currency, locale),
            });
      return (
        <>
          <p className="text-lg">{text}</p>
          {payment.note && <p>{payment.note}</p>}
          {payment.ticket_code && (
            <CopyCode
              code={payment.ticket_code}
              label={t(
                payment.type === 'BUY_GIFT' ? 'commerce.result.giftCode' : 'commerce.result.ticketCode',
              )}
            />
          )}
          <div className="flex flex-wrap gap-3">
            {watch && (
              <a href={watch} className="button-primary" data-watch-now>
                {t('commerce.result.watchNow')}
              </a>
            )}
            {payment.type === 'CHARGE_WALLET' && walletLink}
            {payment.type === 'BUY_PHYSICAL' && (
              <a href={ordersPathOf(payment.id, locale)} className="button-primary" data-order-link>
                {t('commerce.result.toOrder')}
              </a>
            )}
            {payment.type === 'BUY_CAFE_TICKET' && (
              <a href={localPath('/account/tickets', locale)} className="button-primary" data-seat-codes>
                {t('commerce.result.toSeats')}
              </a>
            )}
          </div>
        </>
      );
    }
    case 'cancelled':
    case 'failed':
    case 'expired': {
      if (payment.type === 'BUY_CAFE_TICKET') {
        // Trying again needs the session and seats, which may be gone by now: back to the cafes.
        return (
          <>
            <p className="text-lg">{payment.note ?? t(`commerce.result.${payment.status}.text`)}</p>
            <a href={localPath('/cafes', locale)} className="button-primary w-fit">
              {t('cafes.booking.again')}
            </a>
          </>
        );
      }
      const target = targetOf(payment, locale);
      async function retry() {
        setRetrying(true);
        try {
          await startPayment(api, retryRequest(payment), locale, originOf(payment.id) ?? undefined);
        } catch {
          // Toasted by the API client (e.g. a code used up meanwhile); the other choices remain.
          setRetrying(false);
        }
      }
      return (
        <>
          <p className="text-lg">{payment.note ?? t(`commerce.result.${payment.status}.text`)}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="button-primary" onClick={() => void retry()} disabled={retrying}>
              {t('commerce.result.tryAgain')}
            </button>
            {target ? (
              <PurchaseOpener
                locale={locale}
                target={target}
                label={t('commerce.result.otherGateway')}
                className="button-secondary"
              />
            ) : (
              <a href={localPath('/account/wallet', locale)} className="button-secondary">
                {t('commerce.result.otherGateway')}
              </a>
            )}
          </div>
        </>
      );
    }
    case 'credited':
    case 'reversed':
      return (
        <>
          <p className="text-lg">{payment.note ?? t(`commerce.result.${payment.status}.text`, { amount })}</p>
          {payment.status === 'credited' && <div>{walletLink}</div>}
        </>
      );
    default:
      return payment.note ? <p>{payment.note}</p> : null;
  }
}

function Result({ id, locale }: { id: number; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const gateways = useAllGateways(api);
  const { payment, problem, gaveUp } = usePayment(id, locale);

  if (problem) {
    return (
      <p role="alert" className="text-lg font-bold">
        {problem}
      </p>
    );
  }
  if (!payment) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const pending = isPending(payment.status);
  const item = payment.item ? (locale === 'fa' ? payment.item.title : payment.item.en_title) : null;
  return (
    <div className="flex max-w-2xl flex-col gap-6" data-payment-status={payment.status}>
      <section
        aria-labelledby="payment-outcome"
        className="flex flex-col gap-4 rounded-2xl border border-line p-5 md:p-6"
      >
        <p className="text-sm text-ink-muted">
          {t('commerce.result.number', { id: localDigits(payment.id, locale) })} ·{' '}
          {t(`commerce.types.${payment.type}`)}
          {item && (
            <>
              {' · '}
              <bdi>{item}</bdi>
            </>
          )}
        </p>
        {/* Announced when the polled status changes from "checking" to what happened. */}
        <div role="status" className="flex flex-col gap-4">
          <h2 id="payment-outcome" className="text-2xl font-extrabold">
            {pending ? t('commerce.result.pending.title') : t(`commerce.result.${payment.status}.title`)}
          </h2>
          {pending && (
            <p data-checking>
              {t(gaveUp ? 'commerce.result.pending.slow' : 'commerce.result.pending.text', {
                count: minutesLeft(payment),
                minutes: localDigits(minutesLeft(payment), locale),
              })}
            </p>
          )}
        </div>
        <Outcome payment={payment} locale={locale} />
      </section>
      <section aria-labelledby="payment-details" className="flex flex-col gap-4">
        <h2 id="payment-details" className="text-xl font-bold">
          {t('commerce.result.details')}
        </h2>
        <PriceLines lines={payment} locale={locale} />
        <PaymentFacts payment={payment} gateways={gateways} locale={locale} />
        <p>
          <a href={localPath('/account/purchases', locale)} className="font-bold text-accent underline">
            {t('commerce.result.toPurchases')}
          </a>
        </p>
      </section>
    </div>
  );
}

/** /payments/{id}: where the gateway sends the viewer back (issue 9). */
export default function PaymentResult({ locale, id }: { locale: Locale; id: number }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <Result id={id} locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
