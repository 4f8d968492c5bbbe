import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growthPayments, growthSignups } from '~/server/db/schema';
import type { CampaignReport } from '~/shared/growth';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, payAtBank, pricedTitle, seedShop } from './commerce-fixtures';
import { runScript, serveOverHttp } from './http-server';
import { IRANIAN } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';

let app: AccountsApp;
let staffToken: string;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  staffToken = (await newStaffMember(app, 'finance')).token;
});
afterAll(() => app.close());

const tagged =
  'utm_source=instagram&utm_medium=social&utm_campaign=nowruz-1405&landing=landing1&referrer=l.instagram.com';

async function report(query: string): Promise<CampaignReport> {
  const res = await app.as(staffToken, `/staff/campaigns?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CampaignReport;
}

describe('campaign attribution', () => {
  it('a tagged landing visit, a sign-up and a purchase show up once in the campaign report', async () => {
    const visit = await app.post('/growth/visits', {
      landing: 'landing1',
      campaign: 'nowruz-1405',
      utm_source: 'instagram',
      utm_medium: 'social',
    });
    expect(visit.status).toBe(204);

    const headers = { 'x-attribution': tagged };
    const { token, me } = await app.signUp('09351230001', { headers });
    const film = await pricedTitle(app);
    const start = (json: unknown) => app.as(token, '/payments', { json, headers, clientAddress: IRANIAN });
    const created = await start({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    expect(created.status).toBe(201);
    await payAtBank(app, await created.json());
    // A second attempt that is never paid is attributed too, and counts for nothing.
    const other = await pricedTitle(app);
    expect((await start({ type: 'BUY_MOVIE', item_id: other, gateway: 'sandbox' })).status).toBe(201);

    const { db } = app.ctx.database;
    expect(await db.select().from(growthSignups).where(eq(growthSignups.userId, me.id))).toEqual([
      {
        userId: me.id,
        campaign: 'nowruz-1405',
        source: 'instagram',
        medium: 'social',
        landing: 'landing1',
        referrer: 'l.instagram.com',
        createdAt: app.clock.now(),
      },
    ]);
    expect(await db.select().from(growthPayments)).toHaveLength(2);

    const day = app.clock.now().toISOString().slice(0, 10);
    const { campaigns } = await report(`from=${day}&to=${day}`);
    expect(campaigns).toEqual([
      {
        campaign: 'nowruz-1405',
        visits: 1,
        sign_ups: 1,
        first_payments: 1,
        // The film's price with its 10 % VAT.
        revenue: [{ currency: 'IRR', amount: 759_000 }],
      },
    ]);
    expect((await report(`from=2020-01-01&to=2020-01-31`)).campaigns).toEqual([]);

    // The same report from a terminal, through the API over HTTP as server.mjs serves it.
    const served = await serveOverHttp(app);
    try {
      const run = await runScript(served, 'campaigns.mjs', ['report', day, day], staffToken);
      expect(run.stdout).toContain(
        'nowruz-1405: 1 landing visits, 1 sign-ups, 1 first payments, IRR 759,000',
      );
      expect(await runScript(served, 'campaigns.mjs', ['report', 'yesterday'], staffToken)).toMatchObject({
        code: 1,
      });
    } finally {
      await served.close();
    }
    expect((await report(`from=${day}&to=${day}&campaign=other`)).campaigns).toEqual([]);
  });

  it('a sign-up and a payment without attribution, or with a malformed one, still succeed unrecorded', async () => {
    const { me } = await app.signUp('09351230002', { headers: { 'x-attribution': 'utm_campaign=%00bad' } });
    const rows = await app.ctx.database.db
      .select()
      .from(growthSignups)
      .where(eq(growthSignups.userId, me.id));
    expect(rows).toEqual([]);
  });

  it('landing visits: unknown landings are not counted, bad bodies refused, the report is staff only', async () => {
    expect((await app.post('/growth/visits', { landing: 'no-such-page', campaign: 'x1' })).status).toBe(204);
    expect((await app.post('/growth/visits', { landing: 'Landing 1', campaign: 'x1' })).status).toBe(422);
    for (const range of [
      'from=2026-13-01&to=2026-12-31',
      'from=2026-02-31&to=2026-03-01',
      'from=2026-01-01',
    ]) {
      expect((await app.as(staffToken, `/staff/campaigns?${range}`)).status, range).toBe(422);
    }
    const viewer = await newViewer(app);
    expect((await app.as(viewer.token, '/staff/campaigns?from=2026-01-01&to=2026-01-02')).status).toBe(403);
    expect((await app.request('/staff/campaigns?from=2026-01-01&to=2026-01-02')).status).toBe(401);
    const day = app.clock.now().toISOString().slice(0, 10);
    expect((await report(`from=${day}&to=${day}&campaign=x1`)).campaigns).toEqual([]);
  });
});
