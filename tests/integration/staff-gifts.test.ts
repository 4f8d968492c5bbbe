import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IssuedGiftCode,
  StaffGiftCampaign,
  StaffGiftCampaigns,
  StaffGiftCodes,
} from '~/shared/staff-gifts';
import { auditLog } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, seedShop } from './commerce-fixtures';
import { newStaffMember } from './staff-fixtures';

/** The console's gifts view (issue 17, finance): campaigns, a new one, a code issued once, its use. */

let app: AccountsApp;
let finance: string;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  finance = (await newStaffMember(app, 'finance')).token;
});
afterAll(() => app.close());

const DAY_MS = 86_400_000;

function campaignBody(slug: string, overrides: Record<string, unknown> = {}) {
  const now = app.clock.now().getTime();
  return {
    slug,
    title: 'هدیهٔ یلدا',
    en_title: 'Yalda gift',
    months: 2,
    plan: 'monthly',
    starts_at: new Date(now - DAY_MS).toISOString(),
    ends_at: new Date(now + 30 * DAY_MS).toISOString(),
    ...overrides,
  };
}

const post = (path: string, json: unknown, token = finance) =>
  app.as(token, path, { method: 'POST', json, headers: { 'accept-language': 'en' } });

async function auditActions(campaignId: number): Promise<string[]> {
  const rows = await app.ctx.database.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'gift_campaign'), eq(auditLog.targetId, String(campaignId))))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('gift campaigns in the console', () => {
  it('creates a campaign, issues a code shown once that a viewer redeems, and lists its use', async () => {
    const res = await post('/staff/gifts/campaigns', campaignBody('Yalda-1405'));
    expect(res.status, await res.clone().text()).toBe(201);
    const campaign = (await res.json()) as StaffGiftCampaign;
    expect(campaign).toMatchObject({ slug: 'yalda-1405', months: 2, plan: 'monthly', codes: 0, redeemed: 0 });

    const issuing = await post(`/staff/gifts/campaigns/${campaign.id}/codes`, { max_uses: 3 });
    expect(issuing.status).toBe(201);
    const issued = (await issuing.json()) as IssuedGiftCode;
    expect(issued.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(issued.code.replace(/-/g, '').startsWith(issued.public_id)).toBe(true);

    const viewer = await newViewer(app);
    const redeemed = await app.as(viewer.token, '/core/get-gift', {
      json: { code: issued.code },
      clientAddress: app.freshAddress(),
    });
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);

    const listed = (await (await app.as(finance, '/staff/gifts/campaigns')).json()) as StaffGiftCampaigns;
    expect(listed.campaigns.find((c) => c.id === campaign.id)).toMatchObject({ codes: 1, redeemed: 1 });
    const codes = (await (
      await app.as(finance, `/staff/gifts/campaigns/${campaign.id}/codes`)
    ).json()) as StaffGiftCodes;
    expect(codes.codes).toMatchObject([
      { public_id: issued.public_id, max_uses: 3, used_count: 1, requested: false },
    ]);
    // Only the public part is anywhere but in the answer above.
    expect(JSON.stringify(codes)).not.toContain(issued.code.replace(/-/g, '').slice(8));

    expect(await auditActions(campaign.id)).toEqual(['gift_campaign.create', 'gift_code.issue']);
    const [, issue] = await app.ctx.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'gift_campaign'), eq(auditLog.targetId, String(campaign.id))))
      .orderBy(auditLog.id);
    expect(JSON.stringify(issue!.after)).not.toContain(issued.code.replace(/-/g, '').slice(8));
  });

  it('refuses a taken slug, an unknown package, a backwards window, an ended campaign, and others', async () => {
    expect((await post('/staff/gifts/campaigns', campaignBody('taken-slug'))).status).toBe(201);
    const taken = await post('/staff/gifts/campaigns', campaignBody('taken-slug'));
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.slug[0]).toBe('A campaign with this slug exists.');
    const unknown = await post('/staff/gifts/campaigns', campaignBody('no-plan', { plan: 'weekly' }));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.plan[0]).toBe('There is no such subscription package.');
    const now = app.clock.now().getTime();
    const backwards = campaignBody('backwards', { ends_at: new Date(now - 2 * DAY_MS).toISOString() });
    expect((await post('/staff/gifts/campaigns', backwards)).status).toBe(422);

    const ended = (await (
      await post(
        '/staff/gifts/campaigns',
        campaignBody('ended', {
          starts_at: new Date(now - 10 * DAY_MS).toISOString(),
          ends_at: new Date(now - DAY_MS).toISOString(),
        }),
      )
    ).json()) as StaffGiftCampaign;
    const late = await post(`/staff/gifts/campaigns/${ended.id}/codes`, { max_uses: 1 });
    expect(late.status).toBe(409);
    expect((await post('/staff/gifts/campaigns/999999/codes', { max_uses: 1 })).status).toBe(404);

    const viewer = await newViewer(app);
    expect((await post('/staff/gifts/campaigns', campaignBody('by-viewer'), viewer.token)).status).toBe(403);
    expect((await app.request('/staff/gifts/campaigns')).status).toBe(401);
  });
});
