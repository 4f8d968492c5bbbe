import { describe, expect, it } from 'vitest';
import { features } from '~/server/core/features';
import { siteConfig } from '~/server/core/site-config';

describe('feature flags come from the pages this build has', () => {
  it('reports the shop, the wallet, the ticket pages and gift coupons (/gift), each of which has its page', () => {
    expect(features).toEqual({
      shop: true,
      wallet: true,
      liveScreenings: true,
      festivals: true,
      giftCoupon: true,
    });
  });

  it('keeps menu entries of capabilities that are on', () => {
    const hrefs = [...siteConfig.mainMenu, ...siteConfig.footerMenu].map((item) => item.href);
    expect(hrefs).toContain('/shop');
    expect(hrefs).toContain('/gift');
    expect(hrefs).toContain('/about');
  });
});
