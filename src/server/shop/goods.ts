import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Currency } from '../../shared/commerce';
import type { ShopCategory, ShopProduct, ShopProductSummary, ShopVariant } from '../../shared/shop';
import { artworkImage } from '../core/artwork';
import { priceIn } from '../commerce';
import type { Db } from '../db/client';
import { products, shopProducts, shopVariants } from '../db/schema';
import { notFound } from '../errors';

/** The goods on sale, priced in one currency. Pages read these in-process; islands through the API. */

export type ProductRow = typeof shopProducts.$inferSelect;
export type VariantRow = typeof shopVariants.$inferSelect;

/** Artwork keys of goods: the catalogue's artwork route draws them too (artworkTextOf). */
export const SHOP_ARTWORK_PREFIX = 'shop-';
export const shopArtwork = (slug: string) => artworkImage(`${SHOP_ARTWORK_PREFIX}${slug}`, 'poster');

export const availableOf = (row: VariantRow) => row.stock - row.reserved;

function toVariant(row: VariantRow, currency: Currency): ShopVariant {
  return {
    id: row.id,
    title: row.labelFa,
    en_title: row.labelEn,
    price: priceIn(row, currency),
    available: availableOf(row),
  };
}

function summary(product: ProductRow, variants: VariantRow[], currency: Currency): ShopProductSummary {
  return {
    id: product.id,
    slug: product.slug,
    category: product.category,
    title: product.titleFa,
    en_title: product.titleEn,
    image: shopArtwork(product.slug),
    currency,
    price: Math.min(...variants.map((row) => priceIn(row, currency))),
    in_stock: variants.some((row) => availableOf(row) > 0),
  };
}

async function variantsOf(db: Db, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(shopVariants)
    .where(inArray(shopVariants.productId, productIds))
    .orderBy(asc(shopVariants.position), asc(shopVariants.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/** The shop's goods (of one category), newest first, in stock before out of stock. */
export async function listGoods(
  db: Db,
  options: { category?: ShopCategory | undefined; currency: Currency },
): Promise<ShopProductSummary[]> {
  const rows = await db
    .select()
    .from(shopProducts)
    .where(
      and(
        eq(shopProducts.active, true),
        options.category ? eq(shopProducts.category, options.category) : undefined,
      ),
    )
    .orderBy(asc(shopProducts.id));
  const variants = await variantsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .filter((row) => (variants.get(row.id) ?? []).length > 0)
    .map((row) => summary(row, variants.get(row.id)!, options.currency))
    .sort((a, b) => Number(b.in_stock) - Number(a.in_stock));
}

/** One product page's facts; 404 for goods that do not exist or are no longer sold. */
export async function goodsDetail(db: Db, id: number, currency: Currency): Promise<ShopProduct> {
  const [product] = await db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.id, id), eq(shopProducts.active, true)));
  const variants = product ? (await variantsOf(db, [product.id])).get(product.id)! : [];
  if (!product || variants.length === 0) throw notFound('shop_product_not_found');
  const related =
    product.relatedTitles.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            kind: products.kind,
            title: products.titleFa,
            en_title: products.titleEn,
          })
          .from(products)
          .where(inArray(products.slug, product.relatedTitles));
  return {
    ...summary(product, variants, currency),
    description: product.descriptionFa,
    en_description: product.descriptionEn,
    variants: variants.map((row) => toVariant(row, currency)),
    related,
  };
}

/** Names of goods for the artwork route, by artwork key (`shop-<slug>`). */
export async function goodsArtworkText(
  db: Db,
  key: string,
): Promise<{ titleFa: string; titleEn: string } | undefined> {
  if (!key.startsWith(SHOP_ARTWORK_PREFIX)) return undefined;
  const [row] = await db
    .select({ titleFa: shopProducts.titleFa, titleEn: shopProducts.titleEn })
    .from(shopProducts)
    .where(eq(shopProducts.slug, key.slice(SHOP_ARTWORK_PREFIX.length)));
  return row;
}
