import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localPath, type Locale } from '~/lib/locale';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { useCart } from './cart';
import { CartLines } from './CartLines';

function CartView({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const cart = useCart(api);
  if (!cart) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return (
    <div className="flex max-w-2xl flex-col gap-4" data-cart-page>
      <CartLines cart={cart} locale={locale} />
      {cart.items.length > 0 ? (
        <a href={localPath('/shop/checkout', locale)} className="button-primary min-h-11 w-fit">
          {t('shop.checkout.go')}
        </a>
      ) : (
        <a href={localPath('/shop', locale)} className="font-bold text-accent underline">
          {t('shop.cart.browse')}
        </a>
      )}
    </div>
  );
}

/** /shop/cart: the whole cart, for a guest too (the cart is kept under localStorage.cart_id). */
export default function CartPage({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <CartView locale={locale} />
    </IslandRoot>
  );
}
