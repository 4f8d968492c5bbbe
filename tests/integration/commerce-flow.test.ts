import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { AMERICAN, IRANIAN } from './playback-fixtures';
import {
  expectBooksBalanced,
  FILM_IRR,
  newViewer,
  packageId,
  payAtBank,
  pricedTitle,
  seedShop,
  atBank,
  returnFromBank,
} from './commerce-fixtures';

let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

describe('buying with the sandbox bank', () => {
  it('buys a film: redirect, pay, callback, verify, fulfil, play; VAT on its own line', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const before = await app.as(viewer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(before.status).toBe(402);

    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    expect(created.payment).toMatchObject({
      status: 'at_gateway',
      currency: 'IRR',
      price: FILM_IRR,
      discount: 0,
      vat: 69_000,
      total: 759_000,
      gateway_part: 759_000,
      wallet_part: 0,
    });
    const landing = await payAtBank(app, created);
    expect(landing).toBe(`/payments/${created.payment.id}`);
    const paid = await viewer.payment(created.payment.id);
    expect(paid.status).toBe('fulfilled');
    expect(paid.reference).toMatch(/^\d{10,15}$/);

    const after = await app.as(viewer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(after.status).toBe(200);
    const again = await viewer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    expect(again.status).toBe(409);
    await expectBooksBalanced(app);
  });

  it('prices in dollars abroad, and the result page of an English payment is under /en', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const res = await app.as(viewer.token, '/payments', {
      json: { type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' },
      clientAddress: AMERICAN,
      headers: { 'accept-language-site': 'en' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.payment).toMatchObject({ currency: 'USD', price: 299, vat: 30, total: 329 });
    expect(await payAtBank(app, created)).toBe(`/en/payments/${created.payment.id}`);
  });

  it('cancelling at the bank ends the payment with a clear note and gives nothing', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await returnFromBank(app, await atBank(app, created, 'cancel'));
    const payment = await viewer.payment(created.payment.id);
    expect(payment.status).toBe('cancelled');
    expect(payment.note).toMatch(/لغو/);
    const play = await app.as(viewer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(play.status).toBe(402);
  });

  it('a subscription starts now and a second one extends it; a subscriber may then watch', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const monthly = await packageId(app, 'monthly');
    const first = await viewer.buy({ type: 'SUBSCRIPTION', item_id: monthly, gateway: 'sandbox' });
    await payAtBank(app, first);
    const ends = new Date((await viewer.payment(first.payment.id)).subscription_ends_at!);
    expect(ends.toISOString()).toBe('2026-04-21T08:00:00.000Z');
    const second = await viewer.buy({
      type: 'SUBSCRIPTION',
      item_id: await packageId(app, 'quarterly'),
      gateway: 'sandbox',
    });
    await payAtBank(app, second);
    expect((await viewer.payment(second.payment.id)).subscription_ends_at).toBe('2026-07-21T08:00:00.000Z');
    const play = await app.as(viewer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(play.status).toBe(200);
  });

  it('someone else’s payment is not found', async () => {
    const film = await pricedTitle(app);
    const owner = await newViewer(app);
    const other = await newViewer(app);
    const created = await owner.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    const res = await app.as(other.token, `/payments/${created.payment.id}`);
    expect(res.status).toBe(404);
  });
});

describe('deleting an account', () => {
  it('erases the person and keeps the payments, the ledger and the bought title', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await payAtBank(app, created);
    const res = await app.as(viewer.token, '/me/delete-account', { json: { password: 'secret-pass-1' } });
    expect(res.status).toBe(200);
    const { db } = app.ctx.database;
    const [payment] = await db.select().from(payments).where(eq(payments.id, created.payment.id));
    expect(payment).toMatchObject({ userId: viewer.userId, status: 'fulfilled', total: 759_000 });
    const [user] = await db.select().from(users).where(eq(users.id, viewer.userId));
    expect(user).toMatchObject({ name: '', phone: null, email: null });
    await expectBooksBalanced(app);
  });
});
