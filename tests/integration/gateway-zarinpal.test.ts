import { describe, expect, it } from 'vitest';
import type { Wallet } from '~/shared/commerce';
import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { expectBooksBalanced, newViewer, pricedTitle } from './commerce-fixtures';
import { atGateway, describeGatewayProtocol, returnToShop, sessionOf } from './gateway-suite';

const env = describeGatewayProtocol({
  gateway: 'zarinpal',
  currency: 'IRR',
  makeFake: (clock) => zarinpalFake({ clock }),
  redirectMethod: 'GET',
  verifyWithinMinutes: 20,
  undeliverable: 'reversed',
  fulfilledAtGateway: 'verified',
  tellsDeclined: false,
});

describe('zarinpal: a reversal the gateway could not answer', () => {
  it('is asked again by reconciliation, and credited to the wallet once Zarinpal refuses (-63)', async () => {
    const film = await pricedTitle(env.app);
    const viewer = await newViewer(env.app);
    const buy = () => viewer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'zarinpal' });
    const [first, second] = [await buy(), await buy()];
    expect((await returnToShop(env.app, await atGateway(first, 'pay'))).status).toBe(303);
    const back = await atGateway(second, 'pay');
    env.fake.hang.add('reverse');
    try {
      expect((await returnToShop(env.app, back)).status).toBe(303);
      // Verified, marked for reversal, never delivered while Zarinpal does not answer.
      expect((await viewer.payment(second.payment.id)).status).toBe('verified');
    } finally {
      env.fake.hang.delete('reverse');
    }
    env.app.clock.advance(31 * 60);
    await reconcilePayments(env.app.ctx);
    const credited = await viewer.payment(second.payment.id);
    expect(credited.status).toBe('credited');
    expect((await sessionOf(env, second.payment.id)).status).toBe('verified');
    const wallet = (await (await env.app.as(viewer.token, '/me/wallet')).json()) as Wallet;
    expect(wallet.balances.find((line) => line.currency === 'IRR')?.balance).toBe(credited.total);
    await expectBooksBalanced(env.app);
  });
});
