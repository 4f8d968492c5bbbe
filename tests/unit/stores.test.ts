import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// The test engine must be in place before the stores are created, hence the dynamic imports below.
beforeAll(() => {
  useTestStorageEngine();
});
afterEach(() => {
  cleanTestStorage();
});

describe('persistent client state', () => {
  it('uses exactly the localStorage keys of SPEC §3, and the first campaign of issue 16', async () => {
    const { storageKeys } = await import('~/stores/keys');
    expect(Object.values(storageKeys).sort()).toEqual([
      'attribution',
      'cart_id',
      'consentMode',
      'currency',
      'theme',
      'token',
    ]);
  });

  it('writes nothing just by being imported (so server rendering never writes)', async () => {
    await import('~/stores/auth');
    await import('~/stores/core');
    await import('~/stores/cart');
    await import('~/stores/settings');
    expect(getTestStorage()).toEqual({});
  });

  it('keeps the session token under "token" and forgets it on sign-out', async () => {
    const { $auth, $token, signIn, signOut } = await import('~/stores/auth');
    signIn('abc', {
      id: 1,
      name: 'Sara',
      user_name: '+989121234567',
      phone: '+989121234567',
      email: null,
      has_password: true,
      profile: null,
      profiles_count: 1,
      favorites: [],
      staff_roles: [],
      cafe_desk: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(getTestStorage()).toEqual({ token: 'abc' });
    expect($auth.get().isLogin).toBe(true);
    signOut();
    expect($token.get()).toBeUndefined();
    expect(getTestStorage()).toEqual({});
    expect($auth.get()).toMatchObject({ isLogin: false, userMeta: null, step: 'INIT' });
  });

  it('keeps the cart\'s user_id as the cart id under "cart_id"; a visitor without a cart keeps none', async () => {
    const { $cartId, setCart } = await import('~/stores/cart');
    const cart = { currency: 'IRR' as const, items: [], count: 0, items_total: 0 };
    setCart({ ...cart, user_id: '' });
    expect($cartId.get()).toBeUndefined();
    setCart({ ...cart, user_id: '77' });
    expect(getTestStorage()).toEqual({ cart_id: '77' });
  });

  it('reads the stored currency under "currency"; IRR means prices in toman', async () => {
    setTestStorageKey('currency', 'USD');
    const { $currency, effectiveCurrency, showsToman } = await import('~/stores/core');
    expect($currency.get()).toBe('USD');
    expect(effectiveCurrency(undefined, 'USD')).toBe('USD');
    expect(effectiveCurrency('IRR', 'USD')).toBe('IRR');
    expect(effectiveCurrency(undefined, null)).toBe('IRR');
    expect(showsToman('IRR')).toBe(true);
    expect(showsToman('USD')).toBe(false);
  });
});
