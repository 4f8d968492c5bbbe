import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { storageKeys } from './keys';

export interface CartItem {
  id: number;
  product_id: number;
  quantity: number;
}

export interface Cart {
  /** SPEC §3: the cart carries user_id, and that id is the cart's id. */
  user_id: number;
  items: CartItem[];
}

/** Kept across visits so a guest's cart survives a reload. */
export const $cartId = persistentAtom<string | undefined>(storageKeys.cartId, undefined);

export const $cart = atom<Cart | null>(null);

export function setCart(cart: Cart): void {
  $cart.set(cart);
  $cartId.set(String(cart.user_id));
}

export function clearCart(): void {
  $cart.set(null);
  $cartId.set(undefined);
}
