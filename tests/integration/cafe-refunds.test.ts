import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '~/shared/commerce';
import type { CheckIn } from '~/shared/cafes';
import type { StaffPaymentDetail } from '~/shared/staff-payments';
import { auditLog } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { cafeFixtures, SEAT_IRR } from './cafe-fixtures';
import { expectBooksBalanced, newViewer, payAtBank, seedShop, type Viewer } from './commerce-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * Cafe seats refunded from the staff console (issues 14 and 17, decision records 0026 and 0029): to the
 * wallet, whole, once however many press at once; the seats go back on sale and their codes are refused
 * at the door as refunded; a purchase with a seat already used at the door is not refunded.
 */

let app: AccountsApp;
let finance: string;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  finance = (await newStaffMember(app, 'finance')).token;
});
afterAll(() => app.close());

const { newCafe, newSession, seatsOf, seatsRequest, ticketsOf, staffOf, checkIn } = cafeFixtures(() => app);

const SEAT_TOTAL = SEAT_IRR + SEAT_IRR / 10; // VAT 10 %

interface Bought {
  viewer: Viewer;
  paymentId: number;
  codes: string[];
}

async function boughtSeats(sessionId: number, seats: number): Promise<Bought> {
  const viewer = await newViewer(app);
  const created = await viewer.buy(seatsRequest(sessionId, seats));
  await payAtBank(app, created);
  expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  const codes = (await ticketsOf(viewer.token)).map((ticket) => ticket.code);
  return { viewer, paymentId: created.payment.id, codes };
}

const refund = (id: number, amount: number, locale: 'fa' | 'en' = 'en', token = finance) =>
  app.as(token, `/staff/payments/${id}/refund`, {
    method: 'POST',
    json: { amount, reason: 'the projector broke', expected_refunded: 0 },
    headers: { 'accept-language-site': locale },
  });

async function walletIrr(viewer: Viewer): Promise<number> {
  const wallet = (await (await app.as(viewer.token, '/me/wallet')).json()) as Wallet;
  return wallet.balances.find((line) => line.currency === 'IRR')?.balance ?? 0;
}

async function refundAudits(paymentId: number) {
  return app.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, String(paymentId))));
}

async function checkInAnswer(door: string, code: string, sessionId: number, locale: 'fa' | 'en') {
  const res = await app.as(door, '/cafe-desk/check-in', {
    json: { code, session_id: sessionId, door: 'Front door' },
    headers: { 'accept-language-site': locale },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CheckIn;
}

describe('refunding cafe seats from the staff console', () => {
  it('returns the whole price to the wallet, frees the seats and voids the codes at the door', async () => {
    const cafeId = await newCafe();
    const door = await staffOf(cafeId);
    const { sessionId } = await newSession(cafeId, 2);
    const bought = await boughtSeats(sessionId, 2);
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 2 });
    const other = await newViewer(app);
    expect((await other.start(seatsRequest(sessionId, 1))).status).toBe(409);

    const shown = (await (
      await app.as(finance, `/staff/payments/${bought.paymentId}`)
    ).json()) as StaffPaymentDetail;
    expect(shown).toMatchObject({ refundable: 2 * SEAT_TOTAL, reversible: false });
    const res = await refund(bought.paymentId, 2 * SEAT_TOTAL);
    expect(res.status, await res.clone().text()).toBe(200);

    expect(await walletIrr(bought.viewer)).toBe(2 * SEAT_TOTAL);
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 0 });
    expect((await ticketsOf(bought.viewer.token)).map((ticket) => ticket.status)).toEqual([
      'refunded',
      'refunded',
    ]);
    const en = await checkInAnswer(door, bought.codes[0]!, sessionId, 'en');
    expect(en).toMatchObject({
      result: 'refunded',
      message: 'This ticket was refunded and is no longer valid.',
    });
    expect(en.checked_in_at).toBeNull();
    const fa = await checkInAnswer(door, bought.codes[1]!, sessionId, 'fa');
    expect(fa).toMatchObject({ result: 'refunded', message: 'این بلیت بازپرداخت شده و دیگر معتبر نیست' });

    // The seats are on sale again, and still never oversold.
    await payAtBank(app, await other.buy(seatsRequest(sessionId, 2)));
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 2 });
    expect((await (await newViewer(app)).start(seatsRequest(sessionId, 1))).status).toBe(409);

    const [entry, ...more] = await refundAudits(bought.paymentId);
    expect(more).toHaveLength(0);
    expect(entry!.before).toEqual({ refunded: 0 });
    expect(entry!.after).toMatchObject({ refunded: 2 * SEAT_TOTAL, seats_voided: 2 });
    await expectBooksBalanced(app);
  });

  it('is refused in part, and once a seat was used at the door, in both languages, moving nothing', async () => {
    const cafeId = await newCafe();
    const door = await staffOf(cafeId);
    const { sessionId } = await newSession(cafeId, 5);
    const bought = await boughtSeats(sessionId, 2);

    const part = await refund(bought.paymentId, SEAT_TOTAL);
    expect(part.status).toBe(422);
    expect((await part.json()).errors.amount[0]).toBe(
      'A cafe ticket is refunded whole: the full amount, voiding all of its seats.',
    );

    expect((await checkIn(door, { code: bought.codes[0]!, session_id: sessionId })).status).toBe(200);
    const used = await refund(bought.paymentId, 2 * SEAT_TOTAL);
    expect(used.status).toBe(409);
    expect((await used.json()).message).toBe(
      'A seat of this purchase was already used at the cafe; it cannot be refunded.',
    );
    const usedFa = await refund(bought.paymentId, 2 * SEAT_TOTAL, 'fa');
    expect(usedFa.status).toBe(409);
    expect((await usedFa.json()).message).toBe(
      'صندلی‌ای از این خرید پیش‌تر در کافه استفاده شده است؛ این خرید بازپرداخت‌شدنی نیست',
    );

    expect(await walletIrr(bought.viewer)).toBe(0);
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 2 });
    expect((await checkInAnswer(door, bought.codes[1]!, sessionId, 'en')).result).toBe('checked_in');
    expect(await refundAudits(bought.paymentId)).toHaveLength(0);
    await expectBooksBalanced(app);
  });

  it('two staff pressing at once, on two instances, refund once and free the seats once', async () => {
    const cafeId = await newCafe();
    const { sessionId } = await newSession(cafeId, 6);
    const bought = await boughtSeats(sessionId, 3);
    await boughtSeats(sessionId, 1);
    const second = await newStaffMember(app, 'finance');
    // On PostgreSQL the sibling is a second instance with its own connections.
    const sibling = await app.startSibling();
    const body = { amount: 3 * SEAT_TOTAL, reason: 'the projector broke', expected_refunded: 0 };
    const fromSibling = (token: string) =>
      sibling.request(`/staff/payments/${bought.paymentId}/refund`, {
        method: 'POST',
        json: body,
        headers: { authorization: `Bearer ${token}` },
      });
    const answers = await Promise.all([
      refund(bought.paymentId, 3 * SEAT_TOTAL),
      fromSibling(second.token),
      refund(bought.paymentId, 3 * SEAT_TOTAL, 'en', second.token),
      fromSibling(finance),
    ]);
    await sibling.close();
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletIrr(bought.viewer)).toBe(3 * SEAT_TOTAL);
    expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 1 });
    expect(await refundAudits(bought.paymentId)).toHaveLength(1);
    await expectBooksBalanced(app);
  });

  it('a door checking a code in while finance refunds it: either admitted and not refunded, or refunded and refused', async () => {
    const cafeId = await newCafe();
    const door = await staffOf(cafeId);
    const { sessionId } = await newSession(cafeId, 4);
    const bought = await boughtSeats(sessionId, 1);
    const sibling = await app.startSibling();
    const [refunded, admitted] = await Promise.all([
      refund(bought.paymentId, SEAT_TOTAL),
      sibling.request('/cafe-desk/check-in', {
        method: 'POST',
        json: { code: bought.codes[0], session_id: sessionId, door: 'Side door' },
        headers: { authorization: `Bearer ${door}` },
      }),
    ]);
    await sibling.close();
    const result = ((await admitted.json()) as CheckIn).result;
    if (refunded.status === 200) {
      expect(result).toBe('refunded');
      expect(await seatsOf(sessionId)).toEqual({ reserved: 0, sold: 0 });
    } else {
      expect(refunded.status).toBe(409);
      expect(result).toBe('checked_in');
      expect(await walletIrr(bought.viewer)).toBe(0);
    }
    await expectBooksBalanced(app);
  });
});
