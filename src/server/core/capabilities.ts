/**
 * The capabilities GET /core/configV3 reports and the page that serves each (as the Persian site
 * writes it). features.ts turns a capability on exactly when the build has its page in every language,
 * so the flags, the menus and the routes cannot disagree: adding the shop's pages turns the shop on.
 */
export const capabilityPages = {
  shop: '/shop',
  wallet: '/account/wallet',
  liveScreenings: '/lives/play',
  festivals: '/play',
  giftCoupon: '/gift',
} as const;
export type Capability = keyof typeof capabilityPages;
