import type { Localized } from '../../lib/locale';
import type { Capability } from './capabilities';
import { features } from './features';

export interface MenuItem {
  /** Path in the Persian site; the English one is the same path under /en. */
  href: string;
  label: Localized;
  /** Shown only while this capability's page is served (src/server/core/features.ts). */
  feature?: Capability;
  /** In the header's row only from `xl`, where it has room (the footer links to it as well). */
  secondary?: boolean;
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
}

/** Menu entries whose capability is on (entries that need none always stay). */
function available(items: MenuItem[]): MenuItem[] {
  return items.filter((item) => item.feature === undefined || features[item.feature]);
}

/**
 * What the shell needs in both languages, for the header, the footer and GET /core/configV3. Entries of
 * a capability name it and drop out while its page is not served.
 */
export const siteConfig: SiteConfig = {
  brand: { fa: 'سینماخانه', en: 'Cinemakhaneh' },
  supportPhone: '+982191012345',
  supportEmail: 'support@cinemakhaneh.example',
  mainMenu: available([
    { href: '/', label: { fa: 'خانه', en: 'Home' } },
    { href: '/search', label: { fa: 'جستجو', en: 'Search' } },
    { href: '/subscribe', label: { fa: 'خرید اشتراک', en: 'Subscribe' } },
    { href: '/cafes', label: { fa: 'کافه‌ها', en: 'Cafes' } },
    { href: '/shop', label: { fa: 'فروشگاه', en: 'Shop' }, feature: 'shop' },
    { href: '/gift', label: { fa: 'کارت هدیه', en: 'Gift cards' }, feature: 'giftCoupon' },
    { href: '/downloads', label: { fa: 'دانلود اپلیکیشن', en: 'Apps' }, secondary: true },
    { href: '/contact', label: { fa: 'تماس با ما', en: 'Contact' }, secondary: true },
  ]),
  footerMenu: available([
    { href: '/about', label: { fa: 'درباره ما', en: 'About us' } },
    { href: '/terms', label: { fa: 'قوانین و مقررات', en: 'Terms of use' } },
    { href: '/privacy', label: { fa: 'حریم خصوصی', en: 'Privacy' } },
    { href: '/work-with-us', label: { fa: 'همکاری با ما', en: 'Work with us' } },
    { href: '/downloads', label: { fa: 'دانلود اپلیکیشن', en: 'Apps' } },
    { href: '/contact', label: { fa: 'تماس با ما', en: 'Contact' } },
    { href: '/shop', label: { fa: 'فروشگاه', en: 'Shop' }, feature: 'shop' },
    { href: '/cafes', label: { fa: 'کافه‌های اکران گروهی', en: 'Screening cafes' } },
    { href: '/gift', label: { fa: 'کارت هدیه نوروزی', en: 'New Year gift' }, feature: 'giftCoupon' },
  ]),
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
};
