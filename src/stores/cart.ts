import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { Cart } from '~/shared/shop';
import { storageKeys } from './keys';

/** Kept across visits so a guest's cart survives a reload; the account's id once logged in (SPEC §3). */
export const $cartId = persistentAtom<string | undefined>(storageKeys.cartId, undefined);

/** The cart as the API last answered it; null until the first answer. */
export const $cart = atom<Cart | null>(null);

export function setCart(cart: Cart): void {
  $cart.set(cart);
  if (cart.user_id) $cartId.set(cart.user_id);
}
