import { describe, expect, it } from 'vitest';
import { features } from '~/server/core/features';
import { siteConfig } from '~/server/core/site-config';

describe('feature flags come from the pages this build has', () => {
  it('reports the shop, the wallet and the ticket pages, not gift coupons, which have no page yet', () => {
    expect(features).toEqual({
      shop: true,
      wallet: true,
      liveScreenings: true,
      festivals: true,
      giftCoupon: false,
    });
  });

  it('keeps menu entries of capabilities that are on and leaves the others out', () => {
    const hrefs = [...siteConfig.mainMenu, ...siteConfig.footerMenu].map((item) => item.href);
    expect(hrefs).toContain('/shop');
    expect(hrefs).not.toContain('/gift');
    expect(hrefs).toContain('/about');
  });
});
