import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import { artworkFile } from '~/shared/catalog';
import type { Currency } from '~/shared/commerce-constants';
import { MAX_LINE_QUANTITY, type Cart, type CartItem } from '~/shared/shop';
import { Money } from '../purchase/Money';
import { browserApi } from '../shared/api';
import { removeCartLine, setCartLine } from './cart';

const named = (locale: Locale, fa: string | null, en: string | null) => (locale === 'fa' ? fa : en);

function Line({ item, currency, locale }: { item: CartItem; currency: Currency; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => {
    setBusy(true);
    action().then(
      () => setBusy(false),
      () => setBusy(false),
    );
  };
  const title = named(locale, item.title, item.en_title)!;
  const variant = named(locale, item.variant_title, item.en_variant_title);
  const most = Math.max(item.quantity, Math.min(item.available, MAX_LINE_QUANTITY));
  return (
    <li className="flex gap-3 py-3" data-cart-line={item.variant_id}>
      <img
        src={artworkFile(item.image, 'webp')}
        alt=""
        width={48}
        height={72}
        className="h-18 w-12 shrink-0 rounded object-cover"
      />
      <div className="flex min-w-0 grow flex-col gap-1">
        <a href={localPath(`/shop/${item.product_id}`, locale)} className="font-bold">
          <bdi>{title}</bdi>
        </a>
        {variant && <span className="text-sm text-ink-muted">{variant}</span>}
        {item.available < item.quantity && (
          <span role="alert" className="text-sm font-bold text-accent">
            {item.available > 0
              ? t('shop.cart.onlyLeft', { count: localDigits(item.available, locale) })
              : t('shop.soldOut')}
          </span>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1 text-sm">
            {t('shop.quantity')}
            <select
              className="min-h-11 rounded-lg border border-line bg-surface px-2"
              value={item.quantity}
              disabled={busy}
              onChange={(event) =>
                act(() =>
                  setCartLine(api, {
                    product_id: item.product_id,
                    variant_id: item.variant_id,
                    quantity: Number(event.target.value),
                  }),
                )
              }
            >
              {Array.from({ length: most }, (_, index) => index + 1).map((n) => (
                <option key={n} value={n}>
                  {localDigits(n, locale)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="min-h-11 px-2 text-sm text-accent underline"
            disabled={busy}
            aria-label={t('shop.cart.removeNamed', { title })}
            onClick={() => act(() => removeCartLine(api, item.id))}
          >
            {t('shop.cart.remove')}
          </button>
        </div>
      </div>
      <span className="shrink-0 font-bold">
        <Money amount={item.line_total} currency={currency} locale={locale} />
      </span>
    </li>
  );
}

/** The cart's lines with their quantity and removal, and the goods' total; for the drawer and the cart page. */
export function CartLines({ cart, locale }: { cart: Cart; locale: Locale }) {
  const { t } = useTranslation();
  if (cart.items.length === 0) return <p className="py-4 text-ink-muted">{t('shop.cart.empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-line">
        {cart.items.map((item) => (
          <Line key={item.id} item={item} currency={cart.currency} locale={locale} />
        ))}
      </ul>
      <p className="flex justify-between border-t border-line pt-3 font-bold" data-cart-total>
        <span>{t('shop.cart.itemsTotal')}</span>
        <Money amount={cart.items_total} currency={cart.currency} locale={locale} />
      </p>
    </>
  );
}
