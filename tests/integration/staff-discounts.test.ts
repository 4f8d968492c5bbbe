import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscountUses, StaffDiscount, StaffDiscounts } from '~/shared/staff-payments';
import { auditLog } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { FILM_IRR, newViewer, payAtBank, pricedTitle, seedShop } from './commerce-fixtures';
import { newStaffMember } from './staff-fixtures';

/** The console's Discount codes section (issue 17): create, limit, pause and resume, uses. */

let app: AccountsApp;
let finance: string;
let financeId: number;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  const staff = await newStaffMember(app, 'finance');
  finance = staff.token;
  financeId = staff.userId;
});
afterAll(() => app.close());

const create = (body: Record<string, unknown>, token = finance) =>
  app.as(token, '/staff/discounts', { method: 'POST', json: body, headers: { 'accept-language': 'en' } });

const update = (id: number, body: Record<string, unknown>) =>
  app.as(finance, `/staff/discounts/${id}`, {
    method: 'PATCH',
    json: body,
    headers: { 'accept-language': 'en' },
  });

async function created(body: Record<string, unknown>): Promise<StaffDiscount> {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as StaffDiscount;
}

async function auditOf(id: number) {
  return app.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'discount'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);
}

/** What a viewer's quote for a film says about the code: the discount, or the refusal's message. */
async function quote(token: string, film: number, code: string): Promise<number | string> {
  const res = await app.as(token, '/payments/quote', {
    json: { type: 'BUY_MOVIE', item_id: film, discount_code: code },
    headers: { 'accept-language': 'en' },
  });
  const body = await res.json();
  return res.status === 200 ? (body.discount as number) : (body.errors.discount_code[0] as string);
}

describe('discount codes', () => {
  it('creates a percentage code that purchases take, with its audit entry', async () => {
    const code = await created({ code: 'autumn-15', kind: 'percent', percent: 15 });
    expect(code).toMatchObject({
      code: 'AUTUMN-15',
      kind: 'percent',
      percent: 15,
      active: true,
      used_count: 0,
    });
    const [entry] = await auditOf(code.id);
    expect(entry).toMatchObject({ action: 'discount.create', actorId: financeId, before: null });
    expect(entry!.after).toMatchObject({ code: 'AUTUMN-15', percent: 15 });
    const viewer = await newViewer(app);
    expect(await quote(viewer.token, await pricedTitle(app), 'AUTUMN-15')).toBe(
      Math.floor((FILM_IRR * 15 + 50) / 100),
    );

    const listed = (await (await app.as(finance, '/staff/discounts?q=autumn')).json()) as StaffDiscounts;
    expect(listed.codes.map((c) => c.code)).toEqual(['AUTUMN-15']);
  });

  it('creates a fixed code in one currency only, scoped to subscriptions', async () => {
    const code = await created({
      code: 'SUB-50K',
      kind: 'fixed',
      amount_irr: 500_000,
      payment_types: ['SUBSCRIPTION'],
    });
    expect(code).toMatchObject({ amount_irr: 500_000, amount_usd: null, payment_types: ['SUBSCRIPTION'] });
    const viewer = await newViewer(app);
    expect(await quote(viewer.token, await pricedTitle(app), 'SUB-50K')).toBe(
      'This discount code does not apply to this purchase.',
    );
  });

  it('refuses a taken code, a fixed code without amounts, a window that ends before it starts', async () => {
    await created({ code: 'ONLY-ONE', kind: 'percent', percent: 5 });
    const taken = await create({ code: 'only-one', kind: 'percent', percent: 5 });
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.code[0]).toBe('This discount code already exists.');
    const noAmount = await create({ code: 'NO-AMOUNT', kind: 'fixed' });
    expect(noAmount.status).toBe(422);
    expect((await noAmount.json()).errors.amount_irr[0]).toMatch(/at least one currency/);
    const backwards = await create({
      code: 'BACKWARDS',
      kind: 'percent',
      percent: 5,
      valid_from: '2030-01-02T00:00:00Z',
      valid_until: '2030-01-01T00:00:00Z',
    });
    expect(backwards.status).toBe(422);
    expect((await create({ code: 'BAD CODE!', kind: 'percent', percent: 5 })).status).toBe(422);
    expect((await create({ code: 'TOO-MUCH', kind: 'percent', percent: 101 })).status).toBe(422);
    expect(
      (await create({ code: 'NO-TITLE', kind: 'percent', percent: 5, product_ids: [987_654] })).status,
    ).toBe(422);
    const viewer = await newViewer(app);
    expect((await create({ code: 'VIEWER-CODE', kind: 'percent', percent: 90 }, viewer.token)).status).toBe(
      403,
    );
    expect((await app.request('/staff/discounts')).status).toBe(401);
  });

  it('pauses and resumes: a paused code is refused at the purchase, each change audited', async () => {
    const code = await created({ code: 'PAUSE-ME', kind: 'percent', percent: 10 });
    const viewer = await newViewer(app);
    const film = await pricedTitle(app);
    const paused = await update(code.id, { active: false });
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as StaffDiscount).active).toBe(false);
    expect(await quote(viewer.token, film, 'PAUSE-ME')).toBe('This discount code does not exist.');
    expect((await update(code.id, { active: true })).status).toBe(200);
    expect(await quote(viewer.token, film, 'PAUSE-ME')).toBe(FILM_IRR / 10);
    const actions = (await auditOf(code.id)).map((entry) => entry.action);
    expect(actions).toEqual(['discount.create', 'discount.pause', 'discount.resume']);
    const [, pause] = await auditOf(code.id);
    expect(pause!.before).toMatchObject({ active: true });
    expect(pause!.after).toMatchObject({ active: false });
  });

  it('limits uses, shows who used it, and refuses a limit below the uses made', async () => {
    const code = await created({ code: 'TWICE', kind: 'percent', percent: 20, max_uses: 5 });
    const first = await newViewer(app);
    const bought = await first.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
      discount_code: 'TWICE',
    });
    await payAtBank(app, bought);
    const second = await newViewer(app);
    await second.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
      discount_code: 'TWICE',
    });

    const tooLow = await update(code.id, { max_uses: 1 });
    expect(tooLow.status).toBe(422);
    expect((await tooLow.json()).errors.max_uses[0]).toBe(
      'This code has been used 2 times; the limit cannot be lower.',
    );
    const limited = await update(code.id, { max_uses: 2 });
    expect(((await limited.json()) as StaffDiscount).max_uses).toBe(2);
    const third = await newViewer(app);
    expect(await quote(third.token, await pricedTitle(app), 'TWICE')).toBe(
      'This discount code has been used up.',
    );
    expect((await auditOf(code.id)).at(-1)).toMatchObject({
      action: 'discount.update',
      before: expect.objectContaining({ max_uses: 5 }),
      after: expect.objectContaining({ max_uses: 2 }),
    });

    const uses = (await (await app.as(finance, `/staff/discounts/${code.id}/uses`)).json()) as DiscountUses;
    expect(uses.uses.map((use) => [use.viewer.id, use.status])).toEqual([
      [second.userId, 'held'],
      [first.userId, 'used'],
    ]);
    expect(uses.uses[1]).toMatchObject({
      payment_id: bought.payment.id,
      currency: 'IRR',
      discount: FILM_IRR / 5,
    });
    expect((await app.as(finance, '/staff/discounts/999999/uses')).status).toBe(404);
  });
});
