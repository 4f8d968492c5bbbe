import type { Localized } from '../../lib/locale';

export interface MenuItem {
  /** Path in the Persian site; the English one is the same path under /en. */
  href: string;
  label: Localized;
}

export interface AppDownload {
  platform: 'android' | 'ios' | 'windows' | 'tv';
  store: Localized;
  href: string;
}

export interface SiteConfig {
  brand: Localized;
  supportPhone: string;
  supportEmail: string;
  mainMenu: MenuItem[];
  footerMenu: MenuItem[];
  downloads: AppDownload[];
  features: {
    shop: boolean;
    wallet: boolean;
    liveScreenings: boolean;
    festivals: boolean;
    giftCoupon: boolean;
  };
}

/**
 * What the shell needs in both languages. Menus list only routes that exist; later capabilities add
 * their own entries here so the header, footer and GET /core/configV3 stay in step.
 */
export const siteConfig: SiteConfig = {
  brand: { fa: 'سینماخانه', en: 'Cinemakhaneh' },
  supportPhone: '+982191012345',
  supportEmail: 'support@cinemakhaneh.example',
  mainMenu: [
    { href: '/', label: { fa: 'خانه', en: 'Home' } },
    { href: '/search', label: { fa: 'جستجو', en: 'Search' } },
    { href: '/subscribe', label: { fa: 'خرید اشتراک', en: 'Subscribe' } },
    { href: '/downloads', label: { fa: 'دانلود اپلیکیشن', en: 'Apps' } },
    { href: '/contact', label: { fa: 'تماس با ما', en: 'Contact' } },
  ],
  footerMenu: [
    { href: '/about', label: { fa: 'درباره ما', en: 'About us' } },
    { href: '/terms', label: { fa: 'قوانین و مقررات', en: 'Terms of use' } },
    { href: '/privacy', label: { fa: 'حریم خصوصی', en: 'Privacy' } },
    { href: '/work-with-us', label: { fa: 'همکاری با ما', en: 'Work with us' } },
    { href: '/downloads', label: { fa: 'دانلود اپلیکیشن', en: 'Apps' } },
    { href: '/contact', label: { fa: 'تماس با ما', en: 'Contact' } },
  ],
  downloads: [
    {
      platform: 'android',
      store: { fa: 'کافه‌بازار', en: 'Cafe Bazaar' },
      href: 'https://cafebazaar.ir/app/ir.cinemakhaneh.app',
    },
    {
      platform: 'android',
      store: { fa: 'مایکت', en: 'Myket' },
      href: 'https://myket.ir/app/ir.cinemakhaneh.app',
    },
    {
      platform: 'android',
      store: { fa: 'گوگل‌پلی', en: 'Google Play' },
      href: 'https://play.google.com/store/apps/details?id=ir.cinemakhaneh.app',
    },
    { platform: 'ios', store: { fa: 'وب‌اپلیکیشن iOS', en: 'iOS web app' }, href: '/downloads#ios' },
    { platform: 'tv', store: { fa: 'اندروید تی‌وی', en: 'Android TV' }, href: '/downloads#tv' },
  ],
  features: { shop: true, wallet: true, liveScreenings: true, festivals: true, giftCoupon: true },
};
