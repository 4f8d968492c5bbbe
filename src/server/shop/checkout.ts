import { and, asc, eq, sql } from 'drizzle-orm';
import type { Currency, QuoteRequest } from '../../shared/commerce';
import type { DbTransaction } from '../db/client';
import { carts, shopCheckoutLines, shopCheckouts, shopVariants, type AddressSnapshot } from '../db/schema';
import { DomainError, invalidFields } from '../errors';
import type { AppContext } from '../context';
import { type PaymentRow, priceIn } from '../commerce';
import { ownAddress } from './addresses';
import { cartLines } from './cart';
import { deliveryMethodTo, type DeliveryRow } from './delivery';
import { availableOf } from './goods';

/**
 * The shop side of a BUY_PHYSICAL payment: the account's cart priced with the chosen delivery (what
 * commerce's orchestration sells, VAT and discount computed there), the goods reserved in the
 * payment's first transaction and released when it ends unpaid. Variant rows are locked after the
 * discount code and before ledger accounts, the order every payment step locks in, and by ascending id.
 */

export interface CheckoutLine {
  variantId: number;
  quantity: number;
  unitPrice: number;
  titleFa: string;
  titleEn: string;
}

export interface PhysicalCheckout {
  address: AddressSnapshot;
  delivery: DeliveryRow;
  deliveryCost: number;
  lines: CheckoutLine[];
  itemsTotal: number;
}

const label = (title: string, variant: string | null) => (variant ? `${title} (${variant})` : title);

function shortage(available: number): DomainError {
  return new DomainError(
    'conflict',
    available > 0 ? { key: 'only_left', params: { count: available } } : 'out_of_stock',
  );
}

/** What the viewer's cart costs delivered to one of their addresses; the reasons it cannot be bought. */
export async function prepareCheckout(
  ctx: AppContext,
  userId: number,
  request: Pick<QuoteRequest, 'address_id' | 'delivery_method_id'>,
  currency: Currency,
): Promise<PhysicalCheckout> {
  const { db } = ctx.database;
  if (request.address_id === undefined) throw invalidFields({ address_id: 'address_required' });
  if (request.delivery_method_id === undefined)
    throw invalidFields({ delivery_method_id: 'delivery_required' });
  const address = await ownAddress(db, userId, request.address_id);
  const delivery = await deliveryMethodTo(db, request.delivery_method_id, address.stateId);
  if (!delivery) throw invalidFields({ delivery_method_id: 'delivery_unavailable' });
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  const rows = cart ? await cartLines(db, cart.id) : [];
  if (rows.length === 0) throw invalidFields({ cart: 'cart_empty' });
  const lines = rows.map(({ item, variant, product }) => {
    const left = product.active ? availableOf(variant) : 0;
    if (item.quantity > left) throw shortage(left);
    return {
      variantId: variant.id,
      quantity: item.quantity,
      unitPrice: priceIn(variant, currency),
      titleFa: label(product.titleFa, variant.labelFa),
      titleEn: label(product.titleEn, variant.labelEn),
    };
  });
  const deliveryCost = priceIn(delivery, currency);
  const itemsTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return { address, delivery, deliveryCost, lines, itemsTotal };
}

/** Changes the reserved (and, taken, the stocked) count of each line's goods, in variant id order. */
async function moveStock(
  tx: DbTransaction,
  lines: readonly { variantId: number; quantity: number }[],
  change: 'reserve' | 'release' | 'take' | 'restock',
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const q = line.quantity;
    const set = {
      reserve: { reserved: sql`${shopVariants.reserved} + ${q}` },
      release: { reserved: sql`${shopVariants.reserved} - ${q}` },
      take: { reserved: sql`${shopVariants.reserved} - ${q}`, stock: sql`${shopVariants.stock} - ${q}` },
      restock: { stock: sql`${shopVariants.stock} + ${q}` },
    }[change];
    const moved = await tx
      .update(shopVariants)
      .set(set)
      .where(
        and(
          eq(shopVariants.id, line.variantId),
          // Checked in the statement that reserves, so two buyers of the last piece cannot both get it.
          change === 'reserve' ? sql`${shopVariants.stock} - ${shopVariants.reserved} >= ${q}` : undefined,
        ),
      )
      .returning({ id: shopVariants.id });
    if (moved.length === 0) {
      const [row] = await tx.select().from(shopVariants).where(eq(shopVariants.id, line.variantId));
      throw shortage(row ? availableOf(row) : 0);
    }
  }
}

/** In the payment's first transaction: keeps where the goods go and reserves them (409 if gone). */
export async function reserveCheckout(
  tx: DbTransaction,
  payment: PaymentRow,
  checkout: PhysicalCheckout,
): Promise<void> {
  await tx.insert(shopCheckouts).values({
    paymentId: payment.id,
    userId: payment.userId,
    address: checkout.address,
    deliveryMethodId: checkout.delivery.id,
    deliveryTitleFa: checkout.delivery.titleFa,
    deliveryTitleEn: checkout.delivery.titleEn,
    deliveryDays: checkout.delivery.daysMax,
    deliveryCost: checkout.deliveryCost,
    itemsTotal: checkout.itemsTotal,
    reservation: 'held',
    createdAt: payment.createdAt,
  });
  await tx
    .insert(shopCheckoutLines)
    .values(checkout.lines.map((line) => ({ paymentId: payment.id, ...line })));
  await moveStock(tx, checkout.lines, 'reserve');
}

/** The lines of a checkout whose reservation moved from held to `to` just now (none if it had moved). */
async function endReservation(
  tx: DbTransaction,
  paymentId: number,
  to: 'taken' | 'released',
): Promise<CheckoutLine[]> {
  const moved = await tx
    .update(shopCheckouts)
    .set({ reservation: to })
    .where(and(eq(shopCheckouts.paymentId, paymentId), eq(shopCheckouts.reservation, 'held')))
    .returning({ id: shopCheckouts.paymentId });
  if (moved.length === 0) return [];
  return tx
    .select()
    .from(shopCheckoutLines)
    .where(eq(shopCheckoutLines.paymentId, paymentId))
    .orderBy(asc(shopCheckoutLines.id));
}

/** A payment that ended unpaid (cancelled, failed, expired) puts its goods back on sale. */
export async function releaseCheckout(tx: DbTransaction, payment: PaymentRow): Promise<void> {
  if (payment.type !== 'BUY_PHYSICAL') return;
  await moveStock(tx, await endReservation(tx, payment.id, 'released'), 'release');
}

/** A fulfilled payment's goods leave the shelf; returns the lines taken. */
export async function takeCheckout(tx: DbTransaction, paymentId: number): Promise<CheckoutLine[]> {
  const lines = await endReservation(tx, paymentId, 'taken');
  await moveStock(tx, lines, 'take');
  return lines;
}

/** Goods of a canceled or rejected order go back on sale. */
export async function restockCheckout(tx: DbTransaction, paymentId: number): Promise<void> {
  const lines = await tx.select().from(shopCheckoutLines).where(eq(shopCheckoutLines.paymentId, paymentId));
  await moveStock(tx, lines, 'restock');
}
