/**
 * The header's login button, drawn by the zero-JS header first and by the account island once it has
 * loaded; one class list so the swap does not move anything.
 */
export const headerButtonClass =
  'inline-flex min-h-11 items-center rounded-md px-3 font-bold text-ink hover:bg-surface-raised';

/**
 * The label follows html[data-auth] (set by the head script when a token is stored): "account" for a
 * returning viewer until the island knows their name, "log in / sign up" otherwise. CSS only, so the
 * server-rendered and hydrated markup are the same. On phones the guest label shows only "log in" (the
 * full one stays the button's name, which contains the short one), so the header fits 320 px.
 */
export const guestLabelClass = 'max-sm:sr-only [html[data-auth]_&]:hidden';
export const guestShortLabelClass = 'sm:hidden [html[data-auth]_&]:hidden';
export const memberLabelClass = 'hidden [html[data-auth]_&]:inline';

/** Account pages, in the order of the menu; the English ones live under /en. */
export const accountLinks = [
  { path: '/account', key: 'account.nav.settings' },
  { path: '/account/profiles', key: 'account.nav.profiles' },
  { path: '/account/devices', key: 'account.nav.devices' },
  { path: '/account/favorites', key: 'account.nav.favorites' },
  { path: '/account/wallet', key: 'commerce.nav.wallet' },
  { path: '/account/direct-debit', key: 'commerce.nav.directDebit' },
  { path: '/account/purchases', key: 'commerce.nav.purchases' },
  { path: '/account/tickets', key: 'commerce.nav.tickets' },
  { path: '/account/orders', key: 'shop.nav.orders' },
  { path: '/account/addresses', key: 'shop.nav.addresses' },
  { path: '/profiles', key: 'account.nav.whoIsWatching' },
] as const;
