import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody } from '~/lib/api';
import { localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import { paymentRequestOf, type Selection } from '~/lib/commerce';
import type { GatewayType } from '~/shared/commerce';
import type { DeliveryMethod, DeliveryMethods } from '~/shared/shop';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { DiscountField } from '../purchase/DiscountField';
import { gatewayOf } from '../purchase/GatewayChoice';
import { useGateways } from '../purchase/gateways';
import { Money } from '../purchase/Money';
import { startPayment } from '../purchase/payment';
import { useQuote } from '../purchase/quote';
import { RadioCards } from '../purchase/RadioCards';
import { PaymentSummary } from '../purchase/PaymentSummary';
import { browserApi } from '../shared/api';
import { AddressText, useAddresses } from './AddressBook';
import { AddressForm } from './AddressForm';
import { useCart } from './cart';
import { CartLines } from './CartLines';

/**
 * The checkout (issue 13): the cart, an address from the book (or a new one), a delivery method that
 * reaches it, the discount code and the wallet as in the purchase dialog, the price lines quoted by the
 * server (goods and delivery, discount, VAT), the gateway, then one BUY_PHYSICAL payment through the
 * same orchestration as every purchase.
 */

/** The server's message of a refused call (shown beside the button), else a general one. */
function refusalOf(error: unknown, fallback: string): string {
  return (error as { data?: ApiErrorBody }).data?.message ?? fallback;
}

function CheckoutForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const quiet = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const cart = useCart(api);
  const gateways = useGateways(api);
  const [addresses, setAddresses] = useAddresses(locale);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [methods, setMethods] = useState<DeliveryMethod[]>([]);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [gateway, setGateway] = useState<GatewayType | null>(null);
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = gateways?.currency;
  const address = addresses?.find((candidate) => candidate.id === addressId) ?? addresses?.[0] ?? null;
  const stateId = address?.state.id;

  useEffect(() => {
    if (!stateId || !currency) return;
    api<DeliveryMethods>(`/core/delivery-methods/${stateId}`, { query: { currency } }).then(
      (answer) => setMethods(answer.methods),
      () => {},
    );
  }, [api, stateId, currency]);
  const method = methods.find((candidate) => candidate.id === methodId) ?? methods[0] ?? null;
  const selection: Selection | null =
    address && method && currency
      ? {
          choice: { type: 'BUY_PHYSICAL', address_id: address.id, delivery_method_id: method.id },
          currency,
          discountCode,
          useWallet,
        }
      : null;
  const { state: quoteState, checking } = useQuote(cart?.items.length ? selection : null, locale, {
    onCodeRefused: (reason) => {
      setCodeRefusal(reason);
      setDiscountCode(null);
    },
    // Asked again whenever the goods or their quantities change.
    revision: cart?.items.map((item) => `${item.variant_id}x${item.quantity}`).join(),
  });
  const quote = quoteState?.quote ?? null;

  if (!cart || !addresses || !gateways) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (cart.items.length === 0) {
    return (
      <p>
        {t('shop.cart.empty')}{' '}
        <a href={localPath('/shop', locale)} className="font-bold text-accent underline">
          {t('shop.cart.browse')}
        </a>
      </p>
    );
  }
  const chosenGateway = gatewayOf(gateways, gateway);
  const request = selection && quote && paymentRequestOf(selection, quote, chosenGateway);
  const pay = async () => {
    if (!request || checking) return;
    setBusy(true);
    setRefusal(null);
    try {
      await startPayment(quiet, request, locale);
    } catch (error) {
      setRefusal(refusalOf(error, t('shop.checkout.failed')));
      setBusy(false);
    }
  };
  return (
    // minmax(0, 1fr) on a phone: a wide child (a line still loading) wraps instead of widening the page.
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_24rem]">
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">{t('shop.checkout.address')}</h2>
          {addresses.length > 0 && !adding && (
            <RadioCards
              legend={t('shop.checkout.addressLegend')}
              value={address ? String(address.id) : null}
              onChange={(value) => setAddressId(Number(value))}
              options={addresses.map((candidate) => ({
                value: String(candidate.id),
                label: candidate.title,
                hint: <AddressText address={candidate} locale={locale} />,
              }))}
            />
          )}
          {adding || addresses.length === 0 ? (
            <AddressForm
              locale={locale}
              onSaved={(list) => {
                setAddresses(list);
                setAddressId(list.at(-1)?.id ?? null);
                setAdding(false);
              }}
              onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
            />
          ) : (
            <button
              type="button"
              className="min-h-11 w-fit text-accent underline"
              onClick={() => setAdding(true)}
            >
              {t('shop.address.add')}
            </button>
          )}
        </section>
        {address && (
          <section className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">{t('shop.checkout.delivery')}</h2>
            <RadioCards
              legend={t('shop.checkout.deliveryLegend')}
              value={method ? String(method.id) : null}
              onChange={(value) => setMethodId(Number(value))}
              options={methods.map((candidate) => ({
                value: String(candidate.id),
                label: locale === 'fa' ? candidate.title : candidate.en_title,
                hint: t('shop.checkout.days', {
                  min: localDigits(candidate.days_min, locale),
                  max: localDigits(candidate.days_max, locale),
                }),
                aside: <Money amount={candidate.price} currency={candidate.currency} locale={locale} />,
              }))}
            />
          </section>
        )}
      </div>
      <aside
        className="flex flex-col gap-4 rounded-2xl border border-line p-4"
        aria-label={t('shop.checkout.summary')}
      >
        <CartLines cart={cart} locale={locale} />
        {method && (
          <p className="flex justify-between" data-delivery-line>
            <span>{t('shop.checkout.deliveryLine')}</span>
            <Money amount={method.price} currency={method.currency} locale={locale} />
          </p>
        )}
        <DiscountField
          applied={discountCode}
          refusal={codeRefusal}
          checking={checking && discountCode !== null}
          onApply={(code) => {
            setCodeRefusal(null);
            setDiscountCode(code);
          }}
          onRemove={() => setDiscountCode(null)}
        />
        <PaymentSummary
          quote={quote}
          checking={checking}
          useWallet={useWallet}
          onWallet={setUseWallet}
          gateways={gateways.gateways}
          gateway={chosenGateway}
          onGateway={setGateway}
          problem={refusal ?? quoteState?.problem}
          payable={!busy && !checking && Boolean(request)}
          onPay={pay}
          locale={locale}
        />
      </aside>
    </div>
  );
}

export default function Checkout({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <CheckoutForm locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
