import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AwardResultsBody } from '~/shared/award';
import type { StaffPaymentAction } from '~/shared/staff-payments';
import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { productPrices, profiles, watchPositions } from '~/server/db/schema';
import { newViewer } from './commerce-fixtures';
import { atGateway, returnToShop, useGatewayApp } from './gateway-suite';
import { insertFestival, insertTitle } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * The audience award (issue 30) and the other refund path: a festival pass returned to the card at
 * Zarinpal (its fake, over HTTP) loses its vote once the gateway confirms the reversal.
 */

const env = useGatewayApp((clock) => zarinpalFake({ clock }));
let finance: string;
let catalogue: string;

beforeAll(async () => {
  finance = (await newStaffMember(env.app, 'finance')).token;
  catalogue = (await newStaffMember(env.app, 'catalogue')).token;
});

describe('an audience-award vote', () => {
  it('goes with its pass returned to the card', async () => {
    const { app } = env;
    const film = await insertTitle(app, { asset: 'testcard' });
    const festival = await insertFestival(app, [film]);
    await app.ctx.database.db
      .insert(productPrices)
      .values({ productId: festival, priceIrr: 2_490_000, priceUsd: 999 });
    const award = await app.as(catalogue, `/staff/festivals/${festival}/award`, {
      method: 'PUT',
      json: { window_hours: 24, min_watched_percent: 50 },
    });
    expect(award.status).toBe(200);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_FESTIVAL', item_id: festival, gateway: 'zarinpal' });
    expect((await returnToShop(app, await atGateway(created, 'pay'))).status).toBe(303);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    const db = app.ctx.database.db;
    const [profile] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, viewer.userId));
    await db.insert(watchPositions).values({
      profileId: profile!.id,
      productId: film,
      positionSeconds: 5000,
      durationSeconds: 6000,
      updatedAt: app.clock.now(),
    });
    const vote = () =>
      app.as(viewer.token, `/festivals/${festival}/award/votes`, { json: { product_id: film, rating: 5 } });
    expect((await vote()).status).toBe(200);
    const votes = async () =>
      ((await (await app.as(catalogue, `/staff/festivals/${festival}/award`)).json()) as AwardResultsBody)
        .titles[0]!.votes;
    expect(await votes()).toBe(1);
    const reversed = await app.as(finance, `/staff/payments/${created.payment.id}/reverse`, {
      method: 'POST',
      json: { reason: 'charged twice by the bank', expected_refunded: 0 },
    });
    expect(reversed.status, await reversed.clone().text()).toBe(200);
    const action = (await reversed.json()) as StaffPaymentAction;
    expect(action.detail.refunds).toMatchObject([{ method: 'gateway', status: 'done' }]);
    expect(await votes()).toBe(0);
    expect((await vote()).status).toBe(403);
  });
});
