import { describe, expect, it } from 'vitest';
import { checkOrderMove, nextStatuses } from '~/shared/order-machine';
import { orderStatuses, type OrderStatus } from '~/shared/shop-constants';

/** Issue 17's machine written out as the moves staff may make; everything else is refused. */
const staffMoves: Record<string, { refund: boolean; tracking: boolean }> = {
  'Registred→Accepted': { refund: false, tracking: false },
  'Registred→Rejected': { refund: true, tracking: false },
  'Registred→Canceled': { refund: true, tracking: false },
  'Accepted→Delivered': { refund: false, tracking: true },
};

const pairs = orderStatuses.flatMap((from) => orderStatuses.map((to) => [from, to] as const));

describe('the order state machine', () => {
  it.each(pairs)('staff: %s → %s', (from, to) => {
    const expected = staffMoves[`${from}→${to}`];
    const check = checkOrderMove(from, to, 'staff', 'EMS-123456789');
    if (expected) expect(check).toEqual({ allowed: true, ...expected });
    else expect(check).toEqual({ allowed: false, refusal: 'order_status_refused' });
  });

  it.each(pairs)('viewer: %s → %s', (from, to) => {
    const check = checkOrderMove(from, to, 'viewer');
    if (to !== 'Canceled') expect(check).toEqual({ allowed: false, refusal: 'order_cancel_only' });
    else if (from === 'Registred') expect(check).toEqual({ allowed: true, refund: true, tracking: false });
    else expect(check).toEqual({ allowed: false, refusal: 'order_status_refused' });
  });

  it('delivers only with a tracking number of letters, digits and dashes', () => {
    for (const missing of [undefined, '', 'ab', 'has space 123', 'x'.repeat(41), 'کد۱۲۳۴۵']) {
      expect(checkOrderMove('Accepted', 'Delivered', 'staff', missing)).toEqual({
        allowed: false,
        refusal: 'tracking_required',
      });
    }
    for (const code of ['1234', 'EMS-123-IR', '012345678901234567890123']) {
      expect(checkOrderMove('Accepted', 'Delivered', 'staff', code)).toMatchObject({ allowed: true });
    }
  });

  it('offers staff every allowed move and the viewer only the cancel', () => {
    const offered = (actor: 'staff' | 'viewer') =>
      Object.fromEntries(orderStatuses.map((from: OrderStatus) => [from, nextStatuses(from, actor)]));
    expect(offered('staff')).toEqual({
      Registred: ['Accepted', 'Rejected', 'Canceled'],
      Accepted: ['Delivered'],
      Canceled: [],
      Rejected: [],
      Delivered: [],
    });
    expect(offered('viewer')).toEqual({
      Registred: ['Canceled'],
      Accepted: [],
      Canceled: [],
      Rejected: [],
      Delivered: [],
    });
  });
});
