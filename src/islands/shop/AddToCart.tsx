import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import { MAX_LINE_QUANTITY, type ShopProduct } from '~/shared/shop';
import { $cart } from '~/stores/cart';
import { $currency } from '~/stores/core';
import { toggleCartDrawer } from '~/stores/settings';
import { IslandRoot } from '../auth/IslandRoot';
import { CurrencySwitch } from '../purchase/CurrencySwitch';
import { Money } from '../purchase/Money';
import { RadioCards } from '../purchase/RadioCards';
import { browserApi } from '../shared/api';
import { setCartLine } from './cart';

/** How long the drawer peeks after "add to cart" before it closes by itself (SPEC §4). */
const PEEK_MS = 4000;

/**
 * A product page's buying controls: the variant, the quantity (up to what is left), the price in the
 * viewer's currency (asked from the API: the page itself is the same for every visitor), "add to cart".
 */
function Buy({ productId, locale }: { productId: number; locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const currency = useStore($currency);
  const cart = useStore($cart);
  const [product, setProduct] = useState<ShopProduct | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<ShopProduct>(`/shop/products/${productId}`, { query: { currency } }).then(
      (answer) => {
        setProduct(answer);
        setVariantId(
          (current) => current ?? (answer.variants.find((v) => v.available > 0) ?? answer.variants[0])!.id,
        );
      },
      () => {},
    );
  }, [api, productId, currency]);
  if (!product) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const variant = product.variants.find((v) => v.id === variantId) ?? product.variants[0]!;
  const inCart = cart?.items.find((item) => item.variant_id === variant.id)?.quantity ?? 0;
  const room = Math.min(variant.available, MAX_LINE_QUANTITY) - inCart;
  /**
   * The viewer must see that it was added, where they are looking: the drawer peeks below the shop
   * header when the header is on screen; on a phone scrolled down to "add to cart" it would open out of
   * sight, so a toast (fixed at the top of the screen) says so instead, with a link to the cart.
   */
  const showAdded = () => {
    const cartButton = document.querySelector('[data-cart-button]')?.getBoundingClientRect();
    if (cartButton && cartButton.bottom > 0 && cartButton.top < innerHeight) {
      toggleCartDrawer(true, PEEK_MS);
      return;
    }
    toast.success(
      <span>
        {t('shop.cart.added')}{' '}
        <a href={localPath('/shop/cart', locale)} className="font-bold underline">
          {t('shop.cart.open')}
        </a>
      </span>,
    );
  };
  const add = async () => {
    setBusy(true);
    try {
      await setCartLine(api, { product_id: product.id, variant_id: variant.id, quantity: inCart + quantity });
      setQuantity(1);
      showAdded();
    } catch {
      // The API client has said why (SPEC §8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4" data-add-to-cart>
      <CurrencySwitch value={product.currency} />
      {product.variants.length > 1 && (
        <RadioCards
          legend={t('shop.variant')}
          value={String(variant.id)}
          onChange={(value) => {
            setVariantId(Number(value));
            setQuantity(1);
          }}
          options={product.variants.map((v) => ({
            value: String(v.id),
            label: (locale === 'fa' ? v.title : v.en_title) ?? '',
            hint: v.available > 0 ? undefined : t('shop.soldOut'),
            aside: <Money amount={v.price} currency={product.currency} locale={locale} />,
          }))}
        />
      )}
      <p className="text-2xl font-extrabold" data-price>
        <Money amount={variant.price} currency={product.currency} locale={locale} />
      </p>
      <p className="text-sm text-ink-muted">{t('shop.vatNote')}</p>
      {variant.available > 0 ? (
        <p className="text-sm">{t('shop.left', { count: localDigits(variant.available, locale) })}</p>
      ) : (
        <p className="font-bold text-accent">{t('shop.soldOut')}</p>
      )}
      {room > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            {t('shop.quantity')}
            <select
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
            >
              {Array.from({ length: room }, (_, index) => index + 1).map((n) => (
                <option key={n} value={n}>
                  {localDigits(n, locale)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button-primary min-h-11 grow" disabled={busy} onClick={add}>
            {t('shop.add')}
          </button>
        </div>
      )}
      {inCart > 0 && (
        <p className="text-sm" data-in-cart>
          {t('shop.inCart', { count: localDigits(inCart, locale) })}
        </p>
      )}
    </div>
  );
}

export default function AddToCart({ productId, locale }: { productId: number; locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Buy productId={productId} locale={locale} />
    </IslandRoot>
  );
}
