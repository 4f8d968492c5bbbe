import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { PriceLines as Lines } from '~/shared/commerce';
import { Money } from './Money';

/**
 * A payment's price lines (price, discount, VAT, total, then the wallet's and the gateway's parts when
 * the wallet pays some of it), for the purchase dialog, the result page and the purchase records.
 */
export function PriceLines({ lines, locale }: { lines: Lines; locale: Locale }) {
  const { t } = useTranslation();
  const rows: { key: string; amount: number; strong?: boolean }[] = [
    { key: 'price', amount: lines.price },
    ...(lines.discount > 0 ? [{ key: 'discount', amount: -lines.discount }] : []),
    ...(lines.vat > 0 ? [{ key: 'vat', amount: lines.vat }] : []),
    { key: 'total', amount: lines.total, strong: true },
    ...(lines.wallet_part > 0
      ? [
          { key: 'wallet', amount: -lines.wallet_part },
          { key: 'gateway', amount: lines.gateway_part, strong: true },
        ]
      : []),
  ];
  return (
    <dl aria-label={t('commerce.lines.label')} className="divide-y divide-line rounded-lg border border-line">
      {rows.map((row) => (
        <div
          key={row.key}
          data-line={row.key}
          className={`flex items-baseline justify-between gap-4 px-3 py-1.5 ${row.strong ? 'font-bold' : ''}`}
        >
          <dt>{t(`commerce.lines.${row.key}`)}</dt>
          <dd>
            <Money amount={row.amount} currency={lines.currency} locale={locale} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
