import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, pricedTitle, seedShop } from './commerce-fixtures';
import { en, insertFestival, IRANIAN } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * Issue 24 (1): what cannot be played is not sold on its own. A film without video, or with a trailer
 * only, offers no purchase (its subscriptions still, with a "coming" note) and POST /payments refuses
 * it; a festival whose programme has no video and a screening without video are not sold at all; the
 * console says why.
 */
let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

const noVideoMessage = 'This title has no video yet and is not on sale until it does.';

describe('titles without video', () => {
  it('a film with no video, or a trailer only, offers its subscriptions only, and cannot be bought', async () => {
    const viewer = await newViewer(app);
    for (const media of [{ asset: undefined }, { asset: undefined, trailer: 'testcard' }]) {
      const film = await pricedTitle(app, media);
      const info = await (
        await app.as(viewer.token, `/purchase-info/${film}`, { clientAddress: IRANIAN })
      ).json();
      expect(info.options).toEqual([]);
      expect(info.packages).toHaveLength(4);
      expect(info.coming_soon).toBe(true);
      const bought = await viewer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
      expect(bought.status).toBe(403);
      const quoted = await app.as(viewer.token, '/payments/quote', {
        json: { type: 'BUY_MOVIE', item_id: film, currency: 'IRR' },
        headers: en,
      });
      expect(quoted.status).toBe(403);
      expect((await quoted.json()).message).toBe(noVideoMessage);
    }
    // The same title with a video is sold, and says nothing is coming.
    const playable = await pricedTitle(app);
    const info = await (await app.request(`/purchase-info/${playable}`, { clientAddress: IRANIAN })).json();
    expect(info.options.map((option: { type: string }) => option.type)).toEqual(['BUY_MOVIE']);
    expect(info.coming_soon).toBe(false);
  });

  it('a film without video sold by purchase only is not offered at all', async () => {
    const film = await pricedTitle(app, {
      asset: undefined,
      sales: { inSubscription: false, purchasable: true },
    });
    const res = await app.request(`/purchase-info/${film}`, { headers: en });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(noVideoMessage);
  });

  it('a festival whose titles have no video and a screening without video are not sold', async () => {
    const viewer = await newViewer(app);
    const silent = await pricedTitle(app, { asset: undefined });
    const festival = await insertFestival(app, [silent]);
    await app.ctx.database.db.execute(`insert into product_prices values (${festival}, 2490000, 999)`);
    const pass = await app.request(`/festival-purchase-info/${festival}`, { headers: en });
    expect(pass.status).toBe(403);
    expect((await pass.json()).message).toBe(noVideoMessage);
    expect((await viewer.start({ type: 'BUY_FESTIVAL', item_id: festival, gateway: 'sandbox' })).status).toBe(
      403,
    );
    const screening = await pricedTitle(app, {
      kind: 'screening',
      asset: undefined,
      startsAt: new Date('2026-03-21T12:00:00Z'),
      endsAt: new Date('2026-03-21T14:00:00Z'),
    });
    const ticket = await app.request(`/live-purchase-info/${screening}`, { headers: en });
    expect(ticket.status).toBe(403);
    expect((await ticket.json()).message).toBe(noVideoMessage);
    expect(
      (await viewer.start({ type: 'BUY_SCREENING', item_id: screening, gateway: 'sandbox' })).status,
    ).toBe(403);
  });

  it('the console’s title view says a title is not on sale for want of a video', async () => {
    const staff = await newStaffMember(app, 'catalogue');
    const silent = await pricedTitle(app, { asset: undefined });
    const playable = await pricedTitle(app);
    const view = async (id: number) =>
      (await (await app.as(staff.token, `/staff/catalogue/titles/${id}`)).json()).not_on_sale;
    expect(await view(silent)).toBe('no_video');
    expect(await view(playable)).toBeNull();
  });
});
