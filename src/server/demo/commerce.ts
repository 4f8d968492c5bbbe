import { notInArray } from 'drizzle-orm';
import type { DbTransaction } from '../db/client';
import type { ProductKind } from '../../shared/catalog';
import { discountCodes, productPrices, products, subscriptionPackages } from '../db/schema';
import type { SeedStep } from './step';
import { DEMO_PLAYBACK } from './playback';

/** Demo prices in rials and cents: a title alone, a festival pass, a screening ticket. */
const PRICES: Record<ProductKind, { irr: number; usd: number }> = {
  film: { irr: 690_000, usd: 299 },
  series: { irr: 1_490_000, usd: 599 },
  music: { irr: 290_000, usd: 149 },
  festival: { irr: 2_490_000, usd: 999 },
  screening: { irr: 1_290_000, usd: 499 },
};

export const DEMO_PACKAGES = [
  {
    slug: 'monthly',
    months: 1,
    titleFa: 'اشتراک یک‌ماهه',
    titleEn: 'One month',
    priceIrr: 1_490_000,
    priceUsd: 499,
  },
  {
    slug: 'quarterly',
    months: 3,
    titleFa: 'اشتراک سه‌ماهه',
    titleEn: 'Three months',
    priceIrr: 3_990_000,
    priceUsd: 1_299,
  },
  {
    slug: 'half-year',
    months: 6,
    titleFa: 'اشتراک شش‌ماهه',
    titleEn: 'Six months',
    priceIrr: 6_990_000,
    priceUsd: 2_299,
  },
  {
    slug: 'yearly',
    months: 12,
    titleFa: 'اشتراک یک‌ساله',
    titleEn: 'One year',
    priceIrr: 11_990_000,
    priceUsd: 3_999,
  },
];

/** Demo discount codes (README): 20 % off anything; 20 % off once per account; one that has expired. */
export const DEMO_DISCOUNTS = { open: 'DEMO-20', once: 'DEMO-ONCE', expired: 'DEMO-EXPIRED' } as const;

/**
 * Prices for every demo title that is sold on its own (the one sold by nothing stays unpriced),
 * the four subscription packages and the demo discount codes.
 */
export const demoCommerceStep: SeedStep = {
  name: 'commerce',
  async run(tx: DbTransaction, now: Date) {
    const sold = await tx
      .select({ id: products.id, kind: products.kind })
      .from(products)
      .where(notInArray(products.slug, [DEMO_PLAYBACK.notSold]));
    if (sold.length > 0) {
      await tx.insert(productPrices).values(
        sold.map((product) => ({
          productId: product.id,
          priceIrr: PRICES[product.kind].irr,
          priceUsd: PRICES[product.kind].usd,
        })),
      );
    }
    await tx.insert(subscriptionPackages).values(DEMO_PACKAGES);
    await tx.insert(discountCodes).values([
      { code: DEMO_DISCOUNTS.open, kind: 'percent', percent: 20 },
      { code: DEMO_DISCOUNTS.once, kind: 'percent', percent: 20, maxUsesPerUser: 1 },
      {
        code: DEMO_DISCOUNTS.expired,
        kind: 'percent',
        percent: 50,
        validUntil: new Date(now.getTime() - 24 * 60 * 60 * 1000),
      },
    ]);
  },
};
