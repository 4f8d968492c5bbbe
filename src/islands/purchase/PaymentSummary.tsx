import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import type { Gateway, GatewayType, Quote } from '~/shared/commerce';
import { GatewayChoice } from './GatewayChoice';
import { PriceLines } from './PriceLines';
import { WalletToggle } from './WalletToggle';

/**
 * The foot of a checkout page (the shop's and a cafe booking's): the wallet, the quoted price lines, the
 * gateway when one has a part to pay, the refusal if any, and the pay button naming what the gateway takes.
 */
export function PaymentSummary({
  quote,
  checking,
  useWallet,
  onWallet,
  gateways,
  gateway,
  onGateway,
  problem,
  payable,
  onPay,
  locale,
}: {
  quote: Quote | null;
  checking: boolean;
  useWallet: boolean;
  onWallet: (checked: boolean) => void;
  gateways: Gateway[] | undefined;
  gateway: GatewayType | null;
  onGateway: (gateway: GatewayType) => void;
  problem: string | null | undefined;
  payable: boolean;
  onPay: () => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <>
      {quote && <WalletToggle quote={quote} checked={useWallet} onChange={onWallet} locale={locale} />}
      <div aria-busy={checking} className={checking ? 'opacity-60' : undefined}>
        {quote && <PriceLines lines={quote} locale={locale} />}
      </div>
      {gateways && quote && quote.gateway_part > 0 && (
        <GatewayChoice gateways={gateways} value={gateway} onChange={onGateway} locale={locale} />
      )}
      {problem && (
        <p role="alert" className="font-bold text-accent">
          {problem}
        </p>
      )}
      <button type="button" className="button-primary min-h-11" disabled={!payable} onClick={onPay}>
        {quote && quote.gateway_part === 0
          ? t('commerce.dialog.payFromWallet')
          : t('commerce.dialog.pay', {
              amount: quote ? formatMoney(quote.gateway_part, quote.currency, locale) : '',
            })}
      </button>
    </>
  );
}
