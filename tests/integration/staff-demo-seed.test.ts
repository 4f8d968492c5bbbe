import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '~/server/demo/seed';
import { DEMO_CAFE_STAFF } from '~/server/demo/cafes';
import { DEMO_ROLE_STAFF } from '~/server/demo/staff';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

describe(`the demo staff, one per role, on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  beforeAll(async () => {
    app = await startAccountsApp();
  });
  afterAll(() => app.close());

  // The whole demo is seeded: two steps once gave the finance member and the cafe staff one phone.
  it('logs each in with the documented password, holding its one role and let in only where it allows', async () => {
    expect(await seedDemoData(app.ctx.database.db, app.clock)).toContain('demo-staff-roles');
    const sections = {
      moderator: '/staff/comments',
      support: '/staff/inbox/contact',
      catalogue: '/staff/marketing',
      finance: '/staff/campaigns?from=2026-03-01&to=2026-03-21',
      shop: '/staff/shop/orders',
    } as const;
    for (const { role, phone } of DEMO_ROLE_STAFF) {
      const login = await (await app.login(`0${phone.slice(3)}`, 'staff-pass-1404')).json();
      expect(login.me.staff_roles, phone).toEqual([role]);
      expect(login.me.cafe_desk, `${phone} works no cafe door`).toBe(false);
      expect((await app.as(login.token, sections[role])).status, `${role} in its section`).toBe(200);
      expect((await app.as(login.token, '/staff/roles')).status, `${role} granting roles`).toBe(403);
    }
    const cafeStaff = await (
      await app.login(`0${DEMO_CAFE_STAFF.phone.slice(3)}`, DEMO_CAFE_STAFF.password)
    ).json();
    expect(cafeStaff.me.staff_roles, 'the cafe staff holds no console role').toEqual([]);
    expect(cafeStaff.me.cafe_desk, 'the cafe staff is told its door opens, for its menu link').toBe(true);
    expect((await app.as(cafeStaff.token, '/cafe-desk')).status, 'the cafe staff at its desk').toBe(200);
  });
});
