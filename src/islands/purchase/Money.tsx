import { formatMoney } from '~/lib/money';
import type { Locale } from '~/lib/locale';
import type { Currency } from '~/shared/commerce';

/**
 * An amount isolated from the text around it, in the page's direction: a Persian amount reads number
 * then unit from the right, with Intl's sign kept against its digits (dir="auto" would take Intl's
 * left-to-right mark before a minus as the direction and put the unit on the wrong side).
 */
export function Money({
  amount,
  currency,
  locale,
  signed,
}: {
  amount: number;
  currency: Currency;
  locale: Locale;
  signed?: boolean;
}) {
  return (
    <bdi dir={locale === 'fa' ? 'rtl' : 'ltr'} className="whitespace-nowrap">
      {formatMoney(amount, currency, locale, { signed })}
    </bdi>
  );
}
