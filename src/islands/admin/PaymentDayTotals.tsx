import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { PaymentTotals } from '~/shared/staff-payments';
import { Money } from '~/islands/purchase/Money';
import { controlClass, formatDay, iranToday, Line } from './AdminMoneyParts';
import type { Api } from './PaymentAction';

/** Finance's totals by day, gateway and currency over a range of days (today by default). */
export function Totals({ api, locale }: { api: Api; locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(iranToday());
  const [to, setTo] = useState(iranToday());
  const [totals, setTotals] = useState<PaymentTotals | null>(null);

  async function show(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    setTotals(await api<PaymentTotals>(`/staff/payments/totals?${new URLSearchParams({ from, to })}`));
  }

  const columns = ['payments', 'received', 'sales', 'vat', 'refunded'] as const;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('adminMoney.payments.totalsTitle')}
      </h2>
      <form onSubmit={(event) => void show(event).catch(() => {})} className="flex flex-wrap items-end gap-3">
        {(
          [
            ['from', from, setFrom],
            ['to', to, setTo],
          ] as const
        ).map(([key, value, setValue]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="font-bold">
              {t(`adminMoney.payments.${key}`)}
            </label>
            <input
              id={`${id}-${key}`}
              type="date"
              dir="ltr"
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className={controlClass}
            />
          </div>
        ))}
        <button type="submit" className="button-secondary">
          {t('adminMoney.payments.totalsShow')}
        </button>
      </form>
      <p className="text-sm text-ink-muted">
        {t('adminMoney.payments.range', { from: formatDay(from, locale), to: formatDay(to, locale) })}
      </p>
      {totals &&
        (totals.days.length === 0 ? (
          <p>{t('adminMoney.payments.totalsNone')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-totals>
            {totals.days.map((row) => (
              <li
                key={`${row.day}-${row.gateway}-${row.currency}`}
                className="rounded-xl border border-line p-3"
                data-total={`${row.gateway}-${row.currency}`}
              >
                <p className="font-bold">
                  {formatDay(row.day, locale)} · {t(`adminMoney.gateways.${row.gateway}`)} ·{' '}
                  {t(`commerce.currency.${row.currency}`)}
                </p>
                <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
                  {columns.map((column) => (
                    <Line key={column} term={t(`adminMoney.payments.columns.${column}`)}>
                      {column === 'payments' ? (
                        localDigits(row.payments, locale)
                      ) : (
                        <Money amount={row[column]} currency={row.currency} locale={locale} />
                      )}
                    </Line>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
