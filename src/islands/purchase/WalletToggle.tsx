import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import type { Quote } from '~/shared/commerce';

/** "Pay from my wallet" with the balance, offered only when the wallet holds something in the quote's currency. */
export function WalletToggle({
  quote,
  checked,
  onChange,
  locale,
}: {
  quote: Pick<Quote, 'wallet_balance' | 'currency'>;
  checked: boolean;
  onChange: (checked: boolean) => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (quote.wallet_balance <= 0) return null;
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-6 shrink-0 accent-accent"
      />
      <span>
        <span className="font-bold">{t('commerce.wallet.use')}</span>{' '}
        <span className="text-ink-muted">
          (
          {t('commerce.wallet.balance', {
            amount: formatMoney(quote.wallet_balance, quote.currency, locale),
          })}
          )
        </span>
      </span>
    </label>
  );
}
