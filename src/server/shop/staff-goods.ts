import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { translate } from '../../shared/messages';
import {
  STAFF_GOODS_PAGE_SIZE,
  type GoodsInput,
  type NewGoodsInput,
  type NewVariantInput,
  type StaffGoods,
  type StaffGoodsList,
  type StockChanged,
  type VariantInput,
} from '../../shared/staff-shop';
import type { AppContext } from '../context';
import type { Db, DbTransaction } from '../db/client';
import { shopProducts, shopVariants } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import type { ProductRow, VariantRow } from './goods';

/**
 * Goods and stock as the staff console edits them (issue 17): bilingual names and descriptions, prices
 * in both currencies and each variant's stock. Every change is audited in its own transaction.
 *
 * Stock and checkout: payments reserve with `reserved = reserved + q where stock - reserved >= q` and
 * take with `stock = stock - q`. A stock edit is one conditional UPDATE too: it sets the new count only
 * where the stock is still what the editor saw (`stock_was`) and not below what is reserved, so it never
 * overwrites a sale that happened while the form was open, and the check constraint still holds.
 */

type VariantFields = Omit<NewVariantInput, 'stock'>;

function toStaffGoods(product: ProductRow, variants: VariantRow[]): StaffGoods {
  return {
    id: product.id,
    slug: product.slug,
    category: product.category,
    title_fa: product.titleFa,
    title_en: product.titleEn,
    description_fa: product.descriptionFa,
    description_en: product.descriptionEn,
    active: product.active,
    variants: variants.map((row) => ({
      id: row.id,
      label_fa: row.labelFa,
      label_en: row.labelEn,
      price_irr: row.priceIrr,
      price_usd: row.priceUsd,
      stock: row.stock,
      reserved: row.reserved,
    })),
  };
}

async function variantsOf(db: Db, productIds: number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(shopVariants)
    .where(inArray(shopVariants.productId, productIds))
    .orderBy(asc(shopVariants.position), asc(shopVariants.id));
}

/** One product with its variants as staff see it; 404 when there is none. */
export async function staffGoods(db: Db, productId: number): Promise<StaffGoods> {
  const [product] = await db.select().from(shopProducts).where(eq(shopProducts.id, productId));
  if (!product) throw notFound('shop_product_not_found');
  return toStaffGoods(product, await variantsOf(db, [product.id]));
}

/** GET /staff/shop/goods: every product, sold or not, newest first; `q` looks in slug and names. */
export async function listStaffGoods(
  db: Db,
  filter: { q?: string | undefined; page: number },
): Promise<StaffGoodsList> {
  const contains = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(shopProducts)
    .where(
      contains
        ? or(
            ilike(shopProducts.slug, contains),
            ilike(shopProducts.titleFa, contains),
            ilike(shopProducts.titleEn, contains),
          )
        : undefined,
    )
    .orderBy(sql`${shopProducts.id} desc`)
    .limit(STAFF_GOODS_PAGE_SIZE + 1)
    .offset((filter.page - 1) * STAFF_GOODS_PAGE_SIZE);
  const page = rows.slice(0, STAFF_GOODS_PAGE_SIZE);
  const variants = await variantsOf(
    db,
    page.map((row) => row.id),
  );
  return {
    goods: page.map((row) =>
      toStaffGoods(
        row,
        variants.filter((variant) => variant.productId === row.id),
      ),
    ),
    page: filter.page,
    has_more: rows.length > STAFF_GOODS_PAGE_SIZE,
  };
}

const productColumns = (input: GoodsInput) => ({
  slug: input.slug,
  category: input.category,
  titleFa: input.title_fa,
  titleEn: input.title_en,
  descriptionFa: input.description_fa,
  descriptionEn: input.description_en,
  active: input.active,
});

const variantColumns = (input: VariantFields) => ({
  labelFa: input.label_fa,
  labelEn: input.label_en,
  priceIrr: input.price_irr,
  priceUsd: input.price_usd,
});

const slugTaken = () => invalidFields({ slug: 'shop_slug_taken' });

/** POST /staff/shop/goods: a new product with its variants. */
export async function createGoods(
  ctx: AppContext,
  staffId: number,
  input: NewGoodsInput,
  locale: Locale,
): Promise<{ goods: StaffGoods; message: string }> {
  const goods = await ctx.database.db.transaction(async (tx) => {
    const [product] = await tx
      .insert(shopProducts)
      .values({ ...productColumns(input), createdAt: ctx.clock.now() })
      .onConflictDoNothing({ target: shopProducts.slug })
      .returning();
    if (!product) throw slugTaken();
    await tx.insert(shopVariants).values(
      input.variants.map((variant, position) => ({
        productId: product.id,
        position,
        stock: variant.stock,
        ...variantColumns(variant),
      })),
    );
    const created = await staffGoods(tx, product.id);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'goods.create',
      targetType: 'shop_product',
      targetId: product.id,
      before: null,
      after: created,
    });
    return created;
  });
  return { goods, message: translate('goods_saved', locale) };
}

/** PUT /staff/shop/goods/{id}: names, descriptions, category, slug and whether it is on sale. */
export async function updateGoods(
  ctx: AppContext,
  staffId: number,
  productId: number,
  input: GoodsInput,
  locale: Locale,
): Promise<{ goods: StaffGoods; message: string }> {
  const goods = await ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shopProducts).where(eq(shopProducts.id, productId)).for('update');
    if (!locked) throw notFound('shop_product_not_found');
    const [clash] = await tx
      .select({ id: shopProducts.id })
      .from(shopProducts)
      .where(and(eq(shopProducts.slug, input.slug), ne(shopProducts.id, productId)));
    if (clash) throw slugTaken();
    const before = await staffGoods(tx, productId);
    await tx.update(shopProducts).set(productColumns(input)).where(eq(shopProducts.id, productId));
    const after = await staffGoods(tx, productId);
    const { variants: _unchanged, ...beforeFields } = before;
    const { variants: _same, ...afterFields } = after;
    await recordAudit(tx, {
      actorId: staffId,
      action: 'goods.update',
      targetType: 'shop_product',
      targetId: productId,
      before: beforeFields,
      after: afterFields,
    });
    return after;
  });
  return { goods, message: translate('goods_saved', locale) };
}

/** POST /staff/shop/goods/{id}/variants: another size or format, with its prices and stock. */
export async function addVariant(
  ctx: AppContext,
  staffId: number,
  productId: number,
  input: NewVariantInput,
  locale: Locale,
): Promise<{ goods: StaffGoods; message: string }> {
  const goods = await ctx.database.db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(shopProducts)
      .where(eq(shopProducts.id, productId))
      .for('update');
    if (!product) throw notFound('shop_product_not_found');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${shopVariants.position}), -1)::int` })
      .from(shopVariants)
      .where(eq(shopVariants.productId, productId));
    const [variant] = await tx
      .insert(shopVariants)
      .values({
        productId,
        position: (last?.position ?? -1) + 1,
        stock: input.stock,
        ...variantColumns(input),
      })
      .returning();
    await recordAudit(tx, {
      actorId: staffId,
      action: 'variant.create',
      targetType: 'shop_variant',
      targetId: variant!.id,
      before: null,
      after: { product_id: productId, ...variantShown(variant!) },
    });
    return staffGoods(tx, productId);
  });
  return { goods, message: translate('goods_saved', locale) };
}

function variantShown(row: VariantRow) {
  return {
    label_fa: row.labelFa,
    label_en: row.labelEn,
    price_irr: row.priceIrr,
    price_usd: row.priceUsd,
    stock: row.stock,
  };
}

/** Why a stock edit did not apply: the stock moved meanwhile (409), or it is below what is held. */
async function stockRefusal(tx: DbTransaction, variantId: number, input: VariantInput): Promise<DomainError> {
  const [row] = await tx.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  if (!row) return notFound('shop_variant_not_found');
  if (row.stock !== input.stock_was) {
    return new DomainError(
      'conflict',
      { key: 'stock_changed', params: { stock: row.stock } },
      {
        extra: { stock: row.stock, reserved: row.reserved } satisfies Omit<StockChanged, 'message'>,
      },
    );
  }
  return new DomainError('validation', undefined, {
    fields: { stock: [{ key: 'stock_below_reserved', params: { count: row.reserved } }] },
  });
}

/**
 * PUT /staff/shop/variants/{id}: labels, prices and stock. The stock is set by one conditional UPDATE
 * (see the module's comment), so it cannot race a checkout's reservation or a sale.
 */
export async function updateVariant(
  ctx: AppContext,
  staffId: number,
  variantId: number,
  input: VariantInput,
  locale: Locale,
): Promise<{ goods: StaffGoods; message: string }> {
  const goods = await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopVariants).where(eq(shopVariants.id, variantId));
    if (!before) throw notFound('shop_variant_not_found');
    const [after] = await tx
      .update(shopVariants)
      .set({ ...variantColumns(input), stock: input.stock })
      .where(
        and(
          eq(shopVariants.id, variantId),
          eq(shopVariants.stock, input.stock_was),
          // Evaluated on the row as locked by this statement, after any reservation committed before it.
          sql`${input.stock} >= ${shopVariants.reserved}`,
        ),
      )
      .returning();
    if (!after) throw await stockRefusal(tx, variantId, input);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'variant.update',
      targetType: 'shop_variant',
      targetId: variantId,
      before: { ...variantShown(before), reserved: before.reserved },
      after: { ...variantShown(after), reserved: after.reserved },
    });
    return staffGoods(tx, after.productId);
  });
  return { goods, message: translate('goods_saved', locale) };
}
