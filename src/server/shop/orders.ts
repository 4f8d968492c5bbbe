import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { checkOrderMove, type OrderActor } from '../../shared/order-machine';
import type { OrderStatus, ShopOrder } from '../../shared/shop';
import type { AppContext } from '../context';
import type { Db, DbTransaction } from '../db/client';
import {
  cartItems,
  carts,
  payments,
  shopCheckoutLines,
  shopCheckouts,
  shopOrderEvents,
  shopOrders,
} from '../db/schema';
import { DomainError, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import { lockAccount, lockPayment, paymentAccounts, type PaymentRow, refundWholeLocked } from '../commerce';
import { showAddress } from './addresses';
import { restockCheckout, takeCheckout } from './checkout';

/**
 * Shop orders: one per fulfilled BUY_PHYSICAL payment, created in fulfilment's transaction, then moved
 * along the state machine of src/shared/order-machine.ts. Canceled and Rejected put the goods back on
 * sale and refund the whole total to the buyer's wallet through commerce's refunds (a payment_refunds
 * row like finance's), in one transaction with the status change.
 */

export type OrderRow = typeof shopOrders.$inferSelect;

/** In fulfilment's transaction: the reserved goods are taken, the order registered, the cart emptied of them. */
export async function registerOrder(tx: DbTransaction, payment: PaymentRow, now: Date): Promise<void> {
  const lines = await takeCheckout(tx, payment.id);
  const [order] = await tx
    .insert(shopOrders)
    .values({
      paymentId: payment.id,
      userId: payment.userId,
      status: 'Registred',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx
    .insert(shopOrderEvents)
    .values({ orderId: order!.id, fromStatus: null, toStatus: 'Registred', at: now });
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, payment.userId));
  if (cart && lines.length > 0) {
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.cartId, cart.id),
        inArray(
          cartItems.variantId,
          lines.map((line) => line.variantId),
        ),
      ),
    );
  }
}

export async function showOrders(db: Db, rows: OrderRow[]): Promise<ShopOrder[]> {
  if (rows.length === 0) return [];
  const paymentIds = rows.map((row) => row.paymentId);
  const orderIds = rows.map((row) => row.id);
  const [checkouts, lines, events, paid] = await Promise.all([
    db.select().from(shopCheckouts).where(inArray(shopCheckouts.paymentId, paymentIds)),
    db
      .select()
      .from(shopCheckoutLines)
      .where(inArray(shopCheckoutLines.paymentId, paymentIds))
      .orderBy(asc(shopCheckoutLines.id)),
    db
      .select()
      .from(shopOrderEvents)
      .where(inArray(shopOrderEvents.orderId, orderIds))
      .orderBy(asc(shopOrderEvents.id)),
    db.select().from(payments).where(inArray(payments.id, paymentIds)),
  ]);
  return rows.map((row) => {
    const checkout = checkouts.find((candidate) => candidate.paymentId === row.paymentId)!;
    const payment = paid.find((candidate) => candidate.id === row.paymentId)!;
    return {
      id: row.id,
      payment_id: row.paymentId,
      status: row.status,
      currency: payment.currency,
      items: lines
        .filter((line) => line.paymentId === row.paymentId)
        .map((line) => ({
          variant_id: line.variantId,
          title: line.titleFa,
          en_title: line.titleEn,
          quantity: line.quantity,
          price: line.unitPrice,
        })),
      address: showAddress(checkout.address),
      delivery: {
        title: checkout.deliveryTitleFa,
        en_title: checkout.deliveryTitleEn,
        price: checkout.deliveryCost,
        days: checkout.deliveryDays,
      },
      items_total: checkout.itemsTotal,
      discount: payment.discount,
      vat: payment.vat,
      total: payment.total,
      cancellable: checkOrderMove(row.status, 'Canceled', 'viewer').allowed,
      tracking_number: row.trackingNumber,
      history: events
        .filter((event) => event.orderId === row.id)
        .map((event) => ({ status: event.toStatus, at: event.at.toISOString() })),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** GET /me/shop/orders: the account's orders, newest first. */
export async function ownOrders(db: Db, userId: number): Promise<ShopOrder[]> {
  return showOrders(
    db,
    await db.select().from(shopOrders).where(eq(shopOrders.userId, userId)).orderBy(desc(shopOrders.id)),
  );
}

/** Who moves an order: the buyer (cancel only) or a staff member. */
export interface OrderMover {
  userId: number;
  as: OrderActor;
}

/** What a move asks for: the new status and, to send the order, the carrier's tracking number. */
export interface OrderMoveRequest {
  status: OrderStatus;
  trackingNumber?: string | undefined;
}

/**
 * Moves an order along the state machine: the viewer may only cancel their own (another's is a 404),
 * staff make any allowed move, which the audit log records in the same transaction. Locks the payment,
 * the account, then the order, as every payment step does. Returns the order before and after.
 */
export async function moveOrder(
  ctx: AppContext,
  mover: OrderMover,
  orderId: number,
  request: OrderMoveRequest,
): Promise<{ before: OrderRow; after: OrderRow; payment: PaymentRow }> {
  const { db } = ctx.database;
  const to = request.status;
  const [found] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
  if (!found || (mover.as === 'viewer' && found.userId !== mover.userId)) {
    throw notFound('order_not_found');
  }
  const [paid] = await db.select().from(payments).where(eq(payments.id, found.paymentId));
  const accounts = await paymentAccounts(db, paid!);
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, found.paymentId, ['fulfilled']);
    await lockAccount(tx, found.userId);
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, orderId)).for('update');
    if (!payment || !order) throw new DomainError('conflict', 'order_status_refused');
    const check = checkOrderMove(order.status, to, mover.as, request.trackingNumber);
    if (!check.allowed) {
      if (check.refusal === 'tracking_required') {
        throw new DomainError('validation', undefined, {
          fields: { tracking_number: [{ key: 'tracking_required' }] },
        });
      }
      throw new DomainError(check.refusal === 'order_cancel_only' ? 'forbidden' : 'conflict', check.refusal);
    }
    const now = ctx.clock.now();
    if (check.refund) {
      await restockCheckout(tx, payment.id);
      await refundWholeLocked(tx, payment, accounts, {
        actorId: mover.userId,
        reason: `shop order ${orderId}: ${to}`,
        now,
      });
    }
    const [updated] = await tx
      .update(shopOrders)
      .set({
        status: to,
        updatedAt: now,
        ...(check.tracking ? { trackingNumber: request.trackingNumber } : {}),
      })
      .where(eq(shopOrders.id, orderId))
      .returning();
    await tx.insert(shopOrderEvents).values({
      orderId,
      fromStatus: order.status,
      toStatus: to,
      byUserId: mover.userId,
      at: now,
    });
    if (mover.as === 'staff') {
      await recordAudit(tx, {
        actorId: mover.userId,
        action: 'order.status',
        targetType: 'shop_order',
        targetId: orderId,
        before: { status: order.status, tracking_number: order.trackingNumber },
        after: { status: updated!.status, tracking_number: updated!.trackingNumber },
      });
    }
    return { before: order, after: updated!, payment };
  });
}

/** POST /me/shop/orders/{id}/cancel: the buyer cancels their registered order. */
export async function cancelOwnOrder(ctx: AppContext, userId: number, orderId: number): Promise<ShopOrder> {
  const { after } = await moveOrder(ctx, { userId, as: 'viewer' }, orderId, { status: 'Canceled' });
  const [shown] = await showOrders(ctx.database.db, [after]);
  return shown!;
}
