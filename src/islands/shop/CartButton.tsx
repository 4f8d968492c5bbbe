import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import { localPath, type Locale } from '~/lib/locale';
import { $settings, toggleCartDrawer } from '~/stores/settings';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { useCart } from './cart';
import { CartLines } from './CartLines';

/**
 * The shop header's cart button with its count, and the cart drawer it opens (SPEC §3 settings: cart
 * drawer visibility). "Add to cart" opens the drawer too, for a moment (SPEC §4 auto-revert).
 */
function CartDrawer({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const cart = useCart(api);
  const open = useStore($settings).cartDrawerOpen;
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      toggleCartDrawer(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const count = cart?.count ?? 0;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 font-bold hover:bg-surface"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('shop.cart.button', { count })}
        onClick={() => toggleCartDrawer(!open)}
        data-cart-button
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01" />
        </svg>
        <span aria-hidden="true" data-cart-count>
          {localDigits(count, locale)}
        </span>
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-label={t('shop.cart.title')}
        className="absolute inset-x-0 top-full z-40 border-b border-line bg-surface-raised shadow-lg sm:inset-x-auto sm:end-4 sm:w-96 sm:rounded-b-2xl sm:border-x"
        data-cart-drawer
      >
        <div className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto p-4">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-bold">{t('shop.cart.title')}</h2>
            <button
              type="button"
              className="min-h-11 min-w-11 rounded-lg hover:bg-surface"
              aria-label={t('shop.cart.close')}
              onClick={() => toggleCartDrawer(false)}
            >
              ✕
            </button>
          </div>
          {cart && <CartLines cart={cart} locale={locale} />}
          {cart && cart.items.length > 0 && (
            <div className="flex flex-wrap gap-2 pt-2">
              <a href={localPath('/shop/cart', locale)} className="button-secondary grow text-center">
                {t('shop.cart.open')}
              </a>
              <a href={localPath('/shop/checkout', locale)} className="button-primary grow text-center">
                {t('shop.checkout.go')}
              </a>
            </div>
          )}
        </div>
      </section>
    </>
  );
}

export default function CartButton({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <CartDrawer locale={locale} />
    </IslandRoot>
  );
}
