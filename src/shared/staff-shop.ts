import { z } from 'zod';
import { TRACKING_NUMBER_PATTERN } from './order-machine';
import { toLatinDigits } from '../lib/format';
import { shopOrderSchema } from './shop';
import { orderStatuses, shopCategories } from './shop-constants';
import { pageQuerySchema } from './social';
import { customIssue } from './validation';

/**
 * The staff console's shop section (issue 17, docs/decisions/0030-console-shop-and-viewers.md), under
 * /api/v1/staff/shop, for the `shop` role (and admin):
 *
 * - GET /staff/shop/orders?status&q&page → `StaffShopOrders` (oldest first; `q` is an order number or
 *   the buyer's phone, e-mail or name); POST /staff/shop/orders/{id}/status `OrderStatusRequest` →
 *   `StaffOrderResponse` (a tracking number is required to move to Delivered; the buyer is told).
 * - GET /staff/shop/goods?q&page → `StaffGoodsList`; POST /staff/shop/goods `GoodsRequest` and
 *   PUT /staff/shop/goods/{id} → `StaffGoodsResponse`; POST /staff/shop/goods/{id}/variants and
 *   PUT /staff/shop/variants/{id} `VariantRequest` → `StaffGoodsResponse`. A stock edit names the stock
 *   it replaces (`stock_was`): a 409 when checkout or another editor changed it meanwhile.
 */

export const STAFF_ORDERS_PAGE_SIZE = 20;
export const STAFF_GOODS_PAGE_SIZE = 20;

const searchSchema = z
  .string()
  .trim()
  .max(100)
  .optional()
  .meta({ param: { name: 'q', in: 'query' } });

export const staffOrdersQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(orderStatuses)
    .default('Registred')
    .meta({ param: { name: 'status', in: 'query' } }),
  q: searchSchema,
});

export const staffShopOrderSchema = shopOrderSchema
  .extend({
    buyer: z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    /** Where staff may move it next. */
    next: z.array(z.enum(orderStatuses)),
  })
  .meta({ id: 'StaffShopOrder' });
export type StaffShopOrder = z.infer<typeof staffShopOrderSchema>;

export const staffShopOrdersSchema = z
  .object({ orders: z.array(staffShopOrderSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'StaffShopOrders' });
export type StaffShopOrders = z.infer<typeof staffShopOrdersSchema>;

/** Persian digits and spaces accepted; letters upper-cased, as carriers print them. */
const trackingNumberSchema = z
  .string()
  .trim()
  .max(60)
  .transform((raw, ctx) => {
    const code = toLatinDigits(raw).replace(/\s/g, '').toUpperCase();
    if (!TRACKING_NUMBER_PATTERN.test(code)) {
      ctx.addIssue({ code: 'custom', input: raw, ...customIssue('tracking_required') });
      return z.NEVER;
    }
    return code;
  });

export const orderStatusRequestSchema = z
  .object({
    status: z.enum(orderStatuses),
    /** Required to move to Delivered. */
    tracking_number: trackingNumberSchema.optional(),
  })
  .meta({ id: 'OrderStatusRequest' });
export type OrderStatusRequest = z.input<typeof orderStatusRequestSchema>;

export const staffOrderResponseSchema = z
  .object({ order: staffShopOrderSchema, message: z.string() })
  .meta({ id: 'StaffOrderResponse' });
export type StaffOrderResponse = z.infer<typeof staffOrderResponseSchema>;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);
/** Minor units: rials, cents. */
const price = z.number().int().positive().max(1_000_000_000_000);
const count = z.number().int().min(0).max(1_000_000);

export const staffVariantSchema = z
  .object({
    id: z.number().int(),
    label_fa: z.string().nullable(),
    label_en: z.string().nullable(),
    price_irr: z.number().int(),
    price_usd: z.number().int(),
    stock: z.number().int(),
    /** Held by payments in progress; the stock may not go below it. */
    reserved: z.number().int(),
  })
  .meta({ id: 'StaffVariant' });
export type StaffVariant = z.infer<typeof staffVariantSchema>;

export const staffGoodsSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    category: z.enum(shopCategories),
    title_fa: z.string(),
    title_en: z.string(),
    description_fa: z.string(),
    description_en: z.string(),
    active: z.boolean(),
    variants: z.array(staffVariantSchema),
  })
  .meta({ id: 'StaffGoods' });
export type StaffGoods = z.infer<typeof staffGoodsSchema>;

export const staffGoodsListSchema = z
  .object({ goods: z.array(staffGoodsSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'StaffGoodsList' });
export type StaffGoodsList = z.infer<typeof staffGoodsListSchema>;

export const staffGoodsQuerySchema = pageQuerySchema.extend({ q: searchSchema });

export const staffGoodsResponseSchema = z
  .object({ goods: staffGoodsSchema, message: z.string() })
  .meta({ id: 'StaffGoodsResponse' });
export type StaffGoodsResponse = z.infer<typeof staffGoodsResponseSchema>;

/** The body of the 409 of a stock edit (`stock_changed`): the stock and what payments hold now. */
export interface StockChanged {
  message: string;
  stock: number;
  reserved: number;
}

/** Empty labels mean goods that come in one kind. */
const labelSchema = z
  .string()
  .trim()
  .max(60)
  .nullable()
  .transform((value) => value || null);

const variantFields = {
  label_fa: labelSchema,
  label_en: labelSchema,
  price_irr: price,
  price_usd: price,
};

export const newVariantSchema = z.object({ ...variantFields, stock: count }).meta({ id: 'NewVariant' });
export type NewVariant = z.input<typeof newVariantSchema>;
export type NewVariantInput = z.output<typeof newVariantSchema>;

export const goodsRequestSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .min(2)
      .max(80)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    category: z.enum(shopCategories),
    title_fa: text(1, 120),
    title_en: text(1, 120),
    description_fa: text(1, 4000),
    description_en: text(1, 4000),
    active: z.boolean(),
  })
  .meta({ id: 'GoodsRequest' });
export type GoodsRequest = z.input<typeof goodsRequestSchema>;
export type GoodsInput = z.output<typeof goodsRequestSchema>;

export const newGoodsRequestSchema = goodsRequestSchema
  .extend({ variants: z.array(newVariantSchema).min(1).max(20) })
  .meta({ id: 'NewGoodsRequest' });
export type NewGoodsRequest = z.input<typeof newGoodsRequestSchema>;
export type NewGoodsInput = z.output<typeof newGoodsRequestSchema>;

export const variantRequestSchema = z
  .object({
    ...variantFields,
    stock: count,
    /** The stock the editor saw; the edit is refused (409) when it changed meanwhile. */
    stock_was: count,
  })
  .meta({ id: 'VariantRequest' });
export type VariantRequest = z.input<typeof variantRequestSchema>;
export type VariantInput = z.output<typeof variantRequestSchema>;
