import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffPaymentAction, StaffPaymentDetail } from '~/shared/staff-payments';
import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { auditLog } from '~/server/db/schema';
import { expectBooksBalanced, newViewer, pricedTitle, type Viewer } from './commerce-fixtures';
import { atGateway, returnToShop, sessionOf, useGatewayApp } from './gateway-suite';
import { newStaffMember } from './staff-fixtures';

/**
 * The console's return to the card (issue 17): finance asks Zarinpal (its fake, over real HTTP) to
 * reverse a fulfilled payment; the answer is booked once, a silent gateway is asked again, a refusal
 * leaves the wallet as the way to refund.
 */

const env = useGatewayApp((clock) => zarinpalFake({ clock }));
let finance: string;

beforeAll(async () => {
  finance = (await newStaffMember(env.app, 'finance')).token;
});

async function paidFilm(viewer: Viewer): Promise<number> {
  const created = await viewer.buy({
    type: 'BUY_MOVIE',
    item_id: await pricedTitle(env.app),
    gateway: 'zarinpal',
  });
  expect((await returnToShop(env.app, await atGateway(created, 'pay'))).status).toBe(303);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  return created.payment.id;
}

async function detail(id: number): Promise<StaffPaymentDetail> {
  return (await (await env.app.as(finance, `/staff/payments/${id}`)).json()) as StaffPaymentDetail;
}

const reverse = (id: number, expected: number) =>
  env.app.as(finance, `/staff/payments/${id}/reverse`, {
    method: 'POST',
    json: { reason: 'charged twice by the bank', expected_refunded: expected },
    headers: { 'accept-language': 'en' },
  });

async function actionsOf(id: number): Promise<string[]> {
  const rows = await env.app.ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'payment'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('returning a payment to the card', () => {
  it('is reversed at Zarinpal once and booked back through its clearing account', async () => {
    const id = await paidFilm(await newViewer(env.app));
    const before = await detail(id);
    expect(before.reversible).toBe(true);
    const res = await reverse(id, 0);
    expect(res.status, await res.clone().text()).toBe(200);
    const action = (await res.json()) as StaffPaymentAction;
    expect(action.message).toBe('The gateway returned the amount to the card.');
    expect(action.detail.refunds).toMatchObject([
      { method: 'gateway', status: 'done', amount: before.payment.total },
    ]);
    expect(action.detail).toMatchObject({ refundable: 0, reversible: false });
    expect((await sessionOf(env, id)).status).toBe('reversed');
    // Nothing more to give back, whatever anyone saw.
    expect((await reverse(id, 0)).status).toBe(409);
    expect((await reverse(id, before.payment.total)).status).toBe(409);
    expect(await actionsOf(id)).toEqual(['payment.reverse', 'payment.reverse_answer']);
    await expectBooksBalanced(env.app);
  });

  it('waits while Zarinpal does not answer, refuses wallet refunds meanwhile, and is asked again', async () => {
    const id = await paidFilm(await newViewer(env.app));
    const total = (await detail(id)).payment.total;
    env.fake.hang.add('reverse');
    try {
      const waiting = (await (await reverse(id, 0)).json()) as StaffPaymentAction;
      expect(waiting.message).toBe(
        'The gateway did not answer; the reversal is recorded, ask again in a moment.',
      );
      expect(waiting.detail.refunds).toMatchObject([{ status: 'requested' }]);
      expect(waiting.detail.refundable).toBe(0);
      const walletRefund = await env.app.as(finance, `/staff/payments/${id}/refund`, {
        method: 'POST',
        json: { amount: 1000, reason: 'meanwhile', expected_refunded: total },
      });
      expect(walletRefund.status).toBe(409);
    } finally {
      env.fake.hang.delete('reverse');
    }
    const asked = (await (await reverse(id, total)).json()) as StaffPaymentAction;
    expect(asked.detail.refunds).toMatchObject([{ status: 'done' }]);
    expect(await actionsOf(id)).toEqual(['payment.reverse', 'payment.reverse_answer']);
    await expectBooksBalanced(env.app);
  });

  it('after its window Zarinpal refuses: nothing moves and the wallet can still refund it', async () => {
    const viewer = await newViewer(env.app);
    const id = await paidFilm(viewer);
    env.app.clock.advance(31 * 60);
    const refused = (await (await reverse(id, 0)).json()) as StaffPaymentAction;
    expect(refused.detail.refunds).toMatchObject([{ method: 'gateway', status: 'refused' }]);
    expect(refused.detail.payment.refunded).toBe(0);
    expect(refused.detail.refundable).toBe(refused.detail.payment.total);
    expect((await sessionOf(env, id)).status).toBe('verified');
    const walletRefund = await env.app.as(finance, `/staff/payments/${id}/refund`, {
      method: 'POST',
      json: { amount: refused.detail.payment.total, reason: 'too late for the card', expected_refunded: 0 },
    });
    expect(walletRefund.status).toBe(200);
    await expectBooksBalanced(env.app);
  });
});
