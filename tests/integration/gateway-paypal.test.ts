import { describe, expect, it } from 'vitest';
import { paypalFake, PAYPAL_FAKE } from '~/server/commerce/gateways/fakes/paypal';
import { centsToDecimal, decimalToCents } from '~/server/commerce/gateways/paypal';
import { newViewer, pricedTitle } from './commerce-fixtures';
import { atGateway, describeGatewayProtocol, returnToShop, sessionOf } from './gateway-suite';

const env = describeGatewayProtocol({
  gateway: 'paypal',
  currency: 'USD',
  makeFake: (clock) => paypalFake({ clock }),
  redirectMethod: 'GET',
  verifyWithinMinutes: null,
  undeliverable: 'credited',
  fulfilledAtGateway: 'verified',
  tellsDeclined: true,
});

describe('paypal: money and idempotency', () => {
  it('converts cents to decimal strings and back exactly', () => {
    for (const [cents, text] of [
      [0, '0.00'],
      [5, '0.05'],
      [329, '3.29'],
      [100_000, '1000.00'],
      [Number.MAX_SAFE_INTEGER - 1, '90071992547409.90'],
    ] as const) {
      expect(centsToDecimal(cents)).toBe(text);
    }
    expect(decimalToCents('12.34')).toBe(1234);
    expect(decimalToCents('12.3')).toBe(1230);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('1.005')).toBeNull();
    expect(decimalToCents('-1.00')).toBeNull();
  });

  async function token(): Promise<string> {
    const res = await fetch(`${env.served.origin}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${PAYPAL_FAKE.clientId}:${PAYPAL_FAKE.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return (await res.json()).access_token;
  }

  it('the fake answers a replayed capture 200 and a second capture 422 ORDER_ALREADY_CAPTURED', async () => {
    const viewer = await newViewer(env.app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(env.app),
      gateway: 'paypal',
      currency: 'USD',
    });
    expect((await returnToShop(env.app, await atGateway(created, 'pay'))).status).toBe(303);
    expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
    const orderId = new URL(created.redirect!.url).searchParams.get('token')!;
    const bearer = await token();
    const capture = (requestId: string) =>
      fetch(`${env.served.origin}/v2/checkout/orders/${orderId}/capture`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'paypal-request-id': requestId,
          'content-type': 'application/json',
        },
        body: '{}',
      });
    const replay = await capture(`capture-${orderId}`);
    expect(replay.status).toBe(200);
    expect((await replay.json()).purchase_units[0].payments.captures[0].id).toBe(
      (await sessionOf(env, created.payment.id)).trace,
    );
    const second = await capture('another-id');
    expect(second.status).toBe(422);
    expect((await second.json()).details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
  });

  it('an order captured under another request id is read, not captured twice', async () => {
    const viewer = await newViewer(env.app);
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: await pricedTitle(env.app),
      gateway: 'paypal',
      currency: 'USD',
    });
    const back = await atGateway(created, 'pay');
    const orderId = new URL(back.url).searchParams.get('token')!;
    // Someone (a webhook handler, another tool) captured it first.
    const first = await fetch(`${env.served.origin}/v2/checkout/orders/${orderId}/capture`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await token()}`,
        'paypal-request-id': 'elsewhere',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(first.status).toBe(201);
    expect((await returnToShop(env.app, back)).status).toBe(303);
    const payment = await viewer.payment(created.payment.id);
    expect(payment.status).toBe('fulfilled');
    expect(payment.reference).toBe((await sessionOf(env, created.payment.id)).trace);
  });

  it('the fake takes the deprecated application_context form real PayPal still accepts', async () => {
    const bearer = await token();
    const create = (body: Record<string, unknown>) =>
      fetch(`${env.served.origin}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'USD', value: '3.29' }, reference_id: 'legacy' }],
          ...body,
        }),
      });
    const res = await create({
      application_context: {
        return_url: 'http://127.0.0.1:9/back',
        cancel_url: 'http://127.0.0.1:9/cancelled',
        brand_name: 'Cinemakhaneh',
        user_action: 'PAY_NOW',
      },
    });
    expect(res.status).toBe(201);
    const order = await res.json();
    expect(order.status).toBe('CREATED');
    const approve = order.links.find((link: { rel: string }) => link.rel === 'approve');
    expect(approve?.href).toBe(`${env.served.origin}/checkoutnow?token=${order.id}`);
    // The approval page works and sends the payer to the legacy return_url.
    const page = await fetch(approve.href);
    expect(page.status).toBe(200);
    const paid = await fetch(approve.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:9/back\\?token=${order.id}`),
    );
    // Without either form there is nowhere to send the payer back: still refused.
    expect((await create({})).status).toBe(400);
  });
});
