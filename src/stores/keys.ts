/** The localStorage keys of SPEC §3, in one place: stores, inline scripts and tests read them here. */
export const storageKeys = {
  token: 'token',
  cartId: 'cart_id',
  currency: 'currency',
  theme: 'theme',
  consentMode: 'consentMode',
} as const;
