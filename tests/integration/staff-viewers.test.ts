import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewerActionResponse, ViewerDetail, ViewerSearch } from '~/shared/staff-viewers';
import { auditLog } from '~/server/db/schema';
import { writeGrant } from '~/server/staff/grants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { en, fa, insertFestival, insertTitle } from './playback-fixtures';
import { grantStaffRoles } from './staff-fixtures';

/** The viewers section: find an account, see what it holds, end its sessions, block and unblock it. */

let app: AccountsApp;
let support: string;
let supportId: number;
let admin: string;

beforeAll(async () => {
  app = await startAccountsApp();
  const member = await app.signUp('09127770001', { name: 'پشتیبان' });
  await grantStaffRoles(app, member.me.id, 'support');
  support = member.token;
  supportId = member.me.id;
  const boss = await app.signUp('09127770002', { name: 'مدیر' });
  await grantStaffRoles(app, boss.me.id, 'admin');
  admin = boss.token;
});
afterAll(() => app.close());

const me = (token: string) => app.as(token, '/me');

async function search(q: string): Promise<ViewerSearch> {
  const res = await app.as(support, `/staff/viewers?${new URLSearchParams({ q })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function detail(userId: number): Promise<ViewerDetail> {
  const res = await app.as(support, `/staff/viewers/${userId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function act(token: string, path: string, method = 'POST', headers = fa) {
  return app.as(token, `/staff/viewers/${path}`, { method, headers });
}

async function auditsOf(userId: number) {
  const rows = await app.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))))
    .orderBy(asc(auditLog.id));
  return rows.map(({ action, actorId, before, after }) => ({ action, actorId, before, after }));
}

/** An account logged in on `devices` devices; returns its id and one token per device. */
async function viewerOn(phone: string, devices: number, name = 'مریم احمدی') {
  const first = await app.signUp(phone, { name, password: 'viewer-pass-1' });
  const tokens = [first.token];
  for (let i = 1; i < devices; i++) {
    const res = await app.login(phone, 'viewer-pass-1');
    expect(res.status).toBe(200);
    tokens.push((await res.json()).token);
  }
  return { id: first.me.id, tokens };
}

describe(`staff: viewers on ${databaseUnderTest}`, () => {
  it('finds an account by phone however it is typed, by e-mail and by name', async () => {
    const { id } = await viewerOn('09121112233', 1, 'Ramin Sadeghi');
    const mail = await app.signUp('ramin.work@example.com', { name: 'رامین کاری' });
    for (const typed of ['09121112233', '+98 912 111 2233', '۰۹۱۲۱۱۱۲۲۳۳', '9121112233']) {
      expect((await search(typed)).viewers.map((viewer) => viewer.id)).toEqual([id]);
    }
    expect((await search('RAMIN.work@')).viewers.map((viewer) => viewer.id)).toEqual([mail.me.id]);
    expect((await search('sadeghi')).viewers).toMatchObject([
      {
        id,
        name: 'Ramin Sadeghi',
        phone: '+989121112233',
        blocked_at: null,
        deleted: false,
        staff_roles: [],
      },
    ]);
    expect((await search('1112')).viewers.map((viewer) => viewer.id)).toEqual([id]);
    expect((await search('nobody-like-this')).viewers).toEqual([]);
    const tooShort = await app.as(support, '/staff/viewers?q=a', { headers: en });
    expect(tooShort.status).toBe(422);
  });

  it('shows profiles, live sessions, tickets and payments of the account', async () => {
    const { id, tokens } = await viewerOn('09121112244', 2);
    const film = await insertTitle(app, { asset: 'testcard' });
    const festival = await insertFestival(app, [film]);
    const ticket = await writeGrant(
      app.ctx.database.db,
      { type: 'ticket', product_id: festival, user_name: '09121112244' },
      app.clock.now(),
      'script',
    );
    const seen = await detail(id);
    expect(seen.viewer).toMatchObject({ id, phone: '+989121112244' });
    expect(seen.profiles).toMatchObject([{ name: 'مریم احمدی', is_main: true }]);
    expect(seen.sessions).toHaveLength(tokens.length);
    expect(seen.tickets).toMatchObject([{ code: ticket.code, product: { id: festival } }]);
    expect(seen.payments).toEqual([]);
    expect(seen.orders).toEqual([]);
    expect((await app.as(support, '/staff/viewers/999999', { headers: en })).status).toBe(404);
  });

  it('ends one session (that device is logged out at once) or all of them, audited', async () => {
    const { id, tokens } = await viewerOn('09121112255', 3);
    const [oldest] = (await detail(id)).sessions.slice(-1);
    const one = await act(support, `${id}/sessions/${oldest!.id}`, 'DELETE', en);
    expect(one.status).toBe(200);
    const answer = (await one.json()) as ViewerActionResponse;
    expect(answer.message).toBe('The session was ended.');
    expect(answer.viewer.sessions.map((session) => session.id)).not.toContain(oldest!.id);
    const statuses = await Promise.all(tokens.map(async (token) => (await me(token)).status));
    expect(statuses.sort()).toEqual([200, 200, 401]);
    expect((await act(support, `${id}/sessions/${oldest!.id}`, 'DELETE')).status).toBe(404);

    expect((await act(support, `${id}/sessions`, 'DELETE')).status).toBe(200);
    for (const token of tokens) expect((await me(token)).status).toBe(401);
    const trail = await auditsOf(id);
    expect(trail).toEqual([
      {
        action: 'session.end',
        actorId: supportId,
        before: { session: expect.objectContaining({ id: oldest!.id }), ended: false },
        after: { session: expect.objectContaining({ id: oldest!.id }), ended: true },
      },
      {
        action: 'session.end_all',
        actorId: supportId,
        before: { live_sessions: expect.any(Array) },
        after: { live_sessions: [] },
      },
    ]);
    expect((trail[1]!.before as { live_sessions: number[] }).live_sessions).toHaveLength(2);
  });

  it('a blocked account cannot use its sessions or log in, told why in its language; unblocked it can', async () => {
    const { id, tokens } = await viewerOn('09121112266', 2);
    const blocked = await act(support, `${id}/block`);
    expect(blocked.status).toBe(200);
    expect(((await blocked.json()) as ViewerActionResponse).viewer.viewer.blocked_at).not.toBeNull();
    for (const token of tokens) expect((await me(token)).status).toBe(401);

    for (const [headers, message] of [
      [fa, 'این حساب کاربری مسدود شده است؛ برای پیگیری با پشتیبانی تماس بگیرید'],
      [en, 'This account has been blocked; please contact support.'],
    ] as const) {
      const credentials = { user_name: '09121112266', password: 'viewer-pass-1' };
      const login = await app.post('/auth/login', credentials, { headers });
      expect(login.status).toBe(403);
      expect((await login.json()).message).toBe(message);
    }
    // Blocking twice changes nothing and leaves one entry.
    expect((await act(support, `${id}/block`)).status).toBe(200);

    const unblocked = await act(support, `${id}/unblock`, 'POST', en);
    expect(((await unblocked.json()) as ViewerActionResponse).message).toBe('The account was unblocked.');
    const again = await app.login('09121112266', 'viewer-pass-1');
    expect(again.status).toBe(200);
    expect((await me((await again.json()).token)).status).toBe(200);
    // The tokens ended by the block stay dead.
    for (const token of tokens) expect((await me(token)).status).toBe(401);

    const trail = await auditsOf(id);
    expect(trail.map((entry) => entry.action)).toEqual(['viewer.block', 'viewer.unblock']);
    expect(trail[0]).toMatchObject({
      actorId: supportId,
      before: { blocked_at: null, live_sessions: expect.any(Array) },
      after: { blocked_at: expect.any(String), live_sessions: [] },
    });
    expect(trail[1]).toMatchObject({
      before: { blocked_at: expect.any(String) },
      after: { blocked_at: null },
    });
  });

  it('support cannot block a staff member or themselves; an admin can block staff', async () => {
    const colleague = await viewerOn('09121112277', 1);
    await grantStaffRoles(app, colleague.id, 'shop');
    const refused = await act(support, `${colleague.id}/block`, 'POST', en);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Only an admin can block a staff account.');
    const self = await act(support, `${supportId}/block`, 'POST', en);
    expect((await self.json()).message).toBe('You cannot block your own account.');
    expect((await me(colleague.tokens[0]!)).status).toBe(200);
    expect(await auditsOf(colleague.id)).toEqual([]);

    expect((await act(admin, `${colleague.id}/block`)).status).toBe(200);
    expect((await me(colleague.tokens[0]!)).status).toBe(401);
  });
});
