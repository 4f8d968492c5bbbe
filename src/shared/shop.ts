import { z } from 'zod';
import { artworkImageSchema, productKindSchema } from './catalog';
import { currencySchema } from './commerce';
import { toLatinDigits } from '../lib/format';
import { MAX_LINE_QUANTITY, orderStatuses, POSTAL_CODE_PATTERN, shopCategories } from './shop-constants';
import { customIssue } from './validation';

/**
 * The shop (issue 13), under /api/v1; shared by the server, the shop islands and tests. Prices are in
 * the viewer's currency (`?currency`, else the visitor's location's), integers in minor units.
 *
 * - GET /shop/products?category&currency → `ShopProducts`; GET /shop/products/{id}?currency → `ShopProduct`.
 * - GET /cart?cart_id, POST /cart `CartLineRequest`, DELETE /cart/{id}?cart_id → `Cart` (SPEC §7). Login
 *   optional: without one `cart_id` names an anonymous cart (a new one is opened when it is missing or
 *   unknown); with one the cart is the account's, and an anonymous `cart_id` is merged into it once.
 *   `user_id` is the id to keep in `localStorage.cart_id`. A quantity above what is left is a 422.
 * - GET /core/delivery-methods/{state id}?currency → `DeliveryMethods`.
 * - GET|POST /me/addresses, PUT|DELETE /me/addresses/{id} → `Addresses` (the whole list); another
 *   account's address is a 404.
 * - Checkout is POST /payments (src/shared/commerce.ts) with `type: 'BUY_PHYSICAL'`, `address_id` and
 *   `delivery_method_id`: it buys the account's cart, whose goods are reserved until the payment ends.
 * - GET /me/shop/orders → `ShopOrders`; POST /me/shop/orders/{id}/cancel → `{ order }` (Registred only).
 * - Staff list and move orders through /staff/shop/orders (src/shared/staff-shop.ts).
 */

export { MAX_LINE_QUANTITY, orderStatuses, shopCategories } from './shop-constants';
export { orderTransitions } from './order-machine';
export type { OrderStatus, ShopCategory } from './shop-constants';

export const shopVariantSchema = z
  .object({
    id: z.number().int(),
    /** Null for goods that come in one kind. */
    title: z.string().nullable(),
    en_title: z.string().nullable(),
    price: z.number().int(),
    /** How many can still be bought (stock less what payments in progress hold). */
    available: z.number().int(),
  })
  .meta({ id: 'ShopVariant' });
export type ShopVariant = z.infer<typeof shopVariantSchema>;

export const shopProductSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    category: z.enum(shopCategories),
    title: z.string(),
    en_title: z.string(),
    image: artworkImageSchema,
    currency: currencySchema,
    /** The lowest variant price. */
    price: z.number().int(),
    in_stock: z.boolean(),
  })
  .meta({ id: 'ShopProductSummary' });
export type ShopProductSummary = z.infer<typeof shopProductSummarySchema>;

export const shopProductsSchema = z
  .object({ currency: currencySchema, products: z.array(shopProductSummarySchema) })
  .meta({ id: 'ShopProducts' });

export const shopProductSchema = shopProductSummarySchema
  .extend({
    description: z.string(),
    en_description: z.string(),
    variants: z.array(shopVariantSchema),
    /** Catalogue titles the goods belong to. */
    related: z.array(
      z.object({ id: z.number().int(), kind: productKindSchema, title: z.string(), en_title: z.string() }),
    ),
  })
  .meta({ id: 'ShopProduct' });
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopProductsQuerySchema = z.object({
  category: z.enum(shopCategories).optional(),
  currency: currencySchema.optional(),
});

/** An anonymous cart's key: what `localStorage.cart_id` holds before login. */
const cartIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const cartQuerySchema = z.object({
  cart_id: cartIdSchema.optional(),
  currency: currencySchema.optional(),
});

export const cartLineRequestSchema = z
  .object({
    product_id: z.number().int().positive().max(2_147_483_647),
    /** Required when the product has more than one variant. */
    variant_id: z.number().int().positive().max(2_147_483_647).optional(),
    /** The line's new quantity. */
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    cart_id: cartIdSchema.optional(),
    currency: currencySchema.optional(),
  })
  .meta({ id: 'CartLineRequest' });
export type CartLineRequest = z.infer<typeof cartLineRequestSchema>;

export const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  en_title: z.string(),
  variant_title: z.string().nullable(),
  en_variant_title: z.string().nullable(),
  image: artworkImageSchema,
  quantity: z.number().int(),
  price: z.number().int(),
  line_total: z.number().int(),
  available: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z
  .object({
    /** SPEC §3: the cart's id: the account's id once logged in, else the anonymous key. */
    user_id: z.string(),
    currency: currencySchema,
    items: z.array(cartItemSchema),
    /** Pieces in the cart (the cart button's count). */
    count: z.number().int(),
    items_total: z.number().int(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

export const deliveryMethodSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    en_title: z.string(),
    currency: currencySchema,
    price: z.number().int(),
    days_min: z.number().int(),
    days_max: z.number().int(),
  })
  .meta({ id: 'DeliveryMethod' });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

export const deliveryMethodsSchema = z
  .object({ currency: currencySchema, methods: z.array(deliveryMethodSchema) })
  .meta({ id: 'DeliveryMethods' });
export type DeliveryMethods = z.infer<typeof deliveryMethodsSchema>;

/** Persian or Arabic digits, spaces and dashes accepted; stored as ten ASCII digits. */
const postalCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .transform((raw, ctx) => {
    const digits = toLatinDigits(raw).replace(/[\s-]/g, '');
    if (!POSTAL_CODE_PATTERN.test(digits)) {
      ctx.addIssue({ code: 'custom', input: raw, ...customIssue('postal_code_invalid') });
      return z.NEVER;
    }
    return digits;
  });

/** A landline with its area code or a mobile, as written in Iran: 0 and ten digits. */
const telSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .transform((raw, ctx) => {
    const digits = toLatinDigits(raw)
      .replace(/[\s\-()]/g, '')
      .replace(/^(?:\+|00)98/, '0');
    if (!/^0\d{10}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', input: raw, ...customIssue('tel_invalid') });
      return z.NEVER;
    }
    return digits;
  });

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const addressRequestSchema = z
  .object({
    title: text(1, 60),
    state: z.number().int().positive().max(2_147_483_647),
    city: z.number().int().positive().max(2_147_483_647),
    deliveryTo: text(2, 80),
    tel: telSchema,
    postalCode: postalCodeSchema,
    fullAddress: text(10, 500),
  })
  .meta({ id: 'AddressRequest' });
export type AddressRequest = z.input<typeof addressRequestSchema>;
export type AddressInput = z.output<typeof addressRequestSchema>;

const placeSchema = z.object({ id: z.number().int(), name: z.string(), en_name: z.string() });

export const addressSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    state: placeSchema,
    city: placeSchema,
    deliveryTo: z.string(),
    tel: z.string(),
    postalCode: z.string(),
    fullAddress: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const addressesSchema = z.object({ addresses: z.array(addressSchema) }).meta({ id: 'Addresses' });
export type Addresses = z.infer<typeof addressesSchema>;

export const shopOrderSchema = z
  .object({
    id: z.number().int(),
    payment_id: z.number().int(),
    status: z.enum(orderStatuses),
    currency: currencySchema,
    items: z.array(
      z.object({
        variant_id: z.number().int(),
        title: z.string(),
        en_title: z.string(),
        quantity: z.number().int(),
        price: z.number().int(),
      }),
    ),
    address: addressSchema.omit({ id: true }),
    delivery: z.object({
      title: z.string(),
      en_title: z.string(),
      price: z.number().int(),
      days: z.number().int(),
    }),
    items_total: z.number().int(),
    discount: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
    /** The viewer may cancel it (Registred). */
    cancellable: z.boolean(),
    /** The carrier's tracking number, given when staff send the order (Delivered). */
    tracking_number: z.string().nullable(),
    history: z.array(z.object({ status: z.enum(orderStatuses), at: z.string() })),
    created_at: z.string(),
  })
  .meta({ id: 'ShopOrder' });
export type ShopOrder = z.infer<typeof shopOrderSchema>;

export const shopOrdersSchema = z.object({ orders: z.array(shopOrderSchema) }).meta({ id: 'ShopOrders' });
export type ShopOrdersResponse = z.infer<typeof shopOrdersSchema>;
export const shopOrderResponseSchema = z.object({ order: shopOrderSchema }).meta({ id: 'ShopOrderResponse' });
/** POST /me/shop/orders/{id}/cancel: the canceled order and a sentence saying so. */
export const canceledOrderSchema = shopOrderResponseSchema.extend({ message: z.string() });
export type CanceledOrder = z.infer<typeof canceledOrderSchema>;
