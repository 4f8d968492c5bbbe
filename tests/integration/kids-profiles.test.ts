import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogueVersion } from '~/server/catalog';
import { favorites, products, profiles, watchPositions } from '~/server/db/schema';
import { kidsPageOf } from '~/server/web/kids-gate';
import { startAccountsApp, type AccountsApp } from './accounts';
import { packageId, seedShop } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { insertTitle, IRANIAN } from './playback-fixtures';

const MINUTE = 60_000;

/**
 * Kids profiles and PINs (issue 29): a kids profile never gets a title above its rating from the rows,
 * search, suggestions, title details, play-info or the media key; PINs are asked and their wrong tries
 * limited; the purchase PIN stops a payment from starting.
 */
describe(`kids profiles and PINs on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  let phone: string;
  let mainId: number;
  let kidId: number;
  let cartoon: number;
  let adult: number;

  beforeAll(async () => {
    app = await startAccountsApp();
    await seedShop(app);
    phone = '09125557701';
    const account = await app.signUp(phone);
    token = account.token;
    mainId = account.me.profile!.id;
    cartoon = await insertTitle(app, { asset: 'testcard', isFree: true });
    adult = await insertTitle(app, { asset: 'testcard', isFree: true });
    const db = app.ctx.database.db;
    await db
      .update(products)
      .set({ ageRating: 'G', titleEn: 'Kiddo Cartoon', searchText: 'kiddo cartoon|kiddo cartoon|' })
      .where(eq(products.id, cartoon));
    await db
      .update(products)
      .set({ ageRating: '18', titleEn: 'Kiddo Noir', searchText: 'kiddo noir|kiddo noir|' })
      .where(eq(products.id, adult));
    bumpCatalogueVersion(app.ctx);
    const form = new FormData();
    form.set('name', 'Kid');
    const created = await app.as(token, '/me/profiles', { method: 'POST', body: form });
    expect(created.status).toBe(200);
    kidId = ((await created.json()) as { profiles: { id: number; name: string }[] }).profiles.find(
      (profile) => profile.name === 'Kid',
    )!.id;
  });
  afterAll(() => app.close());

  const as = (path: string, init: { pin?: string; json?: unknown; method?: string } = {}) =>
    app.as(token, path, {
      clientAddress: IRANIAN,
      ...(init.method ? { method: init.method } : {}),
      ...(init.json === undefined ? {} : { json: init.json }),
      headers: init.pin === undefined ? {} : { 'x-pin': init.pin },
    });
  const select = (id: number, pin?: string) => as(`/auth/select-profile/${id}`, { method: 'POST', pin });
  const idsIn = (value: unknown): number[] =>
    JSON.stringify(value)
      .match(/"id":\d+/g)!
      .map((match) => Number(match.slice(5)));

  it('sets up a kids profile rated PG and a PIN on the main profile', async () => {
    expect((await as(`/me/family/profiles/${mainId}/pin`, { json: { pin: '1234' } })).status).toBe(200);
    const res = await as(`/me/family/profiles/${kidId}/kids`, { json: { kids: true, max_age_rating: 'PG' } });
    expect(res.status).toBe(200);
    const family = await res.json();
    expect(family.profiles).toEqual([
      { id: mainId, name: 'سارا', is_main: true, kids: false, max_age_rating: null, has_pin: true },
      { id: kidId, name: 'Kid', is_main: false, kids: true, max_age_rating: 'PG', has_pin: false },
    ]);
    // An 18 maximum is no kids profile; the main profile is never one.
    expect(
      (await as(`/me/family/profiles/${kidId}/kids`, { json: { kids: true, max_age_rating: '18' } })).status,
    ).toBe(422);
    expect(
      (await as(`/me/family/profiles/${mainId}/kids`, { json: { kids: true, max_age_rating: 'G' } })).status,
    ).toBe(403);
  });

  it('never gives the kids profile an adult title: rows, search, suggestions, details, play-info, key', async () => {
    // The key URL of the adult title, signed while the main profile watched.
    const played = await as(`/play-info/${adult}`);
    expect(played.status).toBe(200);
    const master: string = (await played.json()).stream.master;
    const get = (url: string) => app.request(url.replace(/^\/api\/v1/, ''), { clientAddress: IRANIAN });
    const variant = (await (await get(master)).text())
      .split('\n')
      .find((line) => line && !line.startsWith('#'))!;
    const variantText = await (await get(new URL(variant, `http://player${master}`).pathname)).text();
    const key = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variantText)![1]!;
    expect((await get(key)).status).toBe(200);

    const chosen = await select(kidId);
    expect(chosen.status).toBe(200);
    // The pages learn of the kids profile from an HttpOnly cookie naming the session, set as it is chosen.
    const gate = chosen.headers.get('set-cookie') ?? '';
    expect(gate).toMatch(/^kids_gate=[0-9a-f]{64}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);

    // What the profile chose or started before it was made a kids profile is kept, but not shown.
    const db = app.ctx.database.db;
    await db.insert(favorites).values([cartoon, adult].map((productId) => ({ profileId: kidId, productId })));
    await db.insert(watchPositions).values(
      [cartoon, adult].map((productId) => ({
        profileId: kidId,
        productId,
        positionSeconds: 60,
        durationSeconds: 600,
      })),
    );
    const favored = await (await as('/me/favorite')).json();
    expect(favored.favorite_list.map((card: { id: number }) => card.id)).toEqual([cartoon]);
    const started = await (await as('/me/continue-watching')).json();
    expect(started.items.map((item: { card: { id: number } }) => item.card.id)).toEqual([cartoon]);

    const rows = await as('/core/get-home-widgets');
    expect(rows.headers.get('cache-control')).toBe('private, no-store');
    const rowIds = idsIn(await rows.json());
    expect(rowIds).toContain(cartoon);
    expect(rowIds).not.toContain(adult);
    const page = idsIn(await (await as('/widgetV4/newest?page=1')).json());
    expect(page).toContain(cartoon);
    expect(page).not.toContain(adult);

    const found = await (await as('/search?q=kiddo')).json();
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([cartoon]);
    expect(found.total).toBe(1);
    const suggested = await (await as('/search/suggest?q=kiddo')).json();
    expect(suggested.items.map((item: { other_name: string }) => item.other_name)).toEqual(['Kiddo Cartoon']);

    for (const path of [`/products/${adult}`, `/play-info/${adult}`, `/play-preview-info/${adult}`]) {
      const refused = await as(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'not_available_on_profile' });
    }
    expect((await as(`/products/${cartoon}`)).status).toBe(200);
    expect((await as(`/play-info/${cartoon}`)).status).toBe(200);
    // The URL signed before is refused its key now that a kids profile watches on the session.
    expect((await get(key)).status).toBe(403);

    // Nobody else gets the kids answers, nor the kids profile the public ones.
    const visitor = await app.request('/search?q=kiddo', { clientAddress: IRANIAN });
    expect(visitor.headers.get('cache-control')).toMatch(/^public/);
    expect(visitor.headers.get('vary')).toContain('Authorization');
    expect(((await visitor.json()).items as { id: number }[]).map((item) => item.id).sort()).toEqual(
      [cartoon, adult].sort(),
    );
    expect(idsIn(await (await app.request('/core/get-home-widgets')).json())).toContain(adult);
  });

  it('keeps the kids cookie in step with the profile on every GET /me', async () => {
    const cookie = { cookie: 'kids_gate=stale' };
    const onKids = await app.as(token, '/me', { headers: cookie });
    expect(onKids.headers.get('set-cookie')).toMatch(/^kids_gate=[0-9a-f]{64};/);
    const db = app.ctx.database.db;
    await db.update(profiles).set({ kids: false }).where(eq(profiles.id, kidId));
    const cleared = await app.as(token, '/me', { headers: cookie });
    expect(cleared.headers.get('set-cookie')).toBe('kids_gate=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    // Without the cookie nothing is said.
    expect((await app.as(token, '/me')).headers.get('set-cookie')).toBeNull();
    await db.update(profiles).set({ kids: true }).where(eq(profiles.id, kidId));
  });

  it('keeps a kids profile from changing profiles, PINs or rules', async () => {
    const locked = await as(`/me/family/profiles/${kidId}/kids`, { json: { kids: false }, pin: '1234' });
    expect(locked.status).toBe(403);
    expect(
      (await as('/me/family/rules', { json: { leave_kids: false, edit_profiles: false, purchase: false } }))
        .status,
    ).toBe(403);
  });

  it('asks for the PIN to choose a profile that has one, and limits wrong tries', async () => {
    const asked = await select(mainId);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ code: 'pin_required', pin: 'profile' });
    for (let i = 0; i < 5; i++) {
      const wrong = await select(mainId, '0000');
      expect(wrong.status).toBe(422);
      expect((await wrong.json()).errors.pin).toEqual(['رمز چهاررقمی درست نیست']);
    }
    // The sixth try is refused before any check, even the right PIN.
    const limited = await select(mainId, '1234');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    app.clock.advance(15 * MINUTE);
    expect((await select(mainId, '1234')).status).toBe(200);
    // A right PIN is not counted: four more wrong ones still leave room for the right one.
    for (let i = 0; i < 4; i++)
      expect((await select(kidId)).status + (await select(mainId, '9999')).status).toBe(622);
    expect((await select(mainId, '1234')).status).toBe(200);
  });

  it('asks for the main PIN to leave the kids profile when the account says so', async () => {
    app.clock.advance(15 * MINUTE);
    expect(
      (await as('/me/family/rules', { json: { leave_kids: true, edit_profiles: true, purchase: true } }))
        .status,
    ).toBe(403);
    const rules = await as('/me/family/rules', {
      json: { leave_kids: true, edit_profiles: true, purchase: true },
      pin: '1234',
    });
    expect(rules.status).toBe(200);
    expect((await rules.json()).rules).toEqual({ leave_kids: true, edit_profiles: true, purchase: true });
    // Editing profiles now takes the main PIN, in the family settings and in the profile forms.
    const rename = new FormData();
    rename.set('name', 'Kiddo');
    expect((await app.as(token, `/me/profiles/${kidId}`, { method: 'POST', body: rename })).status).toBe(403);
    expect((await as(`/me/family/profiles/${kidId}/pin`, { json: { pin: '4321' } })).status).toBe(403);
    expect(
      (await as(`/me/family/profiles/${kidId}/pin`, { json: { pin: '4321' }, pin: '1234' })).status,
    ).toBe(200);
    expect((await select(kidId, '4321')).status).toBe(200);
    // The kid's own PIN does not open the main profile, nor leave the kids profile.
    expect((await select(mainId, '4321')).status).toBe(422);
  });

  it("keeps the grown-ups' account routes from a kids profile until the main PIN leaves it", async () => {
    // On the kids profile (chosen above): settings, devices, wallet, payment methods, purchases,
    // receipts, tickets, shop orders and addresses are the grown-ups'.
    const grownUps: [string, { method?: string; json?: unknown }][] = [
      ['/me', { json: { name: 'Kid' } }],
      ['/me/delete-account', { json: {} }],
      ['/me/sessions', {}],
      ['/me/sessions/1', { method: 'DELETE' }],
      ['/me/wallet', {}],
      ['/me/direct-debit', {}],
      ['/me/orders', {}],
      ['/me/orders/1/receipt', {}],
      ['/me/cafe-tickets', {}],
      ['/me/shop/orders', {}],
      ['/me/addresses', {}],
    ];
    for (const [path, init] of grownUps) {
      const refused = await as(path, init);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toMatchObject({ code: 'not_available_on_profile' });
    }
    // Topping up the wallet too, even with the purchase PIN: the grown-up leaves the kids profile.
    const charge = { type: 'CHARGE_WALLET', amount: 1_000_000, currency: 'IRR', gateway: 'sandbox' };
    const topUp = await as('/payments', { json: charge, pin: '1234' });
    expect(topUp.status).toBe(403);
    expect(await topUp.json()).toMatchObject({ code: 'not_available_on_profile' });
    // The kids profile's own things and the way out stay open to it.
    for (const path of ['/me', '/me/profiles', '/me/family', '/me/favorite', '/me/continue-watching'])
      expect((await as(path)).status, path).toBe(200);
    // Without a login the routes still say 401, not what a kids profile hears.
    expect((await app.request('/me/wallet')).status).toBe(401);

    // Leaving the kids profile is the PIN step: once the main profile watches, they open.
    expect(await (await select(mainId)).json()).toMatchObject({ code: 'pin_required', pin: 'main' });
    expect((await select(mainId, '1234')).status).toBe(200);
    for (const path of ['/me/wallet', '/me/orders', '/me/sessions', '/me/addresses'])
      expect((await as(path)).status, path).toBe(200);
    expect((await as('/payments', { json: charge, pin: '1234' })).status).toBe(201);
    // No direct debit signed: the grown-up hears so.
    expect((await as('/me/direct-debit')).status).toBe(404);
    expect((await select(kidId, '4321')).status).toBe(200);

    // The pages (src/middleware.ts) answer the kids cookie's browser "ask a grown-up" in their place:
    // every account page in either language, but the profile's own favourites and the way out.
    const gate = /^kids_gate=([0-9a-f]{64})/.exec((await as('/me')).headers.get('set-cookie') ?? '')![1]!;
    const instead = async (path: string) => (await kidsPageOf(app.ctx, `kids_gate=${gate}`, path)).instead;
    for (const path of [
      '/account',
      '/en/account/',
      '/account/wallet',
      '/en/account/direct-debit',
      '/account/purchases/7/receipt',
      '/account/profiles',
      '/en/account/devices',
      '/account/addresses',
    ])
      expect(await instead(path), path).toBe('/ask-a-grown-up');
    for (const path of ['/account/favorites', '/en/account/favorites', '/profiles', '/', '/payments/7'])
      expect(await instead(path), path).toBeNull();
    expect(await instead(`/movies/${adult}`)).toBe('/not-on-profile');
  });

  it('refuses a purchase without the purchase PIN and accepts it with it', async () => {
    const monthly = await packageId(app, 'monthly');
    const request = { type: 'SUBSCRIPTION', item_id: monthly, gateway: 'sandbox' };
    const refused = await as('/payments', { json: request });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'pin_required', pin: 'main' });
    expect((await as('/payments', { json: request, pin: '4321' })).status).toBe(422);
    expect((await as('/payments', { json: request, pin: '1234' })).status).toBe(201);
  });

  it('resets a forgotten main PIN with a login code', async () => {
    app.clock.advance(15 * MINUTE);
    expect((await select(mainId, '1234')).status).toBe(200);
    const sent = await as('/me/family/pin-reset/send', { method: 'POST' });
    expect(sent.status).toBe(200);
    const { remember_token } = await sent.json();
    const wrong = await as('/me/family/pin-reset', { json: { remember_token, code: '000000', pin: '2468' } });
    expect(wrong.status).toBe(422);
    const code = await app.lastCode(phone);
    const reset = await as('/me/family/pin-reset', { json: { remember_token, code, pin: '2468' } });
    expect(reset.status).toBe(200);
    expect((await select(kidId, '4321')).status).toBe(200);
    expect((await select(mainId, '1234')).status).toBe(422);
    expect((await select(mainId, '2468')).status).toBe(200);
    // The code is used up.
    expect((await as('/me/family/pin-reset', { json: { remember_token, code, pin: '1111' } })).status).toBe(
      422,
    );
  });
});
