import { eq } from 'drizzle-orm';
import { formatMoney } from '../../lib/money';
import type { MessageKey } from '../../shared/messages';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import type { PaymentRow } from '../commerce';
import type { OrderRow } from './orders';

/** What the buyer is told for each status staff move an order to. */
const noticeText: Partial<Record<OrderRow['status'], MessageKey>> = {
  Accepted: 'order_notice_Accepted',
  Delivered: 'order_notice_Delivered',
  Rejected: 'order_notice_Rejected',
  Canceled: 'order_notice_Canceled',
};

/**
 * Tells the buyer that staff moved their order, by e-mail when the account has one, else by SMS, in
 * the language they paid in. Sent after the move is committed; false when it could not be delivered
 * (the order page shows the status either way).
 */
export async function notifyOrderMoved(
  ctx: AppContext,
  order: OrderRow,
  payment: PaymentRow,
): Promise<boolean> {
  const text = noticeText[order.status];
  const [buyer] = await ctx.database.db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, order.userId));
  const to = buyer?.email ?? buyer?.phone;
  if (!text || !to) return false;
  const params = {
    id: order.id,
    tracking: order.trackingNumber ?? '',
    amount: formatMoney(payment.total, payment.currency, payment.locale),
  };
  return ctx.notifier.sendNotice(
    to,
    { subject: { key: 'order_notice_subject', params }, text: { key: text, params } },
    payment.locale,
  );
}
