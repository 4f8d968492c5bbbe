import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '~/shared/commerce';
import { $currency } from '~/stores/core';
import { currencies } from '~/shared/commerce-constants';

/**
 * Toman or dollar: the viewer's choice is kept in localStorage.currency (SPEC §3, §9) and every price
 * list that follows the store asks again in the new currency.
 */
export function CurrencySwitch({ value }: { value: Currency | null }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t('commerce.currency.label')}</legend>
      <span aria-hidden="true" className="text-sm text-ink-muted">
        {t('commerce.currency.label')}
      </span>
      <span className="inline-flex rounded-full border border-line p-0.5">
        {currencies.map((currency) => (
          <label
            key={currency}
            className="relative inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 text-sm font-bold has-checked:bg-accent has-checked:text-accent-ink has-focus-visible:outline-3 has-focus-visible:outline-accent"
          >
            <input
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => $currency.set(currency)}
              className="sr-only"
            />
            {t(`commerce.currency.${currency}`)}
          </label>
        ))}
      </span>
    </fieldset>
  );
}
