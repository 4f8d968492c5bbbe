import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardResultsBody } from '~/shared/award';
import { cafeTickets, productPrices, profiles, tickets, watchPositions } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { cafeFixtures, HOUR_MS } from './cafe-fixtures';
import { newViewer, payAtBank, seedShop, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { en, fa, insertFestival, insertTitle } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';

/**
 * The audience award (issue 30): a festival's ticket holder who watched enough of a title, or whose cafe
 * ticket for it was checked in, rates it once per ticket within the window after its screening; the
 * database keeps it once when two votes race; a refund of the ticket takes its vote away; the results
 * are the staff's until published.
 */
let app: AccountsApp;
let catalogue: string;
let finance: string;
beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
  catalogue = (await newStaffMember(app, 'catalogue')).token;
  finance = (await newStaffMember(app, 'finance')).token;
});
afterAll(() => app.close());

const { newCafe, newSession, seatsRequest } = cafeFixtures(() => app);

let codes = 0;

/** A festival of one film (screened from an hour ago for two hours) running the award. */
async function festivalWithAward(minWatchedPercent = 50, windowHours = 24) {
  const now = app.clock.now().getTime();
  const film = await insertTitle(app, {
    asset: 'testcard',
    startsAt: new Date(now - HOUR_MS),
    endsAt: new Date(now + HOUR_MS),
  });
  const festival = await insertFestival(app, [film]);
  const res = await app.as(catalogue, `/staff/festivals/${festival}/award`, {
    method: 'PUT',
    json: { window_hours: windowHours, min_watched_percent: minWatchedPercent },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { festival, film };
}

async function passFor(viewer: Viewer, festival: number): Promise<void> {
  await app.ctx.database.db.insert(tickets).values({
    code: `AWARD${++codes}`,
    productId: festival,
    kind: 'festival',
    ownerUserId: viewer.userId,
    source: 'seed',
  });
}

/** The viewer's main profile has watched `percent` of the title (its saved watch time). */
async function watched(viewer: Viewer, productId: number, percent: number): Promise<void> {
  const db = app.ctx.database.db;
  const [profile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, viewer.userId));
  const row = { positionSeconds: percent * 60, durationSeconds: 6000, watched: false, updatedAt: new Date() };
  await db
    .insert(watchPositions)
    .values({ profileId: profile!.id, productId, ...row })
    .onConflictDoUpdate({ target: [watchPositions.profileId, watchPositions.productId], set: row });
}

function vote(viewer: Viewer, festival: number, productId: number, rating: number, headers = en) {
  return app.as(viewer.token, `/festivals/${festival}/award/votes`, {
    json: { product_id: productId, rating },
    headers,
  });
}

async function staffResults(festival: number): Promise<AwardResultsBody> {
  const res = await app.as(catalogue, `/staff/festivals/${festival}/award`);
  expect(res.status).toBe(200);
  return (await res.json()) as AwardResultsBody;
}

async function messageOf(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe(`audience award on ${databaseUnderTest}`, () => {
  it('a pass holder votes once after watching the share; below it, or a bad rating, is refused', async () => {
    const { festival, film } = await festivalWithAward(50);
    const viewer = await newViewer(app);
    await passFor(viewer, festival);
    await watched(viewer, film, 40);
    const below = await vote(viewer, festival, film, 4);
    expect(below.status).toBe(403);
    expect(await messageOf(below)).toContain('watched enough');
    await watched(viewer, film, 55);
    const bad = await vote(viewer, festival, film, 6);
    expect(bad.status).toBe(422);
    // An id past the database's integers is a 422 too, never a failed query.
    expect((await vote(viewer, festival, 2 ** 31, 4)).status).toBe(422);
    expect(await vote(viewer, festival, film, 4)).toHaveProperty('status', 200);
    const again = await vote(viewer, festival, film, 5, fa);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('شما با این بلیت به این عنوان رأی داده‌اید.');
    // Watching without a ticket gives no vote.
    const stranger = await newViewer(app);
    await watched(stranger, film, 100);
    expect((await vote(stranger, festival, film, 5)).status).toBe(403);
    const results = await staffResults(festival);
    expect(results.titles).toEqual([expect.objectContaining({ product_id: film, votes: 1, average: 4 })]);
  });

  it('two votes sent at once with one ticket count once', async () => {
    const { festival, film } = await festivalWithAward(50);
    const viewer = await newViewer(app);
    await passFor(viewer, festival);
    await watched(viewer, film, 90);
    const answers = await Promise.all([1, 5, 3].map((rating) => vote(viewer, festival, film, rating)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect((await staffResults(festival)).titles[0]!.votes).toBe(1);
  });

  it('a cafe ticket checked in at the door gives a vote; one not checked in does not', async () => {
    const { festival, film } = await festivalWithAward(50);
    const { sessionId } = await newSession(await newCafe(), 10, film, 1);
    const viewer = await newViewer(app);
    await payAtBank(app, await viewer.buy(seatsRequest(sessionId, 1)));
    app.clock.advance(90 * 60);
    expect((await vote(viewer, festival, film, 5)).status).toBe(403);
    await app.ctx.database.db
      .update(cafeTickets)
      .set({ checkedInAt: app.clock.now() })
      .where(eq(cafeTickets.ownerUserId, viewer.userId));
    expect((await vote(viewer, festival, film, 5)).status).toBe(200);
    expect((await vote(viewer, festival, film, 5)).status).toBe(409);
    expect((await staffResults(festival)).titles[0]).toMatchObject({ votes: 1, average: 5 });
  });

  it('a refund of the pass removes its vote and the pass votes no more', async () => {
    const { festival, film } = await festivalWithAward(50);
    await app.ctx.database.db
      .insert(productPrices)
      .values({ productId: festival, priceIrr: 2_490_000, priceUsd: 999 });
    const viewer = await newViewer(app);
    const created = await viewer.buy({
      type: 'BUY_FESTIVAL',
      item_id: festival,
      currency: 'IRR',
      gateway: 'sandbox',
    });
    await payAtBank(app, created);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    await watched(viewer, film, 80);
    expect((await vote(viewer, festival, film, 2)).status).toBe(200);
    expect((await staffResults(festival)).titles[0]!.votes).toBe(1);
    const refunded = await app.as(finance, `/staff/payments/${created.payment.id}/refund`, {
      method: 'POST',
      json: { amount: created.payment.total, reason: 'asked back', expected_refunded: 0 },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect((await staffResults(festival)).titles[0]).toMatchObject({ votes: 0, average: null });
    expect((await vote(viewer, festival, film, 2)).status).toBe(403);
  });

  it('is refused once the window after the screening has closed', async () => {
    const { festival, film } = await festivalWithAward(50, 2);
    const viewer = await newViewer(app);
    await passFor(viewer, festival);
    await watched(viewer, film, 100);
    app.clock.advance((HOUR_MS + 2 * HOUR_MS + 60_000) / 1000);
    const late = await vote(viewer, festival, film, 3);
    expect(late.status).toBe(410);
    expect(await messageOf(late)).toBe('Voting for this title is closed.');
  });

  it('results are hidden from the public until staff publish them', async () => {
    const { festival, film } = await festivalWithAward(50);
    const viewer = await newViewer(app);
    await passFor(viewer, festival);
    await watched(viewer, film, 100);
    expect((await vote(viewer, festival, film, 3)).status).toBe(200);
    expect((await app.request(`/festivals/${festival}/award`)).status).toBe(404);
    const viewerAsStaff = await app.as(viewer.token, `/staff/festivals/${festival}/award`);
    expect(viewerAsStaff.status).toBe(403);
    const published = await app.as(catalogue, `/staff/festivals/${festival}/award/publish`, {
      json: { published: true },
    });
    expect(published.status).toBe(200);
    const open = await app.request(`/festivals/${festival}/award`, { headers: en });
    expect(open.status).toBe(200);
    const body = (await open.json()) as AwardResultsBody;
    expect(body.published_at).not.toBeNull();
    expect(body.titles).toEqual([expect.objectContaining({ product_id: film, votes: 1, average: 3 })]);
  });
});
