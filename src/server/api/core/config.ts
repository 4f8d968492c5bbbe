import { createRoute } from '@hono/zod-openapi';
import { configV3Schema, locationSchema, type ConfigV3, type Location } from '../../../shared/core';
import type { VisitorLocation } from '../../core/geo';
import { localPath } from '../../../lib/locale';
import { features } from '../../core/features';
import { siteConfig, type MenuItem } from '../../core/site-config';
import { jsonContent } from '../openapi';
import { createRouter } from '../router';

function toLocation(location: VisitorLocation): Location {
  return { country: location.country, location_currency: location.locationCurrency, is_eea: location.isEea };
}

function toMenu(items: MenuItem[]): ConfigV3['menu']['main'] {
  return items.map(({ href, label }) => ({
    href,
    en_href: localPath(href, 'en'),
    title: label.fa,
    en_title: label.en,
  }));
}

function toConfigV3(location: VisitorLocation): ConfigV3 {
  const { brand, supportPhone, supportEmail, mainMenu, footerMenu, downloads } = siteConfig;
  return {
    name: brand.fa,
    en_name: brand.en,
    support_phone: supportPhone,
    support_email: supportEmail,
    menu: { main: toMenu(mainMenu), footer: toMenu(footerMenu) },
    downloads: downloads.map(({ platform, store, href }) => ({
      platform,
      title: store.fa,
      en_title: store.en,
      href,
    })),
    features: {
      shop: features.shop,
      wallet: features.wallet,
      live_screenings: features.liveScreenings,
      festivals: features.festivals,
      gift_coupon: features.giftCoupon,
    },
    location: toLocation(location),
  };
}

const configRoute = createRoute({
  method: 'get',
  path: '/configV3',
  tags: ['core'],
  summary:
    "The shell's configuration (menus in both languages, support, apps, features) and the visitor's location",
  responses: { 200: jsonContent(configV3Schema, 'Site configuration') },
});

const locationRoute = createRoute({
  method: 'get',
  path: '/location',
  tags: ['core'],
  summary:
    "The visitor's country (offline IP lookup), currency (IRR in Iran, USD elsewhere) and EEA membership",
  responses: { 200: jsonContent(locationSchema, 'Visitor location') },
});

export const configRoutes = createRouter()
  .openapi(configRoute, (c) => c.json(toConfigV3(c.var.ctx.geo.locate(c.var.clientAddress)), 200))
  .openapi(locationRoute, (c) => c.json(toLocation(c.var.ctx.geo.locate(c.var.clientAddress)), 200));
