import { expect, test } from '@playwright/test';
import { localPath, locales } from '~/lib/locale';
import { capabilityPages, type Capability } from '~/server/core/capabilities';

/** configV3 names its flags in the API's spelling. */
const apiNames: Record<Capability, string> = {
  shop: 'shop',
  wallet: 'wallet',
  liveScreenings: 'live_screenings',
  festivals: 'festivals',
  giftCoupon: 'gift_coupon',
};

test('every configV3 flag is on exactly when its page answers 200, in both languages', async ({
  request,
}) => {
  const config = await request.get('/api/v1/core/configV3');
  expect(config.status()).toBe(200);
  const { features } = (await config.json()) as { features: Record<string, boolean> };
  expect(Object.keys(features).sort()).toEqual(Object.values(apiNames).sort());

  for (const [capability, route] of Object.entries(capabilityPages) as [Capability, string][]) {
    for (const locale of locales) {
      const path = localPath(route, locale);
      const page = await request.get(path, { maxRedirects: 0 });
      expect
        .soft(page.status() === 200, `${apiNames[capability]} (${path}: ${page.status()})`)
        .toBe(features[apiNames[capability]]);
    }
  }
  // Each capability's pages turned it on: the shop's, then the gift page (issue 14).
  expect(features).toMatchObject({ wallet: true, shop: true, gift_coupon: true });
});

test('the header and footer link only to capabilities that are on', async ({ page }) => {
  for (const locale of locales) {
    await page.goto(localPath('/', locale));
    const links = page.locator('header a[href], footer a[href]');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain(localPath(capabilityPages.giftCoupon, locale));
    expect(hrefs).toContain(localPath(capabilityPages.shop, locale));
  }
});
