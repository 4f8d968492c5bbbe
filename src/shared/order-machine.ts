import type { OrderStatus } from './shop-constants';

/**
 * The shop order state machine (issue 17, SPEC §3's statuses as it spells them), zod-free so the
 * server, the viewer's orders page and the staff console decide the same way:
 *
 *   Registred → Accepted | Rejected | Canceled
 *   Accepted  → Delivered (with a tracking number)
 *
 * The viewer may only cancel their own registered order; staff make every allowed move (a cancel on
 * the viewer's behalf included). Canceled and Rejected give back the goods and the money.
 */

export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  Registred: ['Accepted', 'Rejected', 'Canceled'],
  Accepted: ['Delivered'],
  Canceled: [],
  Rejected: [],
  Delivered: [],
};

/** Who asks for a move. */
export type OrderActor = 'viewer' | 'staff';

/** The statuses that end an order with its goods back on the shelf and its money in the wallet. */
export const refundedStatuses: readonly OrderStatus[] = ['Canceled', 'Rejected'];

/** A move to this status needs a tracking number (what the viewer follows the parcel with). */
export const trackedStatus: OrderStatus = 'Delivered';

/** Letters, digits and dashes: post, Tipax and courier codes; 4 to 40 of them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** Why a move is refused: the message key the API answers with. */
export type OrderMoveRefusal = 'order_status_refused' | 'order_cancel_only' | 'tracking_required';

export type OrderMoveCheck =
  { allowed: true; refund: boolean; tracking: boolean } | { allowed: false; refusal: OrderMoveRefusal };

/** The statuses `actor` may move an order in `from` to. */
export function nextStatuses(from: OrderStatus, actor: OrderActor): readonly OrderStatus[] {
  const next = orderTransitions[from];
  return actor === 'staff' ? next : next.filter((to) => to === 'Canceled');
}

/**
 * Whether `actor` may move an order from `from` to `to`, and what the move brings with it: a refund
 * (goods and money back) or a tracking number. `trackingNumber` is the one given, already normalised.
 */
export function checkOrderMove(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  trackingNumber?: string,
): OrderMoveCheck {
  if (actor === 'viewer' && to !== 'Canceled') return { allowed: false, refusal: 'order_cancel_only' };
  if (!nextStatuses(from, actor).includes(to)) return { allowed: false, refusal: 'order_status_refused' };
  const tracking = to === trackedStatus;
  if (tracking && !(trackingNumber && TRACKING_NUMBER_PATTERN.test(trackingNumber))) {
    return { allowed: false, refusal: 'tracking_required' };
  }
  return { allowed: true, refund: refundedStatuses.includes(to), tracking };
}
