import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import { formatDate, localDigits, longDateTime } from '~/lib/format';
import { formatMoney, moneyUnit, parseMoney } from '~/lib/money';
import { minorPerUnit } from '~/lib/money-format';
import { localPath, type Locale } from '~/lib/locale';
import type { Currency, GatewayType, Wallet } from '~/shared/commerce';
import { walletChargeBounds } from '~/shared/commerce-constants';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { CurrencySwitch } from '../purchase/CurrencySwitch';
import { GatewayChoice, gatewayOf } from '../purchase/GatewayChoice';
import { useGateways } from '../purchase/gateways';
import { Money } from '../purchase/Money';
import { startPayment } from '../purchase/payment';
import { browserApi } from '../shared/api';

function Balances({ wallet, locale }: { wallet: Wallet; locale: Locale }) {
  const { t } = useTranslation();
  if (wallet.balances.length === 0) return <p>{t('commerce.walletPage.empty')}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {wallet.balances.map((balance) => (
        <li
          key={balance.currency}
          className="rounded-2xl border border-line p-5"
          data-balance={balance.currency}
        >
          <p className="text-sm text-ink-muted">{t(`commerce.currency.${balance.currency}`)}</p>
          <p className="text-2xl font-extrabold">
            <Money amount={balance.balance} currency={balance.currency} locale={locale} />
          </p>
          {balance.held > 0 && (
            <p className="text-sm text-ink-muted">
              {t('commerce.walletPage.held', { amount: formatMoney(balance.held, balance.currency, locale) })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Top-up amounts offered with one press, in minor units (100,000 / 200,000 / 500,000 toman; $5, $10,
 * $20): what viewers of the big streaming apps pick most. Any other amount can still be typed.
 */
const PRESETS: Record<Currency, number[]> = {
  IRR: [1_000_000, 2_000_000, 5_000_000],
  USD: [500, 1_000, 2_000],
};

/** An amount as the field shows it when typed: toman or dollars, in the page's digits, no grouping. */
function typedOf(amount: number, currency: Currency, locale: Locale): string {
  return localDigits(amount / minorPerUnit[currency], locale);
}

/** CHARGE_WALLET: an amount in the viewer's currency, within the contract's bounds, and a gateway. */
function ChargeForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const gateways = useGateways(api);
  const [typed, setTyped] = useState('');
  const [gateway, setGateway] = useState<GatewayType | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currency: Currency | null = gateways?.currency ?? null;
  const bounds = currency && walletChargeBounds[currency];
  const range = bounds && {
    min: formatMoney(bounds.min, currency, locale),
    max: formatMoney(bounds.max, currency, locale),
  };

  async function charge(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currency || !bounds || !range || !gateways) return;
    const amount = parseMoney(typed, currency);
    const chosen = gatewayOf(gateways, gateway);
    if (amount === null || amount < bounds.min || amount > bounds.max) {
      setProblem(t('commerce.walletPage.charge.invalid', range));
      return;
    }
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      await startPayment(api, { type: 'CHARGE_WALLET', amount, currency, gateway: chosen }, locale);
    } catch (error) {
      setBusy(false);
      setProblem(problemOf(error, locale));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex max-w-md flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('commerce.walletPage.charge.title')}
      </h2>
      <CurrencySwitch value={currency} />
      {currency && range && gateways && (
        <form onSubmit={(event) => void charge(event)} className="flex flex-col gap-4" noValidate>
          <div
            role="group"
            aria-label={t('commerce.walletPage.charge.presets')}
            className="flex flex-wrap gap-2"
          >
            {PRESETS[currency].map((preset) => (
              <button
                key={preset}
                type="button"
                aria-pressed={parseMoney(typed, currency) === preset}
                onClick={() => {
                  setTyped(typedOf(preset, currency, locale));
                  setProblem(null);
                }}
                className="min-h-11 rounded-full border border-line px-4 font-bold aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent focus-visible:outline-3 focus-visible:outline-accent"
                data-preset={preset}
              >
                {formatMoney(preset, currency, locale)}
              </button>
            ))}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-amount`} className="font-bold">
              {t('commerce.walletPage.charge.amount', { unit: moneyUnit(currency, locale) })}
            </label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode={currency === 'USD' ? 'decimal' : 'numeric'}
              dir="ltr"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-bounds ${id}-problem`}
              className="rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-accent focus-visible:outline-3 focus-visible:outline-accent"
            />
            <p id={`${id}-bounds`} className="text-sm text-ink-muted">
              {t('commerce.walletPage.charge.bounds', range)}
            </p>
            <p id={`${id}-problem`} role="alert" className="text-sm font-bold text-accent empty:hidden">
              {problem ?? ''}
            </p>
          </div>
          <GatewayChoice
            gateways={gateways.gateways}
            value={gatewayOf(gateways, gateway)}
            onChange={setGateway}
            locale={locale}
          />
          <button type="submit" className="button-primary" disabled={busy}>
            {t('commerce.walletPage.charge.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

function Ledger({ wallet, locale }: { wallet: Wallet; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ledger-title" className="flex max-w-3xl flex-col gap-3">
      <h2 id="ledger-title" className="text-xl font-bold">
        {t('commerce.walletPage.ledger.title')}
      </h2>
      {wallet.entries.length === 0 ? (
        <p>{t('commerce.walletPage.ledger.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line">
          {wallet.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
              data-entry={entry.kind}
            >
              <div className="flex flex-col">
                <span className="font-bold">
                  {t(`commerce.walletPage.kinds.${entry.kind}`)}
                  {entry.pending && (
                    <span className="ms-2 rounded-full border border-line px-2 text-sm font-normal">
                      {t('commerce.walletPage.ledger.pending')}
                    </span>
                  )}
                </span>
                <span className="text-sm text-ink-muted">
                  <time dateTime={entry.at}>{formatDate(entry.at, locale, longDateTime)}</time>
                  {entry.payment_id !== null && (
                    <>
                      {' · '}
                      <a href={localPath(`/payments/${entry.payment_id}`, locale)} className="underline">
                        {t('commerce.walletPage.ledger.payment', {
                          id: localDigits(entry.payment_id, locale),
                        })}
                      </a>
                    </>
                  )}
                </span>
              </div>
              <span className="font-bold">
                <Money amount={entry.amount} currency={entry.currency} locale={locale} signed />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WalletBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<Wallet>('/me/wallet', { signal: controller.signal }).then(setWallet, () => {});
    return () => controller.abort();
  }, [api]);
  if (!wallet) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return (
    <div className="flex flex-col gap-10">
      <Balances wallet={wallet} locale={locale} />
      <ChargeForm locale={locale} />
      <Ledger wallet={wallet} locale={locale} />
    </div>
  );
}

/** /account/wallet (issue 9): balances per currency, topping up, and the ledger newest first. */
export default function WalletPanel({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <WalletBody locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
