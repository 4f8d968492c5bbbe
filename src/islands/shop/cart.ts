import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect } from 'react';
import type { Cart, CartLineRequest } from '~/shared/shop';
import { $token } from '~/stores/auth';
import { $cart, $cartId, setCart } from '~/stores/cart';
import { $currency } from '~/stores/core';

/**
 * The cart's calls (SPEC §7) for every shop island of a page: one GET per token and currency (a login
 * merges the guest cart into the account's, so the cart is asked again then), changes through POST and
 * DELETE, each answer written to the shared store.
 */

let loaded: string | null = null;

export function useCart(api: $Fetch): Cart | null {
  const token = useStore($token);
  const currency = useStore($currency);
  useEffect(() => {
    const key = `${token ?? ''}:${currency ?? ''}`;
    if (loaded === key) return;
    loaded = key;
    api<Cart>('/cart', { query: { cart_id: $cartId.get(), currency } }).then(setCart, () => {
      loaded = null;
    });
  }, [api, token, currency]);
  return useStore($cart);
}

export async function setCartLine(api: $Fetch, line: Omit<CartLineRequest, 'cart_id' | 'currency'>) {
  const body = { ...line, cart_id: $cartId.get(), currency: $currency.get() };
  setCart(await api<Cart>('/cart', { method: 'POST', body }));
}

export async function removeCartLine(api: $Fetch, id: number) {
  const query = { cart_id: $cartId.get(), currency: $currency.get() };
  setCart(await api<Cart>(`/cart/${id}`, { method: 'DELETE', query }));
}
