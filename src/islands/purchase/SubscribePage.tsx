import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '~/lib/money';
import type { Locale } from '~/lib/locale';
import type { PackagesResponse, SubscriptionPackage } from '~/shared/commerce';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { CurrencySwitch } from './CurrencySwitch';
import { useGateways } from './gateways';
import { Money } from './Money';
import { PurchaseOpener } from './PurchaseButton';

/** A long package's price per month, in whole toman or cents (a comparison, not a charge). */
function perMonth({ total, months, currency }: SubscriptionPackage): number {
  return currency === 'IRR' ? Math.round(total / months / 10) * 10 : Math.round(total / months);
}

/**
 * /subscribe: the packages of GET /core/packages in the viewer's currency, each opening the purchase
 * dialog on itself. Prices come from the API in the browser, so the page itself is the same for all.
 */
function Packages({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const currency = useGateways(api)?.currency ?? null;
  const [reply, setReply] = useState<PackagesResponse | null>(null);

  useEffect(() => {
    if (!currency) return;
    const controller = new AbortController();
    api<PackagesResponse>('/core/packages', { query: { currency }, signal: controller.signal }).then(
      setReply,
      () => {},
    );
    return () => controller.abort();
  }, [api, currency]);

  // After a currency switch the old prices stay until the new ones arrive: the list (and a purchase
  // dialog opened from it) stays in place.
  const packages = reply?.packages ?? null;
  const stale = reply !== null && reply.currency !== currency;
  return (
    <div className="flex flex-col gap-6">
      <CurrencySwitch value={currency} />
      {!packages && <p className="text-ink-muted">{t('commerce.dialog.loading')}</p>}
      {packages?.length === 0 && <p>{t('commerce.subscribePage.empty')}</p>}
      {packages && packages.length > 0 && (
        <ul
          aria-busy={stale}
          className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-4 ${stale ? 'opacity-60' : ''}`}
        >
          {packages.map((pack) => {
            const name = locale === 'fa' ? pack.title : pack.en_title;
            return (
              <li
                key={pack.id}
                className="flex flex-col gap-3 rounded-2xl border border-line p-5"
                data-package={pack.slug}
              >
                <h2 className="text-xl font-extrabold">{name}</h2>
                <p className="text-2xl font-extrabold">
                  <Money amount={pack.total} currency={pack.currency} locale={locale} />
                </p>
                <p className="text-sm text-ink-muted">
                  {t('commerce.subscribePage.includesVat')}
                  {pack.months > 1 &&
                    ` · ${t('commerce.subscribePage.perMonth', {
                      amount: formatMoney(perMonth(pack), pack.currency, locale),
                    })}`}
                </p>
                <PurchaseOpener
                  locale={locale}
                  target={{ packageId: pack.id }}
                  label={t('commerce.subscribePage.choose', { name })}
                  className="button-primary mt-auto"
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export default function SubscribePage({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Packages locale={locale} />
    </IslandRoot>
  );
}
