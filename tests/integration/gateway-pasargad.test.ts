import { describe, expect, it } from 'vitest';
import { pasargadFake } from '~/server/commerce/gateways/fakes/pasargad';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { newViewer, pricedTitle } from './commerce-fixtures';
import { atGateway, describeGatewayProtocol, returnToShop } from './gateway-suite';

const env = describeGatewayProtocol({
  gateway: 'pasargad',
  currency: 'IRR',
  makeFake: (clock) => pasargadFake({ clock }),
  redirectMethod: 'GET',
  verifyWithinMinutes: 25,
  undeliverable: 'reversed',
  fulfilledAtGateway: 'settled',
  tellsDeclined: true,
});

describe('pasargad: the bearer token', () => {
  it('is fetched again once its 10 minutes are over', async () => {
    const viewer = await newViewer(env.app);
    const buy = async () =>
      viewer.buy({ type: 'BUY_MOVIE', item_id: await pricedTitle(env.app), gateway: 'pasargad' });
    const first = await buy();
    env.app.clock.advance(11 * 60);
    const second = await buy();
    for (const created of [first, second]) {
      expect((await returnToShop(env.app, await atGateway(created, 'pay'))).status).toBe(303);
    }
    // The first payment came back after 11 minutes: still inside Pasargad's 25.
    expect((await viewer.payment(first.payment.id)).status).toBe('fulfilled');
    expect((await viewer.payment(second.payment.id)).status).toBe('fulfilled');
  });

  it('a payment whose browser never came back is settled by inquiry', async () => {
    const viewer = await newViewer(env.app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(env.app),
      gateway: 'pasargad',
    });
    await atGateway(created, 'pay');
    env.app.clock.advance(120);
    await reconcilePayments(env.app.ctx);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
  });
});
