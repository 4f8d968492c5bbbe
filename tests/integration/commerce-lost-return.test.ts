import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayAdapter } from '~/server/commerce/gateways';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  atBank,
  expectBooksBalanced,
  newViewer,
  pricedTitle,
  returnFromBank,
  seedShop,
} from './commerce-fixtures';
import { en } from './playback-fixtures';

/**
 * Issue 24 (6): the viewer paid but the bank's return never reached us (a closed tab, a lost
 * connection). The result page asks the server to check with the bank when it opens (`check=1`); the
 * server verifies at once, through the same verify claim as the callback and reconciliation, so the
 * payment settles in seconds instead of at the next sweep, and never verifies twice at once. A card
 * the sandbox bank declined is reported as declined, not as cancelled.
 */
let app: AccountsApp;

beforeAll(async () => {
  app = await startAccountsApp();
  await seedShop(app);
});
afterAll(() => app.close());

/** Counts the sandbox adapter's verify calls, and the most that ran at once. */
function countVerifies(adapter: GatewayAdapter) {
  const original = adapter.verify.bind(adapter);
  const seen = { calls: 0, running: 0, most: 0 };
  adapter.verify = async (input) => {
    seen.calls++;
    seen.most = Math.max(seen.most, ++seen.running);
    try {
      // Slow enough that requests arriving together overlap.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return await original(input);
    } finally {
      seen.running--;
    }
  };
  return { seen, restore: () => (adapter.verify = original) };
}

describe('a lost return from the bank', () => {
  it('the result page’s check settles a paid payment at once, verifying it once however many ask', async () => {
    const film = await pricedTitle(app);
    const viewer = await newViewer(app);
    const created = await viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await atBank(app, created, 'pay'); // paid, but the browser never comes back to our callback
    const look = (check: boolean) =>
      app.as(viewer.token, `/payments/${created.payment.id}${check ? '?check=1' : ''}`, { headers: en });
    const waiting = (await (await look(false)).json()).payment;
    expect(waiting.status).toBe('at_gateway');
    expect(Date.parse(waiting.expires_at)).toBeGreaterThan(Date.parse(waiting.created_at));

    const adapter = app.ctx.gateways.get('sandbox')!;
    const { seen, restore } = countVerifies(adapter);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => look(true)));
      expect(seen.most).toBe(1);
      const statuses = await Promise.all(answers.map(async (res) => (await res.json()).payment.status));
      expect(statuses).toContain('fulfilled');
    } finally {
      restore();
    }
    expect((await (await look(false)).json()).payment.status).toBe('fulfilled');
    await expectBooksBalanced(app);
  });

  it('a check of a payment the viewer has not paid yet leaves it waiting at the bank', async () => {
    const viewer = await newViewer(app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
    });
    const res = await app.as(viewer.token, `/payments/${created.payment.id}?check=1`);
    expect((await res.json()).payment.status).toBe('at_gateway');
  });

  it('a client asking in a loop has the bank asked at most six times a minute; then again', async () => {
    const viewer = await newViewer(app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
    });
    const look = () => app.as(viewer.token, `/payments/${created.payment.id}?check=1`);
    const { seen, restore } = countVerifies(app.ctx.gateways.get('sandbox')!);
    try {
      for (let asked = 0; asked < 20; asked++) {
        const res = await look();
        expect(res.status).toBe(200);
        expect((await res.json()).payment.status).toBe('at_gateway');
      }
      expect(seen.calls).toBe(6);
      app.clock.advance(60);
      await look();
      expect(seen.calls).toBe(7);
    } finally {
      restore();
    }
  });

  it('a card the bank declined is reported as declined, not as cancelled', async () => {
    const viewer = await newViewer(app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
    });
    await returnFromBank(app, await atBank(app, created, 'decline'));
    const res = await app.as(viewer.token, `/payments/${created.payment.id}`, { headers: en });
    const { payment } = await res.json();
    expect(payment.status).toBe('failed');
    expect(payment.note).toBe(
      'Your card was declined by the bank; no money was taken. Try again with another card or gateway.',
    );
    const cancelled = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(app),
      gateway: 'sandbox',
    });
    await returnFromBank(app, await atBank(app, cancelled, 'cancel'));
    expect((await viewer.payment(cancelled.payment.id)).status).toBe('cancelled');
  });
});
