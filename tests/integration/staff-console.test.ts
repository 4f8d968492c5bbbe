import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, comments, contactMessages, playerReports } from '~/server/db/schema';
import type { StaffRole } from '~/shared/staff-constants';
import type { AuditPage, StaffMember } from '~/shared/staff-roles';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, payAtBank, pricedTitle, seedShop, FILM_IRR } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';
import { grantStaffRoles, newStaffMember } from './staff-fixtures';

const en = { 'accept-language-site': 'en' };

describe(`the staff console's own sections on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let admin: { token: string; id: number };
  let viewer: { token: string; id: number };
  let film = 0;

  beforeAll(async () => {
    app = await startAccountsApp();
    const signedAdmin = await app.signUp('09126660001', { name: 'مدیر' });
    admin = { token: signedAdmin.token, id: signedAdmin.me.id };
    await grantStaffRoles(app, admin.id, 'admin');
    const signedViewer = await app.signUp('09126660002', { name: 'بیننده' });
    viewer = { token: signedViewer.token, id: signedViewer.me.id };
    [film = 0] = await insertProducts(app, ['console-film']);
  });
  afterAll(() => app.close());

  const asAdmin = (path: string, init: Parameters<AccountsApp['as']>[2] = {}) =>
    app.as(admin.token, path, init);
  const audit = async (query: string): Promise<AuditPage> =>
    (await (await asAdmin(`/staff/audit?${query}`)).json()) as AuditPage;

  describe('roles', () => {
    it('grants a role by phone number in any spelling; it works at once and is audited', async () => {
      const granted = await asAdmin('/staff/roles', {
        json: { user_name: '۰۹۱۲۶۶۶۰۰۰۲', role: 'moderator' },
        headers: en,
      });
      expect(granted.status).toBe(200);
      const body = (await granted.json()) as { message: string; member: StaffMember };
      expect(body.message).toBe('The role was granted.');
      expect(body.member).toMatchObject({ user_id: viewer.id, name: 'بیننده', user_name: '+989126660002' });
      expect(body.member.roles).toEqual([
        { role: 'moderator', granted_at: expect.any(String), granted_by: 'مدیر' },
      ]);
      expect((await app.as(viewer.token, '/staff/comments')).status).toBe(200);
      expect((await (await app.as(viewer.token, '/me')).json()).me.staff_roles).toEqual(['moderator']);

      const again = await asAdmin('/staff/roles', { json: { user_name: '09126660002', role: 'moderator' } });
      expect(again.status).toBe(200);
      const { entries } = await audit(`action=role.grant&target_type=user&target_id=${viewer.id}`);
      expect(entries).toEqual([
        expect.objectContaining({
          actor_id: admin.id,
          actor: 'مدیر · +989126660001',
          action: 'role.grant',
          target_type: 'user',
          target_id: String(viewer.id),
          before: { roles: [] },
          after: { roles: ['moderator'] },
        }),
      ]);

      const staff = (await (await asAdmin('/staff/roles')).json()).staff as StaffMember[];
      expect(staff.map((member) => [member.user_id, member.roles.map((r) => r.role)])).toEqual([
        [viewer.id, ['moderator']],
        [admin.id, ['admin']],
      ]);
    });

    it('takes a role back (audited), refuses an unknown account, a role not held and the last admin', async () => {
      const revoked = await asAdmin(`/staff/roles/${viewer.id}/moderator`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect(((await revoked.json()) as { member: StaffMember }).member.roles).toEqual([]);
      expect((await app.as(viewer.token, '/staff/comments')).status).toBe(403);
      const [entry] = (await audit(`action=role.revoke&target_id=${viewer.id}`)).entries;
      expect(entry).toMatchObject({ before: { roles: ['moderator'] }, after: { roles: [] } });

      expect((await asAdmin(`/staff/roles/${viewer.id}/moderator`, { method: 'DELETE' })).status).toBe(404);
      const unknown = await asAdmin('/staff/roles', { json: { user_name: '09126669999', role: 'shop' } });
      expect(unknown.status).toBe(404);
      const bad = await asAdmin('/staff/roles', { json: { user_name: '09126660002', role: 'owner' } });
      expect(bad.status).toBe(422);

      const last = await asAdmin(`/staff/roles/${admin.id}/admin`, { method: 'DELETE', headers: en });
      expect(last.status).toBe(409);
      expect((await last.json()).message).toBe(
        'The last administrator cannot lose the role; make someone else an administrator first.',
      );
      await asAdmin('/staff/roles', { json: { user_name: '09126660002', role: 'admin' } });
      expect(
        (await app.as(viewer.token, `/staff/roles/${admin.id}/admin`, { method: 'DELETE' })).status,
      ).toBe(200);
      expect((await asAdmin('/staff/roles')).status).toBe(403);
      // Back to one admin for the other tests.
      await grantStaffRoles(app, admin.id, 'admin');
      await app.as(admin.token, `/staff/roles/${viewer.id}/admin`, { method: 'DELETE' });
    });
  });

  describe('the audit log', () => {
    it('filters by action (exact or a prefix ending in a dot), actor and target, newest first', async () => {
      const roleEntries = (await audit('action=role.')).entries;
      expect(roleEntries.length).toBeGreaterThanOrEqual(4);
      expect(roleEntries.every((entry) => entry.action.startsWith('role.'))).toBe(true);
      const times = roleEntries.map((entry) => entry.id);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await audit(`actor=${viewer.id}`)).entries.map((entry) => entry.action)).toEqual([
        'role.revoke',
      ]);
      expect((await audit('action=role')).entries).toEqual([]);
      expect((await audit('target_type=comment&target_id=999999')).entries).toEqual([]);
      expect((await asAdmin('/staff/audit?actor=abc')).status).toBe(422);
    });
  });

  describe('comments', () => {
    it('approves several at once with one audit entry each, all or none', async () => {
      const ids: number[] = [];
      for (const body of ['یک', 'دو', 'سه']) {
        const posted = await app.as(viewer.token, `/products/${film}/comments`, { json: { body } });
        ids.push((await posted.json()).comment.id);
      }
      await grantStaffRoles(app, viewer.id, 'moderator');
      const queue = await (await app.as(viewer.token, '/staff/comments')).json();
      expect(queue.comments[0]).toMatchObject({
        product_title: 'فیلم 1',
        en_product_title: 'Film 1',
        author: 'بیننده',
      });

      const missing = await app.as(viewer.token, '/staff/comments/decisions', {
        json: { ids: [ids[0], 999_999], status: 'approved' },
      });
      expect(missing.status).toBe(404);
      const [untouched] = await app.ctx.database.db.select().from(comments).where(eq(comments.id, ids[0]!));
      expect(untouched?.status).toBe('pending');

      const decided = await app.as(viewer.token, '/staff/comments/decisions', {
        json: { ids: [ids[1], ids[0]], status: 'approved' },
        headers: en,
      });
      expect(decided.status).toBe(200);
      expect(await decided.json()).toEqual({
        message: '2 comments were decided.',
        comments: [
          { id: ids[0], status: 'approved' },
          { id: ids[1], status: 'approved' },
        ],
      });
      const rejected = await app.as(viewer.token, `/staff/comments/${ids[2]}/reject`, { method: 'POST' });
      expect(rejected.status).toBe(200);
      const entries = (await audit('action=comment.')).entries;
      expect(entries.map((entry) => [entry.action, entry.target_id, entry.before, entry.after])).toEqual([
        ['comment.reject', String(ids[2]), { status: 'pending' }, { status: 'rejected' }],
        ['comment.approve', String(ids[1]), { status: 'pending' }, { status: 'approved' }],
        ['comment.approve', String(ids[0]), { status: 'pending' }, { status: 'approved' }],
      ]);
      const published = await (await app.request(`/products/${film}/comments`)).json();
      expect(published.comments.map((comment: { body: string }) => comment.body).sort()).toEqual([
        'دو',
        'یک',
      ]);
      const empty = await app.as(viewer.token, '/staff/comments/decisions', {
        json: { ids: [], status: 'approved' },
      });
      expect(empty.status).toBe(422);
    });
  });

  describe('inboxes', () => {
    let contactId = 0;
    let reportId = 0;
    beforeAll(async () => {
      const { db } = app.ctx.database;
      const [contact] = await db
        .insert(contactMessages)
        .values({
          fullName: 'سارا',
          phone: '+989121112233',
          email: 'sara@example.com',
          subject: 'پخش',
          message: 'فیلم پخش نمی‌شود',
          locale: 'fa',
          clientAddress: '5.160.0.1',
        })
        .returning({ id: contactMessages.id });
      const [report] = await db
        .insert(playerReports)
        .values({
          productId: film,
          positionSeconds: 61,
          problem: 'buffering',
          browser: 'Firefox',
          clientAddress: '5.160.0.1',
        })
        .returning({ id: playerReports.id });
      contactId = contact!.id;
      reportId = report!.id;
    });

    it('lists what is not done, oldest first; a status and a note are saved and audited', async () => {
      await grantStaffRoles(app, viewer.id, 'support');
      const inbox = await (await app.as(viewer.token, '/staff/inbox/contact')).json();
      expect(inbox.items).toEqual([
        expect.objectContaining({
          id: contactId,
          full_name: 'سارا',
          status: 'new',
          note: '',
          handled_at: null,
        }),
      ]);
      const moved = await app.as(viewer.token, `/staff/inbox/contact/${contactId}`, {
        json: { status: 'in_progress', note: 'به تیم پخش سپرده شد' },
      });
      expect(moved.status).toBe(200);
      expect((await moved.json()).item).toMatchObject({ status: 'in_progress', note: 'به تیم پخش سپرده شد' });
      const done = await app.as(viewer.token, `/staff/inbox/contact/${contactId}`, {
        json: { status: 'done' },
      });
      expect((await done.json()).item).toMatchObject({ status: 'done', note: 'به تیم پخش سپرده شد' });
      expect((await (await app.as(viewer.token, '/staff/inbox/contact')).json()).items).toEqual([]);
      expect(
        (await (await app.as(viewer.token, '/staff/inbox/contact?status=done')).json()).items,
      ).toHaveLength(1);
      const entries = (await audit(`target_type=contact_message&target_id=${contactId}`)).entries;
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'contact.update',
          { status: 'in_progress', note: 'به تیم پخش سپرده شد' },
          { status: 'done', note: 'به تیم پخش سپرده شد' },
        ],
        [
          'contact.update',
          { status: 'new', note: '' },
          { status: 'in_progress', note: 'به تیم پخش سپرده شد' },
        ],
      ]);

      const report = await app.as(viewer.token, `/staff/inbox/player-reports/${reportId}`, {
        json: { note: 'CDN' },
      });
      expect((await report.json()).item).toMatchObject({
        id: reportId,
        product_title: 'فیلم 1',
        en_product_title: 'Film 1',
        problem: 'buffering',
        position_seconds: 61,
        status: 'new',
        note: 'CDN',
      });
      const [entry] = (await audit('action=player_report.update')).entries;
      expect(entry).toMatchObject({
        target_id: String(reportId),
        before: { status: 'new', note: '' },
        after: { status: 'new', note: 'CDN' },
      });

      expect(
        (await app.as(viewer.token, '/staff/inbox/contact/999999', { json: { status: 'done' } })).status,
      ).toBe(404);
      expect((await app.as(viewer.token, `/staff/inbox/contact/${contactId}`, { json: {} })).status).toBe(
        422,
      );
      expect(
        (await app.as(viewer.token, `/staff/inbox/contact/${contactId}`, { json: { status: 'closed' } }))
          .status,
      ).toBe(422);
    });
  });

  describe('the dashboard', () => {
    it("counts today's sign-ups, payments and revenue by currency in Tehran's day, active viewers and open queues", async () => {
      await seedShop(app);
      const title = await pricedTitle(app);
      const buyer = await newViewer(app);
      await payAtBank(app, await buyer.buy({ type: 'BUY_MOVIE', item_id: title, gateway: 'sandbox' }));
      const undecided = await newViewer(app);
      await undecided.buy({ type: 'BUY_MOVIE', item_id: title, gateway: 'sandbox' });

      const answer = await (await asAdmin('/staff/dashboard')).json();
      expect(answer).toEqual({
        since: '2026-03-20T20:30:00.000Z',
        signups: 4,
        active_viewers: 4,
        money: {
          payments_started: 2,
          payments_fulfilled: 1,
          revenue: [{ currency: 'IRR', amount: FILM_IRR + FILM_IRR / 10 }],
        },
        open: { comments: 0, contact_messages: 0, player_reports: 1 },
      });

      // Issue 24: money only for finance and admin; every other role sees its own queues.
      const asRole = async (...roles: StaffRole[]) => {
        const member = await newStaffMember(app, ...roles);
        return (await app.as(member.token, '/staff/dashboard')).json();
      };
      expect((await asRole('finance')).money).toEqual(answer.money);
      expect((await asRole('finance')).open).toEqual({});
      const moderator = await asRole('moderator');
      expect(moderator.money).toBeNull();
      expect(moderator.open).toEqual({ comments: 0, player_reports: 1 });
      expect(JSON.stringify(moderator)).not.toMatch(/revenue|payments_/);
      const support = await asRole('support');
      expect(support.money).toBeNull();
      expect(support.open).toEqual({ contact_messages: 0, player_reports: 1 });
      for (const role of ['catalogue', 'shop'] as const) {
        expect(await asRole(role)).toMatchObject({ money: null, open: {} });
      }

      app.clock.advance(24 * 60 * 60);
      const tomorrow = await (await asAdmin('/staff/dashboard')).json();
      expect(tomorrow).toMatchObject({ signups: 0, money: { payments_started: 0, revenue: [] } });
    });
  });

  it('keeps every audit row with who did it', async () => {
    const rows = await app.ctx.database.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.actorId !== null)).toBe(true);
  });
});
