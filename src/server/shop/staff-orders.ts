import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { translate } from '../../shared/messages';
import { nextStatuses } from '../../shared/order-machine';
import { toLatinDigits } from '../../lib/format';
import type { OrderStatus } from '../../shared/shop';
import {
  STAFF_ORDERS_PAGE_SIZE,
  type StaffOrderResponse,
  type StaffShopOrder,
  type StaffShopOrders,
} from '../../shared/staff-shop';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { shopOrders, users } from '../db/schema';
import { accountMatch } from '../staff';
import { notifyOrderMoved } from './order-notice';
import { moveOrder, showOrders, type OrderMoveRequest, type OrderRow } from './orders';

/** The staff console's orders: found by status and search, shown with the buyer and the moves left. */

async function withBuyers(db: Db, rows: OrderRow[]): Promise<StaffShopOrder[]> {
  if (rows.length === 0) return [];
  const [shown, buyers] = await Promise.all([
    showOrders(db, rows),
    db
      .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.userId),
        ),
      ),
  ]);
  return shown.map((order, index) => ({
    ...order,
    buyer: buyers.find((buyer) => buyer.id === rows[index]!.userId)!,
    next: [...nextStatuses(order.status, 'staff')],
  }));
}

/** An order number as staff type it: 12, #12, ۱۲. */
function orderNumberIn(q: string | undefined): number | undefined {
  const number = q ? /^#?(\d{1,9})$/.exec(toLatinDigits(q).trim()) : null;
  return number ? Number(number[1]) : undefined;
}

/**
 * GET /staff/shop/orders: orders in one status, oldest first (the longest-waiting are handled first).
 * A search that is an order number finds that order whatever its status; anything else is a buyer.
 */
export async function ordersForStaff(
  db: Db,
  filter: { status: OrderStatus; q?: string | undefined; page: number },
): Promise<StaffShopOrders> {
  const number = orderNumberIn(filter.q);
  const where =
    number !== undefined
      ? eq(shopOrders.id, number)
      : and(
          eq(shopOrders.status, filter.status),
          filter.q
            ? inArray(
                shopOrders.userId,
                db.select({ id: users.id }).from(users).where(accountMatch(filter.q)),
              )
            : undefined,
        );
  const rows = await db
    .select()
    .from(shopOrders)
    .where(where)
    .orderBy(asc(shopOrders.id))
    .limit(STAFF_ORDERS_PAGE_SIZE + 1)
    .offset((filter.page - 1) * STAFF_ORDERS_PAGE_SIZE);
  return {
    orders: await withBuyers(db, rows.slice(0, STAFF_ORDERS_PAGE_SIZE)),
    page: filter.page,
    has_more: rows.length > STAFF_ORDERS_PAGE_SIZE,
  };
}

/** POST /staff/shop/orders/{id}/status: the move (audited), then the buyer is told. */
export async function moveOrderAsStaff(
  ctx: AppContext,
  staffId: number,
  orderId: number,
  request: OrderMoveRequest,
  locale: Locale,
): Promise<StaffOrderResponse> {
  const { after, payment } = await moveOrder(ctx, { userId: staffId, as: 'staff' }, orderId, request);
  await notifyOrderMoved(ctx, after, payment);
  const [order] = await withBuyers(ctx.database.db, [after]);
  return { order: order!, message: translate('order_moved', locale) };
}
