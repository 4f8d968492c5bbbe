/** The localStorage keys of SPEC §3, in one place: stores, inline scripts and tests read them here. */
export const storageKeys = {
  token: 'token',
  cartId: 'cart_id',
  currency: 'currency',
  theme: 'theme',
  consentMode: 'consentMode',
  /** The first campaign the visitor came from (src/shared/growth.ts): ours, beyond SPEC §3's list. */
  attribution: 'attribution',
} as const;
