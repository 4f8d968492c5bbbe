import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import type { ProductKind } from '~/shared/catalog';
import {
  choiceKey,
  choicesOf,
  packageChoice,
  paymentRequestOf,
  purchaseInfoPath,
  watchPathOf,
  type Choice,
  type Selection,
} from '~/lib/commerce';
import { formatMoney } from '~/lib/money';
import { localPath, type Locale } from '~/lib/locale';
import type { Currency, GatewayType, PackagesResponse, PurchaseInfo } from '~/shared/commerce';
import { Dialog } from '../auth/Dialog';
import { isUnauthorized } from '../catalog/session';
import { browserApi } from '../shared/api';
import { CurrencySwitch } from './CurrencySwitch';
import { DiscountField } from './DiscountField';
import { GatewayChoice, gatewayOf } from './GatewayChoice';
import { useGateways } from './gateways';
import { Money } from './Money';
import { startPayment } from './payment';
import { PriceLines } from './PriceLines';
import { useQuote } from './quote';
import { RadioCards } from './RadioCards';
import { WalletToggle } from './WalletToggle';

/** What the dialog sells: a title's options (purchase-info) or the subscription packages. */
export type PurchaseTarget = { kind: ProductKind; id: number; name: string } | { packageId: number };

type Offer =
  | { state: 'loading' }
  | { state: 'refused'; message: string }
  | { state: 'ready'; choices: Choice[]; owned: PurchaseInfo['owned']; comingSoon: boolean };

/**
 * The offer in the viewer's currency. A refusal (not in your region, screening has ended, ...) is the
 * server's message, shown in place of the choices.
 */
function useOffer(target: PurchaseTarget, currency: Currency | null, locale: Locale): Offer {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const path = 'packageId' in target ? '/core/packages' : purchaseInfoPath(target.kind, target.id);
  const key = currency && `${path}?${currency}`;
  const [answer, setAnswer] = useState<{ key: string; offer: Offer } | null>(null);
  useEffect(() => {
    if (!key || !currency) return;
    const controller = new AbortController();
    api<PurchaseInfo | PackagesResponse>(path, { query: { currency }, signal: controller.signal }).then(
      (reply) => {
        const offer: Offer =
          'options' in reply
            ? { state: 'ready', choices: choicesOf(reply), owned: reply.owned, comingSoon: reply.coming_soon }
            : { state: 'ready', choices: reply.packages.map(packageChoice), owned: null, comingSoon: false };
        setAnswer({ key, offer });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, offer: { state: 'refused', message: problemOf(error, locale) } });
      },
    );
    return () => controller.abort();
  }, [api, path, key, currency, locale]);
  return answer && answer.key === key ? answer.offer : { state: 'loading' };
}

/**
 * The purchase dialog (issue 9): what to buy, the discount code checked live, paying from the wallet,
 * the gateway (SPEC §2), the price lines, then off to the gateway. Only opened with a session.
 */
export function PurchaseDialog({
  locale,
  target,
  onClose,
  onLoginNeeded,
  opener,
}: {
  locale: Locale;
  target: PurchaseTarget;
  onClose: () => void;
  /** Where focus returns when what had it is gone (the dialog reopened after the login dialog). */
  opener: () => HTMLElement | null;
  /** The session was refused: the opener asks for login and opens the dialog again afterwards. */
  onLoginNeeded: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const gateways = useGateways(api);
  const currency = gateways?.currency ?? null;
  const offer = useOffer(target, currency, locale);

  const [picked, setPicked] = useState<string | null>(
    'packageId' in target ? choiceKey({ type: 'SUBSCRIPTION', item_id: target.packageId }) : null,
  );
  // A campaign's link names its code in the address (/subscribe?code=DEMO-20): it is applied, and
  // checked by the quote like a typed one.
  const [discountCode, setDiscountCode] = useState<string | null>(
    () =>
      (typeof window !== 'undefined' &&
        new URLSearchParams(window.location.search).get('code')?.trim().toUpperCase()) ||
      null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  const [gateway, setGateway] = useState<GatewayType | null>(null);
  const [paying, setPaying] = useState(false);
  const [payProblem, setPayProblem] = useState<string | null>(null);

  const choices = offer.state === 'ready' ? offer.choices : [];
  const choice = choices.find((candidate) => choiceKey(candidate) === picked) ?? choices[0];
  const selection: Selection | null =
    choice && currency ? { choice, currency, discountCode, useWallet } : null;
  const { state: quoteState, checking } = useQuote(selection, locale, {
    onCodeRefused: (reason) => {
      setRefusal(reason);
      setDiscountCode(null);
    },
    onLoginNeeded,
  });
  const quote = quoteState?.quote ?? null;
  const chosenGateway = gateways ? gatewayOf(gateways, gateway) : null;

  useEffect(() => heading.current?.focus(), []);

  async function pay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = selection && quote && paymentRequestOf(selection, quote, chosenGateway);
    if (!request || checking) return;
    setPaying(true);
    setPayProblem(null);
    const watch = 'kind' in target ? watchPathOf(target) : null;
    try {
      // On success the page leaves for the gateway: the button stays busy until it has.
      await startPayment(api, request, locale, watch ? localPath(watch, locale) : undefined);
    } catch (error) {
      setPaying(false);
      if (isUnauthorized(error)) onLoginNeeded();
      else setPayProblem(problemOf(error, locale));
    }
  }

  const name = (choice: Choice) => (locale === 'fa' ? choice.title : choice.en_title);
  const owned = offer.state === 'ready' && 'kind' in target ? offer.owned : null;
  const watchPath = 'kind' in target ? watchPathOf(target) : null;

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} fallbackFocus={opener}>
      <div className="flex flex-col gap-5" data-purchase-dialog>
        <h2 id={titleId} ref={heading} tabIndex={-1} className="pe-10 text-xl font-extrabold outline-none">
          {'kind' in target
            ? t('commerce.dialog.title', { name: target.name })
            : t('commerce.dialog.subscribeTitle')}
        </h2>
        <CurrencySwitch value={currency} />
        {offer.state === 'loading' && <p className="text-ink-muted">{t('commerce.dialog.loading')}</p>}
        {offer.state === 'refused' && (
          <p
            role="alert"
            className="rounded-lg border border-accent bg-accent-soft px-4 py-3 font-bold text-accent"
          >
            {offer.message}
          </p>
        )}
        {owned && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-raised px-4 py-3"
          >
            <p>{t(`commerce.dialog.owned.${owned}`)}</p>
            {watchPath && (
              <a href={localPath(watchPath, locale)} className="button-secondary min-h-11">
                {t('commerce.dialog.watch')}
              </a>
            )}
          </div>
        )}
        {offer.state === 'ready' && offer.comingSoon && (
          <p role="note" className="rounded-lg bg-surface-raised px-4 py-3" data-coming-soon>
            {t('commerce.dialog.comingSoon')}
          </p>
        )}
        {offer.state === 'ready' && choices.length === 0 && <p>{t('commerce.dialog.nothing')}</p>}
        {choice && (
          <form onSubmit={(event) => void pay(event)} className="flex flex-col gap-5" noValidate>
            <RadioCards
              legend={t('commerce.dialog.choose')}
              value={choiceKey(choice)}
              onChange={(key) => {
                setPicked(key);
                setPayProblem(null);
              }}
              note={
                // Only where a plan is offered, i.e. the title is in the plans (purchase-info's packages).
                choices.some((option) => option.type === 'SUBSCRIPTION')
                  ? 'kind' in target
                    ? t('commerce.dialog.subscriptionOpens.title', { name: target.name })
                    : t('commerce.dialog.subscriptionOpens.plans')
                  : undefined
              }
              options={choices.map((option) => ({
                value: choiceKey(option),
                label: name(option),
                hint: option.window_hours
                  ? t('commerce.dialog.windowHours', { count: option.window_hours })
                  : option.type !== 'SUBSCRIPTION'
                    ? t(`commerce.types.${option.type}`)
                    : undefined,
                aside: <Money amount={option.total} currency={option.currency} locale={locale} />,
              }))}
            />
            <DiscountField
              applied={discountCode}
              refusal={refusal}
              checking={checking && discountCode !== null}
              onApply={(code) => {
                setRefusal(null);
                setDiscountCode(code);
              }}
              onRemove={() => setDiscountCode(null)}
            />
            {quote && (
              <WalletToggle quote={quote} checked={useWallet} onChange={setUseWallet} locale={locale} />
            )}
            {gateways && quote && quote.gateway_part > 0 && (
              <GatewayChoice
                gateways={gateways.gateways}
                value={chosenGateway}
                onChange={setGateway}
                locale={locale}
              />
            )}
            <div aria-busy={checking} className={checking ? 'opacity-60' : undefined}>
              {quote && <PriceLines lines={quote} locale={locale} />}
              {quoteState?.problem && (
                <p role="alert" className="font-bold text-accent">
                  {quoteState.problem}
                </p>
              )}
            </div>
            {payProblem && (
              <p
                role="alert"
                className="rounded-lg border border-accent bg-accent-soft px-4 py-3 font-bold text-accent"
              >
                {payProblem}
              </p>
            )}
            <button type="submit" className="button-primary w-full" disabled={!quote || checking || paying}>
              {paying
                ? t('commerce.dialog.redirecting')
                : quote && quote.gateway_part === 0
                  ? t('commerce.dialog.payFromWallet')
                  : t('commerce.dialog.pay', {
                      amount: quote ? formatMoney(quote.gateway_part, quote.currency, locale) : '',
                    })}
            </button>
          </form>
        )}
      </div>
    </Dialog>
  );
}
