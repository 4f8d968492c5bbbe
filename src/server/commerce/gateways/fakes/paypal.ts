import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  jsonBody,
  mountPaymentPage,
  newSession,
  redirectBack,
  systemClock,
  unlessHanging,
  type FakeClock,
  type FakeSession,
  type GatewayFake,
} from './kit.ts';

/**
 * PayPal's Orders v2 (GATEWAYS.md §5) as a local fake: client-credentials tokens, orders created
 * and captured with PayPal-Request-Id (the same id again answers the first result with 200), the
 * approval page at /checkoutnow?token=, capture errors as PayPal words them (422
 * ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, INSTRUMENT_DECLINED for a card declined on the page).
 */

export const PAYPAL_FAKE = { clientId: 'fake-client-id', secret: 'fake-secret-1404' };

interface PayPalSession extends FakeSession {
  returnUrl: string;
  cancelUrl: string;
  referenceId: string;
  /** Created with the deprecated application_context: an order waiting for its payer is CREATED. */
  legacy: boolean;
  /** The order's own representation as created. */
  links: { href: string; rel: string; method: string }[];
}

const ORDER_STATUS: Record<string, string> = {
  pending: 'PAYER_ACTION_REQUIRED',
  cancelled: 'PAYER_ACTION_REQUIRED',
  paid: 'APPROVED',
  // A card refused by the bank shows only at capture.
  declined: 'APPROVED',
  verified: 'COMPLETED',
};

const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function problem(c: Context, status: 401 | 404 | 422 | 400, name: string, issue?: string) {
  return c.json(
    {
      name,
      message: issue ?? name,
      debug_id: randomBytes(6).toString('hex'),
      details: issue ? [{ issue, description: issue }] : [],
      links: [],
    },
    status,
  );
}

export function paypalFake({ clock = systemClock }: { clock?: FakeClock } = {}): GatewayFake<PayPalSession> {
  const sessions = new Map<string, PayPalSession>();
  const tokens = new Set<string>();
  /** PayPal-Request-Id → the status and body first answered. */
  const replies = new Map<string, { status: 200 | 201; body: unknown }>();
  const hang = new Set<string>();
  const app = new Hono();

  app.post('/v1/oauth2/token', async (c) => {
    await unlessHanging(hang, 'token');
    const expected = `Basic ${Buffer.from(`${PAYPAL_FAKE.clientId}:${PAYPAL_FAKE.secret}`).toString('base64')}`;
    const form = await c.req.parseBody();
    if (c.req.header('authorization') !== expected || form['grant_type'] !== 'client_credentials') {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    }
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    return c.json({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE1404',
      expires_in: 32400,
      nonce: randomBytes(8).toString('hex'),
    });
  });

  app.use('/v2/*', async (c, next) => {
    if (!tokens.has((c.req.header('authorization') ?? '').replace(/^Bearer /, ''))) {
      return problem(c, 401, 'AUTHENTICATION_FAILURE');
    }
    return next();
  });

  function representation(id: string, session: PayPalSession) {
    const amount = { currency_code: session.currency, value: dollars(session.amount) };
    return {
      id,
      intent: 'CAPTURE',
      status:
        session.legacy && session.status === 'pending'
          ? 'CREATED'
          : (ORDER_STATUS[session.status] ?? 'VOIDED'),
      purchase_units: [
        {
          reference_id: session.referenceId,
          amount,
          ...(session.status === 'verified'
            ? {
                payments: {
                  captures: [{ id: session.trace, status: 'COMPLETED', amount, final_capture: true }],
                },
              }
            : {}),
        },
      ],
      links: session.links,
    };
  }

  /** Answers a request id seen before with its first result, 200 this time. */
  function replayed(c: Context): Response | undefined {
    const earlier = replies.get(c.req.header('paypal-request-id') ?? '');
    return earlier ? c.json(earlier.body, 200) : undefined;
  }
  function remember(c: Context, body: unknown): Response {
    const requestId = c.req.header('paypal-request-id');
    if (requestId) replies.set(requestId, { status: 201, body });
    return c.json(body, 201);
  }

  app.post('/v2/checkout/orders', async (c) => {
    await unlessHanging(hang, 'request');
    const again = replayed(c);
    if (again) return again;
    const body = await jsonBody(c);
    const unit = (
      body['purchase_units'] as
        { amount?: { currency_code?: string; value?: string }; reference_id?: string }[] | undefined
    )?.[0];
    const experience = (
      body['payment_source'] as { paypal?: { experience_context?: Record<string, string> } } | undefined
    )?.paypal?.experience_context;
    // The deprecated top-level application_context still works at PayPal; its approval link is
    // rel "approve" (experience_context's is "payer-action").
    const legacy = body['application_context'] as Record<string, string> | undefined;
    const context = experience ?? legacy;
    const value = /^(\d+)\.(\d{2})$/.exec(unit?.amount?.value ?? '');
    if (
      body['intent'] !== 'CAPTURE' ||
      unit?.amount?.currency_code !== 'USD' ||
      !value ||
      !context?.['return_url'] ||
      !context['cancel_url']
    ) {
      return problem(c, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    }
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const origin = new URL(c.req.url).origin;
    const session: PayPalSession = {
      ...newSession(Number(value[1]) * 100 + Number(value[2]), 'USD', `PayPal order ${id}`),
      returnUrl: context['return_url'],
      cancelUrl: context['cancel_url'],
      referenceId: unit.reference_id ?? 'default',
      legacy: !experience,
      links: [
        { href: `${origin}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        {
          href: `${origin}/checkoutnow?token=${id}`,
          rel: experience ? 'payer-action' : 'approve',
          method: 'GET',
        },
      ],
    };
    sessions.set(id, session);
    return remember(c, representation(id, session));
  });

  app.get('/v2/checkout/orders/:id', async (c) => {
    await unlessHanging(hang, 'inquiry');
    const session = sessions.get(c.req.param('id'));
    if (!session) return problem(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    return c.json(representation(c.req.param('id'), session));
  });

  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    await unlessHanging(hang, 'verify');
    const again = replayed(c);
    if (again) return again;
    const id = c.req.param('id');
    const session = sessions.get(id);
    if (!session) return problem(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (session.status === 'verified')
      return problem(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (session.status === 'declined') return problem(c, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    if (session.status !== 'paid') return problem(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    session.status = 'verified';
    return remember(c, representation(id, session));
  });

  mountPaymentPage(app, '/checkoutnow', {
    title: { fa: 'پی‌پال (شبیه‌ساز)', en: 'PayPal (fake)' },
    clock,
    sessions,
    keyOf: (c) => c.req.query('token'),
    hidden: () => ({}),
    returnOrigin: (session) => new URL(session.returnUrl).origin,
    back(key, session) {
      const url = new URL(session.status === 'cancelled' ? session.cancelUrl : session.returnUrl);
      url.searchParams.set('token', key);
      if (session.status !== 'cancelled') url.searchParams.set('PayerID', 'FAKEPAYER1404');
      return redirectBack(url.toString());
    },
  });

  return {
    name: 'paypal',
    app,
    sessions,
    hang,
    env: (origin) => ({
      PAYPAL_CLIENT_ID: PAYPAL_FAKE.clientId,
      PAYPAL_SECRET: PAYPAL_FAKE.secret,
      PAYPAL_BASE_URL: origin,
    }),
  };
}
