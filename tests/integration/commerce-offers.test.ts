import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, pricedTitle, seedShop } from './commerce-fixtures';
import { AMERICAN, GERMAN, insertFestival, IRANIAN } from './playback-fixtures';

let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

const en = { 'accept-language-site': 'en' };

describe('prices and gateways', () => {
  it('GET /core/gateways: the sandbox bank, in the visitor’s currency or the asked one', async () => {
    const iran = await (await app.request('/core/gateways', { clientAddress: IRANIAN })).json();
    expect(iran).toEqual({
      gateways: [{ type: 'sandbox', title: 'درگاه آزمایشی', en_title: 'Sandbox bank', default: true }],
      default_gateway: 'sandbox',
      currency: 'IRR',
      location_currency: 'IRR',
      is_eea: false,
    });
    const germany = await (await app.request('/core/gateways', { clientAddress: GERMAN })).json();
    expect(germany).toMatchObject({ currency: 'USD', location_currency: 'USD', is_eea: true });
    const asked = await (await app.request('/core/gateways?currency=IRR', { clientAddress: GERMAN })).json();
    expect(asked).toMatchObject({ currency: 'IRR', location_currency: 'USD' });
  });

  it('GET /core/packages: four packages, one currency, VAT included in the total', async () => {
    const body = await (await app.request('/core/packages?currency=USD', { clientAddress: IRANIAN })).json();
    expect(body.currency).toBe('USD');
    expect(body.packages.map((p: { months: number }) => p.months)).toEqual([1, 3, 6, 12]);
    expect(body.packages[0]).toMatchObject({
      slug: 'monthly',
      currency: 'USD',
      price: 499,
      vat: 50,
      total: 549,
    });
  });

  it('purchase-info: the title alone, the packages that include it, the wallet and what is held', async () => {
    const film = await pricedTitle(app);
    const anonymous = await (await app.request(`/purchase-info/${film}`, { clientAddress: AMERICAN })).json();
    expect(anonymous).toMatchObject({
      product_id: film,
      currency: 'USD',
      vat_percent: 10,
      options: [{ type: 'BUY_MOVIE', item_id: film, price: 299, vat: 30, total: 329, window_hours: 8 }],
      owned: null,
      wallet: null,
    });
    expect(anonymous.packages).toHaveLength(4);
    const viewer = await newViewer(app);
    const mine = await (
      await app.as(viewer.token, `/purchase-info/${film}?currency=IRR`, { clientAddress: AMERICAN })
    ).json();
    expect(mine).toMatchObject({ currency: 'IRR', wallet: { balance: 0 }, owned: null });
  });

  it('refusals: region, a title sold by nothing, an ended screening, the wrong endpoint', async () => {
    const iranOnly = await pricedTitle(app, { regions: ['IR'] });
    const abroad = await app.request(`/purchase-info/${iranOnly}`, { clientAddress: AMERICAN, headers: en });
    expect(abroad.status).toBe(403);
    expect((await abroad.json()).message).toBe('Item not available in your region.');
    const unsold = await pricedTitle(app, { sales: { inSubscription: false, purchasable: false } });
    const plans = await app.request(`/purchase-info/${unsold}`, { headers: en });
    expect(plans.status).toBe(403);
    expect((await plans.json()).message).toBe('Plans not available for this movie.');
    const ended = await pricedTitle(app, {
      kind: 'screening',
      startsAt: new Date('2026-03-20T08:00:00Z'),
      endsAt: new Date('2026-03-20T10:00:00Z'),
    });
    const over = await app.request(`/live-purchase-info/${ended}`, { headers: en });
    expect(over.status).toBe(410);
    expect((await over.json()).message).toBe('Screening has ended.');
    expect((await app.request(`/live-purchase-info/${iranOnly}`)).status).toBe(404);
  });

  it('a festival package and a screening ticket are sold by their own endpoints and issue tickets', async () => {
    const inProgramme = await pricedTitle(app);
    const festival = await insertFestival(app, [inProgramme]);
    await app.ctx.database.db.execute(`insert into product_prices values (${festival}, 2490000, 999)`);
    const info = await (
      await app.request(`/festival-purchase-info/${festival}`, { clientAddress: IRANIAN })
    ).json();
    expect(info.options).toEqual([
      expect.objectContaining({ type: 'BUY_FESTIVAL', price: 2_490_000, window_hours: null }),
    ]);
    expect(info.packages).toEqual([]);
  });
});

describe('quotes and discount codes', () => {
  it('a code is checked live: the discount line, or the reason in the viewer’s language', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const quote = async (code: string, headers: Record<string, string> = {}) =>
      app.as(viewer.token, '/payments/quote', {
        json: { type: 'BUY_MOVIE', item_id: film, currency: 'IRR', discount_code: code },
        headers,
      });
    const ok = await quote('demo-20');
    expect(await ok.json()).toMatchObject({
      price: 690_000,
      discount: 138_000,
      vat: 55_200,
      total: 607_200,
      discount_code: 'DEMO-20',
    });
    const unknown = await quote('NOPE', en);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ discount_code: ['This discount code does not exist.'] });
    await app.ctx.database.db.execute(
      `insert into discount_codes (code, kind, percent, valid_until) values ('OLD', 'percent', 10, '2026-01-01')`,
    );
    expect((await (await quote('OLD', en)).json()).errors.discount_code).toEqual([
      'This discount code has expired.',
    ]);
    await app.ctx.database.db.execute(
      `insert into discount_codes (code, kind, amount_irr) values ('TOMAN-ONLY', 'fixed', 100000)`,
    );
    const dollars = await app.as(viewer.token, '/payments/quote', {
      json: { type: 'BUY_MOVIE', item_id: film, currency: 'USD', discount_code: 'TOMAN-ONLY' },
      headers: en,
    });
    expect((await dollars.json()).errors.discount_code).toEqual([
      'This discount code does not apply in this currency.',
    ]);
    await app.ctx.database.db.execute(
      `insert into discount_codes (code, kind, percent, payment_types) values ('SUBS-ONLY', 'percent', 10, '{SUBSCRIPTION}')`,
    );
    expect((await (await quote('SUBS-ONLY', en)).json()).errors.discount_code).toEqual([
      'This discount code does not apply to this purchase.',
    ]);
  });

  it('a wallet charge takes an amount within bounds, no VAT and no code', async () => {
    const viewer = await newViewer(app);
    const small = await app.as(viewer.token, '/payments/quote', {
      json: { type: 'CHARGE_WALLET', amount: 50, currency: 'IRR' },
      headers: en,
    });
    expect(small.status).toBe(422);
    const ok = await app.as(viewer.token, '/payments/quote', {
      json: { type: 'CHARGE_WALLET', amount: 500_000, currency: 'IRR' },
    });
    expect(await ok.json()).toMatchObject({ price: 500_000, vat: 0, total: 500_000 });
    const coded = await app.as(viewer.token, '/payments/quote', {
      json: { type: 'CHARGE_WALLET', amount: 500_000, currency: 'IRR', discount_code: 'DEMO-20' },
    });
    expect(coded.status).toBe(422);
  });

  it('paying by wallet alone needs the whole total; login is required', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const res = await viewer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'wallet' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toHaveProperty('gateway');
    expect(
      (await app.request('/payments', { json: { type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' } }))
        .status,
    ).toBe(401);
  });
});
