import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderStatuses, shopCategories } from '../../shared/shop-constants';
import { payments } from './commerce-schema';
import { users } from './users-schema';
import { createdAt, money } from './columns';

/**
 * The shop (src/server/shop): goods and their stock, carts, addresses, delivery methods, and orders.
 * A checkout is the shop side of a BUY_PHYSICAL payment: what it reserves and where it goes, kept as
 * a snapshot. Checkouts and orders are money records: their keys to users and payments never cascade.
 */

export const shopProducts = pgTable('shop_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  category: text('category', { enum: shopCategories }).notNull(),
  titleFa: text('title_fa').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionFa: text('description_fa').notNull(),
  descriptionEn: text('description_en').notNull(),
  /** Catalogue titles (products.slug) the goods belong to, shown on the product page. */
  relatedTitles: text('related_titles')
    .array()
    .notNull()
    .default(sql`'{}'`),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * What is actually sold and counted: every product has at least one variant (a single one without a
 * label when the goods come in one kind). `reserved` is held by payments in progress; what can still
 * be bought is `stock - reserved`, and the constraint keeps it from going below zero whatever races.
 */
export const shopVariants = pgTable(
  'shop_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id),
    labelFa: text('label_fa'),
    labelEn: text('label_en'),
    position: integer('position').notNull().default(0),
    priceIrr: money('price_irr').notNull(),
    priceUsd: money('price_usd').notNull(),
    stock: integer('stock').notNull(),
    reserved: integer('reserved').notNull().default(0),
  },
  (table) => [
    index('shop_variants_product_idx').on(table.productId, table.position),
    check(
      'shop_variants_stock',
      sql`${table.reserved} >= 0 and ${table.stock} >= ${table.reserved} and ${table.priceIrr} > 0 and ${table.priceUsd} > 0`,
    ),
  ],
);

/**
 * A cart belongs to an account (`user_id`) or, before login, to a random key the browser keeps in
 * `localStorage.cart_id`; logging in merges the key's cart into the account's. Carts hold no money.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').unique(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('carts_owner', sql`(${table.key} is null) <> (${table.userId} is null)`),
    index('carts_anonymous_idx')
      .on(table.updatedAt)
      .where(sql`${table.userId} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => shopVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cart_items_line_idx').on(table.cartId, table.variantId),
    check('cart_items_quantity', sql`${table.quantity} > 0`),
  ],
);

/** The viewer's address book (SPEC §3). Personal data: it goes with the account. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Province and city ids of iran-cities-json (GET /core/states, /core/cities/{id}). */
    stateId: integer('state_id').notNull(),
    cityId: integer('city_id').notNull(),
    deliveryTo: text('delivery_to').notNull(),
    tel: text('tel').notNull(),
    postalCode: text('postal_code').notNull(),
    fullAddress: text('full_address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.id)],
);

/** How goods travel: everywhere, or only to the provinces listed (a courier in the capital). */
export const deliveryMethods = pgTable('delivery_methods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  titleFa: text('title_fa').notNull(),
  titleEn: text('title_en').notNull(),
  priceIrr: money('price_irr').notNull(),
  priceUsd: money('price_usd').notNull(),
  daysMin: integer('days_min').notNull(),
  daysMax: integer('days_max').notNull(),
  stateIds: integer('state_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  active: boolean('active').notNull().default(true),
});

/** Where an order goes, copied from the address book when the payment starts. */
export interface AddressSnapshot {
  title: string;
  stateId: number;
  cityId: number;
  deliveryTo: string;
  tel: string;
  postalCode: string;
  fullAddress: string;
}

/**
 * The shop side of a BUY_PHYSICAL payment, written in the payment's first transaction: the address and
 * delivery as chosen, and (in its lines) the goods reserved. `reservation` moves once: held → taken
 * (fulfilled: an order exists) or released (the payment ended unpaid).
 */
export const shopCheckouts = pgTable('shop_checkouts', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  address: jsonb('address').$type<AddressSnapshot>().notNull(),
  deliveryMethodId: integer('delivery_method_id')
    .notNull()
    .references(() => deliveryMethods.id),
  deliveryTitleFa: text('delivery_title_fa').notNull(),
  deliveryTitleEn: text('delivery_title_en').notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  deliveryCost: money('delivery_cost').notNull(),
  itemsTotal: money('items_total').notNull(),
  reservation: text('reservation', { enum: ['held', 'taken', 'released'] }).notNull(),
  createdAt: createdAt(),
});

export const shopCheckoutLines = pgTable(
  'shop_checkout_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => shopCheckouts.paymentId),
    variantId: integer('variant_id')
      .notNull()
      .references(() => shopVariants.id),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
  },
  (table) => [
    index('shop_checkout_lines_payment_idx').on(table.paymentId),
    check('shop_checkout_lines_quantity', sql`${table.quantity} > 0 and ${table.unitPrice} > 0`),
  ],
);

/** A paid checkout: one per fulfilled BUY_PHYSICAL payment, moved along its statuses. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => shopCheckouts.paymentId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull(),
    /** The carrier's tracking number, given when the order is sent (Delivered). */
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shop_orders_user_idx').on(table.userId, table.id.desc()),
    // The staff console lists one status oldest first.
    index('shop_orders_status_idx').on(table.status, table.id),
  ],
);

/** Every status an order took, who moved it (null: the payment) and when: the order's history. */
export const shopOrderEvents = pgTable(
  'shop_order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id),
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    at: createdAt(),
  },
  (table) => [index('shop_order_events_order_idx').on(table.orderId, table.id)],
);
