import { describe, expect, it } from 'vitest';
import { features } from '~/server/core/features';
import { siteConfig } from '~/server/core/site-config';

describe('feature flags come from the pages this build has', () => {
  it('reports the wallet and the ticket pages, not the shop or gift coupons, which have no pages yet', () => {
    expect(features).toEqual({
      shop: false,
      wallet: true,
      liveScreenings: true,
      festivals: true,
      giftCoupon: false,
    });
  });

  it('leaves menu entries of capabilities that are off out of the menus', () => {
    const hrefs = [...siteConfig.mainMenu, ...siteConfig.footerMenu].map((item) => item.href);
    expect(hrefs).not.toContain('/shop');
    expect(hrefs).not.toContain('/gift');
    expect(hrefs).toContain('/about');
  });
});
