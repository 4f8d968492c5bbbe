import { describe, expect, it } from 'vitest';
import { samanFake } from '~/server/commerce/gateways/fakes/saman';
import { expectBooksBalanced, newViewer, pricedTitle } from './commerce-fixtures';
import { atGateway, describeGatewayProtocol, returnToShop, sessionOf } from './gateway-suite';

const env = describeGatewayProtocol({
  gateway: 'saman',
  currency: 'IRR',
  makeFake: (clock) => samanFake({ clock }),
  redirectMethod: 'POST',
  verifyWithinMinutes: 30,
  undeliverable: 'reversed',
  fulfilledAtGateway: 'verified',
  tellsDeclined: true,
});

describe('saman: a RefNum pays once', () => {
  it('a callback presenting an earlier payment’s RefNum fails that payment', async () => {
    const viewer = await newViewer(env.app);
    const buy = async () =>
      viewer.buy({ type: 'BUY_MOVIE', item_id: await pricedTitle(env.app), gateway: 'saman' });
    const honest = await buy();
    const honestBack = await atGateway(honest, 'pay');
    expect((await returnToShop(env.app, honestBack)).status).toBe(303);
    expect((await viewer.payment(honest.payment.id)).status).toBe('fulfilled');

    // Same price, second payment: SEP re-confirms the old RefNum (ResultCode 2) with the same amount.
    const cheat = await buy();
    const cheatBack = await atGateway(cheat, 'cancel');
    const forged = {
      ...cheatBack,
      form: { ...cheatBack.form, RefNum: honestBack.form['RefNum']!, Status: '2' },
    };
    expect((await returnToShop(env.app, forged)).status).toBe(303);
    const refused = await viewer.payment(cheat.payment.id);
    expect(refused.status).toBe('failed');
    expect(refused.note).toMatch(/already used|پیش‌تر/);
    expect((await sessionOf(env, honest.payment.id)).status).toBe('verified');
    await expectBooksBalanced(env.app);
  });
});

describe('saman: verify keeps the money, so another amount is reversed at once', () => {
  it('fails the payment and gives the money back through ReverseTransaction', async () => {
    const viewer = await newViewer(env.app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(env.app),
      gateway: 'saman',
    });
    (await sessionOf(env, created.payment.id)).amount += 10;
    expect((await returnToShop(env.app, await atGateway(created, 'pay'))).status).toBe(303);
    expect((await viewer.payment(created.payment.id)).status).toBe('failed');
    expect((await sessionOf(env, created.payment.id)).status).toBe('reversed');
    await expectBooksBalanced(env.app);
  });
});
