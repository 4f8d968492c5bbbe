import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cafeSessions, cafes, products } from '~/server/db/schema';
import type { StaffCafeSession, TitleCafeSessions } from '~/shared/staff-catalogue';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';
import { grantStaffRoles } from './staff-fixtures';

/**
 * Cafe sessions scheduled from a title in the staff console: viewers see them in the cafe's programme at
 * once; seats already sold bound every change; each change audited.
 */
describe(`staff cafe sessions on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let staff: string;
  let staffId: number;
  let cafeId: number;
  let otherCafeId: number;
  let film: number;
  let festival: number;

  beforeAll(async () => {
    app = await startAccountsApp();
    const signed = await app.signUp('09127790001');
    staff = signed.token;
    staffId = signed.me.id;
    await grantStaffRoles(app, staffId, 'catalogue');
    const cafe = (slug: string, capacity: number) => ({
      slug,
      nameFa: `کافه ${slug}`,
      nameEn: `Cafe ${slug}`,
      city: 'tehran',
      cityFa: 'تهران',
      cityEn: 'Tehran',
      addressFa: 'تهران',
      addressEn: 'Tehran',
      latitude: 35.7,
      longitude: 51.4,
      capacity,
      hoursFa: 'هر روز',
      hoursEn: 'Daily',
    });
    const rows = await app.ctx.database.db
      .insert(cafes)
      .values([cafe('staff-one', 30), cafe('staff-two', 20)])
      .returning({ id: cafes.id });
    [cafeId = 0, otherCafeId = 0] = rows.map((row) => row.id);
    [film = 0, festival = 0] = await insertProducts(app, ['cafe-film', 'cafe-festival']);
    await app.ctx.database.db.update(products).set({ kind: 'festival' }).where(eq(products.id, festival));
  });
  afterAll(() => app.close());

  const tomorrow = (hours: number) =>
    new Date(app.clock.now().getTime() + (24 + hours) * 3_600_000).toISOString();
  const session = (overrides: Record<string, unknown> = {}) => ({
    cafe_id: cafeId,
    starts_at: tomorrow(0),
    ends_at: tomorrow(2),
    seats: 20,
    price_irr: 500_000,
    price_usd: 300,
    ...overrides,
  });
  const send = (path: string, method: string, json?: unknown, locale = 'en') =>
    app.as(staff, path, {
      method,
      ...(json === undefined ? {} : { json }),
      headers: { 'accept-language': locale },
    });

  async function audited(id: number, action: string) {
    return app.ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'cafe_session'),
          eq(auditLog.targetId, String(id)),
          eq(auditLog.action, action),
        ),
      );
  }

  it('schedules a title at a cafe, and viewers see it in the cafe programme at once', async () => {
    const res = await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'POST', session(), 'fa');
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = (await res.json()) as { message: string; session: StaffCafeSession };
    expect(answer.message).toBe('سانس کافه برنامه‌ریزی شد');
    expect(answer.session).toMatchObject({
      cafe_id: cafeId,
      product_id: film,
      seats: 20,
      sold: 0,
      price_usd: 300,
    });

    const listed = (await (
      await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'GET')
    ).json()) as TitleCafeSessions;
    expect(listed.cafes.map((cafe) => cafe.en_name)).toEqual(['Cafe staff-one', 'Cafe staff-two']);
    expect(listed.sessions.map((row) => row.id)).toEqual([answer.session.id]);

    const programme = (await (await app.request(`/cafes/${cafeId}/get-products?currency=USD`)).json()) as {
      sessions: { id: number; seats_left: number; price: number }[];
    };
    expect(programme.sessions).toMatchObject([{ id: answer.session.id, seats_left: 20, price: 300 }]);
    const [entry] = await audited(answer.session.id, 'cafe_session.create');
    expect(entry).toMatchObject({ actorId: staffId, before: null, after: { seats: 20 } });
  });

  it('refuses what cannot be: past starts, more seats than the cafe holds, a festival, ends before starts', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { starts_at: new Date(app.clock.now().getTime() - 60_000).toISOString() },
        { starts_at: ['The start is in the past.'] },
      ],
      [{ seats: 31 }, { seats: ['This cafe has at most 30 seats.'] }],
      [{ ends_at: tomorrow(-1) }, { ends_at: ['The end must come after the start.'] }],
      [{ cafe_id: 999_999 }, { cafe_id: ['Choose one of the allowed options.'] }],
    ];
    for (const [overrides, errors] of cases) {
      const res = await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'POST', session(overrides));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual(errors);
    }
    const persian = await send(
      `/staff/catalogue/titles/${film}/cafe-sessions`,
      'POST',
      session({ seats: 31 }),
      'fa',
    );
    expect(((await persian.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      seats: ['این کافه حداکثر ۳۰ صندلی دارد'],
    });
    const onFestival = await send(`/staff/catalogue/titles/${festival}/cafe-sessions`, 'POST', session());
    expect(onFestival.status).toBe(422);
    expect(((await onFestival.json()) as { message: string }).message).toMatch(
      /A festival is not shown at a cafe/,
    );
  });

  it('changes a session, never below the seats sold or held', async () => {
    const created = (await (
      await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'POST', session({ seats: 10 }))
    ).json()) as { session: StaffCafeSession };
    const id = created.session.id;
    // Two seats sold and one held by a payment in progress, as the payments would have it.
    await app.ctx.database.db
      .update(cafeSessions)
      .set({ sold: 2, reserved: 1 })
      .where(eq(cafeSessions.id, id));

    const tooFew = await send(`/staff/catalogue/cafe-sessions/${id}`, 'PUT', session({ seats: 2 }));
    expect(tooFew.status).toBe(422);
    expect(((await tooFew.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      seats: ['The seats cannot be fewer than the 3 sold or held.'],
    });
    const moved = await send(
      `/staff/catalogue/cafe-sessions/${id}`,
      'PUT',
      session({ seats: 3, price_usd: 350 }),
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as { session: StaffCafeSession }).session).toMatchObject({
      seats: 3,
      sold: 2,
      price_usd: 350,
    });
    const [entry] = await audited(id, 'cafe_session.update');
    expect(entry).toMatchObject({
      before: { seats: 10, price_usd: 300 },
      after: { seats: 3, price_usd: 350 },
    });
  });

  it('keeps a numbered session’s seats those of its seat map (issue 25)', async () => {
    const created = (await (
      await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'POST', session({ seats: 4 }))
    ).json()) as { session: StaffCafeSession };
    const id = created.session.id;
    await app.ctx.database.db
      .update(cafeSessions)
      .set({ seatMap: { rows: [[1, 2, null, 3, 4]] } })
      .where(eq(cafeSessions.id, id));
    const more = await send(`/staff/catalogue/cafe-sessions/${id}`, 'PUT', session({ seats: 6 }));
    expect(more.status).toBe(422);
    expect(((await more.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      seats: ['This session’s seats are numbered on its map: it has 4 seats.'],
    });
    const priced = await send(
      `/staff/catalogue/cafe-sessions/${id}`,
      'PUT',
      session({ seats: 4, price_usd: 320 }),
    );
    expect(priced.status, await priced.clone().text()).toBe(200);
  });

  it('removes a session nobody booked, audited', async () => {
    const created = (await (
      await send(`/staff/catalogue/titles/${film}/cafe-sessions`, 'POST', session({ cafe_id: otherCafeId }))
    ).json()) as { session: StaffCafeSession };
    const id = created.session.id;
    const res = await send(`/staff/catalogue/cafe-sessions/${id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe('The cafe session was removed.');
    expect(await app.ctx.database.db.select().from(cafeSessions).where(eq(cafeSessions.id, id))).toEqual([]);
    expect(await audited(id, 'cafe_session.delete')).toHaveLength(1);
    expect((await send(`/staff/catalogue/cafe-sessions/${id}`, 'DELETE')).status).toBe(404);
  });
});
