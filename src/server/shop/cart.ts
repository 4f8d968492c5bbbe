import { and, asc, eq, sql } from 'drizzle-orm';
import type { Currency } from '../../shared/commerce';
import { MAX_LINE_QUANTITY, type Cart, type CartLineRequest } from '../../shared/shop';
import { newToken } from '../auth';
import { priceIn } from '../commerce';
import type { Db } from '../db/client';
import { cartItems, carts, shopProducts, shopVariants } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { availableOf, shopArtwork } from './goods';

/**
 * Carts (SPEC §3, §4, §7): before login a cart is found by the random key the browser keeps in
 * `localStorage.cart_id`; with a login it is the account's, and the key's cart is merged into it the
 * first time the account presents it ("logging in keeps the shop cart"). A cart holds no stock: goods
 * are reserved only when a payment starts (checkout.ts), so a cart can show what is no longer there.
 */

export interface CartOwner {
  userId: number | null;
  /** The anonymous cart's key the browser sent, if any. */
  key: string | undefined;
}

type CartRow = typeof carts.$inferSelect;

async function accountCart(db: Db, userId: number): Promise<CartRow> {
  await db.insert(carts).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId));
  return row!;
}

async function anonymousCart(db: Db, key: string | undefined): Promise<CartRow | null> {
  if (!key) return null;
  const [row] = await db.select().from(carts).where(eq(carts.key, key));
  return row ?? null;
}

/**
 * Moves an anonymous cart's lines into the account's cart and deletes it, once: the anonymous cart is
 * locked first, so a second request presenting the same key finds it gone. Quantities of the same
 * goods add up, to the per-line maximum.
 */
async function mergeInto(db: Db, account: CartRow, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [guest] = await tx.select().from(carts).where(eq(carts.key, key)).for('update');
    if (!guest) return;
    const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id));
    for (const line of lines) {
      await tx
        .insert(cartItems)
        .values({ cartId: account.id, variantId: line.variantId, quantity: line.quantity })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.variantId],
          set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
        });
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}

/** The owner's cart: the account's (after merging the presented key's), else the key's; null if none yet. */
async function findCart(db: Db, owner: CartOwner): Promise<CartRow | null> {
  if (owner.userId === null) return anonymousCart(db, owner.key);
  const account = await accountCart(db, owner.userId);
  if (owner.key) await mergeInto(db, account, owner.key);
  return account;
}

/**
 * Marks the cart changed before a line goes in, so the guest-cart clean-up (cart-cleanup.ts), which
 * deletes only carts untouched for 30 days and checks that again as it deletes, leaves it alone from
 * here on. Null when the clean-up took it first: the caller opens a new one.
 */
async function touchCart(db: Db, cart: CartRow): Promise<CartRow | null> {
  const [touched] = await db
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(eq(carts.id, cart.id))
    .returning();
  return touched ?? null;
}

async function openCart(db: Db, owner: CartOwner): Promise<CartRow> {
  const found = await findCart(db, owner);
  if (found) return found;
  const [created] = await db.insert(carts).values({ key: newToken() }).returning();
  return created!;
}

/** The lines of a cart with their goods, oldest first. */
export async function cartLines(db: Db, cartId: number) {
  return db
    .select({ item: cartItems, variant: shopVariants, product: shopProducts })
    .from(cartItems)
    .innerJoin(shopVariants, eq(shopVariants.id, cartItems.variantId))
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

const emptyCart = (currency: Currency): Cart => ({
  user_id: '',
  currency,
  items: [],
  count: 0,
  items_total: 0,
});

async function toCart(db: Db, cart: CartRow, currency: Currency): Promise<Cart> {
  const items = (await cartLines(db, cart.id)).map(({ item, variant, product }) => {
    const price = priceIn(variant, currency);
    return {
      id: item.id,
      product_id: product.id,
      variant_id: variant.id,
      slug: product.slug,
      title: product.titleFa,
      en_title: product.titleEn,
      variant_title: variant.labelFa,
      en_variant_title: variant.labelEn,
      image: shopArtwork(product.slug),
      quantity: item.quantity,
      price,
      line_total: price * item.quantity,
      available: product.active ? Math.max(0, availableOf(variant)) : 0,
    };
  });
  return {
    user_id: cart.userId === null ? cart.key! : String(cart.userId),
    currency,
    items,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    items_total: items.reduce((sum, item) => sum + item.line_total, 0),
  };
}

/** GET /cart: the owner's cart, empty (with no id) when a visitor has none yet. */
export async function viewCart(db: Db, owner: CartOwner, currency: Currency): Promise<Cart> {
  const cart = await findCart(db, owner);
  return cart ? toCart(db, cart, currency) : emptyCart(currency);
}

/** POST /cart: sets a line's quantity (adding the line), bounded by what is left of the goods. */
export async function setCartLine(
  db: Db,
  owner: CartOwner,
  request: CartLineRequest,
  currency: Currency,
): Promise<Cart> {
  const variants = await db
    .select({ variant: shopVariants })
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(and(eq(shopVariants.productId, request.product_id), eq(shopProducts.active, true)));
  if (variants.length === 0) throw notFound('shop_product_not_found');
  if (request.variant_id === undefined && variants.length > 1) {
    throw new DomainError('validation', undefined, { fields: { variant_id: [{ key: 'variant_required' }] } });
  }
  const chosen = variants.find(
    ({ variant }) => request.variant_id === undefined || variant.id === request.variant_id,
  );
  if (!chosen) throw notFound('shop_product_not_found');
  const left = availableOf(chosen.variant);
  if (request.quantity > left) {
    throw new DomainError('validation', undefined, {
      fields: {
        quantity: [left > 0 ? { key: 'only_left', params: { count: left } } : { key: 'out_of_stock' }],
      },
    });
  }
  const cart = (await touchCart(db, await openCart(db, owner))) ?? (await openCart(db, owner));
  await db
    .insert(cartItems)
    .values({ cartId: cart.id, variantId: chosen.variant.id, quantity: request.quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: request.quantity },
    });
  return toCart(db, cart, currency);
}

/** DELETE /cart/{id}: removes a line of the owner's cart; a line of another cart is a 404. */
export async function removeCartLine(
  db: Db,
  owner: CartOwner,
  itemId: number,
  currency: Currency,
): Promise<Cart> {
  const cart = await findCart(db, owner);
  const removed = cart
    ? await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
        .returning({ id: cartItems.id })
    : [];
  if (removed.length === 0) throw notFound('cart_item_not_found');
  return toCart(db, cart!, currency);
}
