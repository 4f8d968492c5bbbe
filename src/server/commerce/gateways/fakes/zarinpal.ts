import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import {
  jsonBody,
  lapseIfLate,
  minutesSince,
  mountPaymentPage,
  newSession,
  redirectBack,
  systemClock,
  unlessHanging,
  type FakeClock,
  type FakeSession,
  type GatewayFake,
} from './kit.ts';
import { mountPayman, type PaymanFake } from './payman.ts';

/**
 * Zarinpal v4 (GATEWAYS.md §1) as a local fake: request.json, StartPay, verify.json (100, then 101;
 * -50 amount, -51 unpaid, -54 unknown), inquiry.json, unVerified.json (paid and not verified),
 * reverse.json (30 minutes: -63 after, -61 when already reversed). Money not verified within VERIFY_WITHIN_MINUTES goes back to the card (the real
 * window is unconfirmed; docs/decisions/0021-payment-gateways.md).
 */

export const ZARINPAL_FAKE_MERCHANT = '4c1b9a5e-7d2f-4e8a-9b3c-1f2e3d4c5b6a';
const VERIFY_WITHIN_MINUTES = 20;
const REVERSE_WITHIN_MINUTES = 30;

interface ZarinpalSession extends FakeSession {
  callbackUrl: string;
}

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const ok = (data: Record<string, unknown>) => ({ data: { ...data }, errors: [] });
const fail = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

export type ZarinpalFake = GatewayFake<ZarinpalSession> & { payman: PaymanFake };

export function zarinpalFake({ clock = systemClock }: { clock?: FakeClock } = {}): ZarinpalFake {
  const sessions = new Map<string, ZarinpalSession>();
  const hang = new Set<string>();
  const app = new Hono();

  /** The session of a merchant call, after the bank's own clock had its say. */
  async function sessionOf(body: Record<string, unknown>) {
    if (body['merchant_id'] !== ZARINPAL_FAKE_MERCHANT) return { error: fail(-10, 'Terminal is not valid.') };
    const session = sessions.get(String(body['authority']));
    if (!session) return { error: fail(-54, 'Invalid authority.') };
    lapseIfLate(session, clock, VERIFY_WITHIN_MINUTES);
    return { session };
  }

  app.post('/pg/v4/payment/request.json', async (c) => {
    await unlessHanging(hang, 'request');
    const body = await jsonBody(c);
    if (body['merchant_id'] !== ZARINPAL_FAKE_MERCHANT)
      return c.json(fail(-10, 'Terminal is not valid.'), 400);
    const amount = body['amount'];
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1000 || !body['callback_url']) {
      return c.json(fail(-9, 'The input params invalid, validation error.'), 400);
    }
    let authority = 'A';
    for (let i = 0; i < 35; i++) authority += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
    sessions.set(authority, {
      ...newSession(amount, 'IRR', String(body['description'] ?? '')),
      callbackUrl: String(body['callback_url']),
    });
    return c.json(ok({ code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }));
  });

  app.post('/pg/v4/payment/verify.json', async (c) => {
    await unlessHanging(hang, 'verify');
    const body = await jsonBody(c);
    const { session, error } = await sessionOf(body);
    if (!session) return c.json(error, 400);
    if (session.amount !== body['amount']) {
      return c.json(fail(-50, 'Session is not valid, amounts values is not the same.'), 400);
    }
    if (session.status !== 'paid' && session.status !== 'verified') {
      return c.json(fail(-51, 'Session is not valid, session is not active paid try.'), 400);
    }
    const first = session.status === 'paid';
    session.status = 'verified';
    return c.json(
      ok({
        code: first ? 100 : 101,
        message: first ? 'Paid' : 'Verified',
        card_pan: session.card,
        ref_id: Number(session.trace),
        fee_type: 'Merchant',
        fee: 0,
      }),
    );
  });

  app.post('/pg/v4/payment/inquiry.json', async (c) => {
    await unlessHanging(hang, 'inquiry');
    const { session, error } = await sessionOf(await jsonBody(c));
    if (!session) return c.json(error, 400);
    const status = { pending: 'IN_BANK', paid: 'PAID', verified: 'VERIFIED', reversed: 'REVERSED' }[
      session.status as 'pending'
    ];
    return c.json(ok({ code: 100, message: 'Success', status: status ?? 'FAILED' }));
  });

  // The last 100 sessions paid and not verified (money the merchant has not claimed yet).
  app.post('/pg/v4/payment/unVerified.json', async (c) => {
    await unlessHanging(hang, 'inquiry');
    if ((await jsonBody(c))['merchant_id'] !== ZARINPAL_FAKE_MERCHANT) {
      return c.json(fail(-10, 'Terminal is not valid.'), 400);
    }
    const authorities = [...sessions]
      .filter(([, session]) => {
        lapseIfLate(session, clock, VERIFY_WITHIN_MINUTES);
        return session.status === 'paid';
      })
      .slice(-100)
      .map(([authority, session]) => ({
        authority,
        amount: session.amount,
        callback_url: session.callbackUrl,
        referer: '',
        date: session.paidAt?.toISOString() ?? '',
      }));
    return c.json(ok({ code: 100, message: 'Success', authorities }));
  });

  app.post('/pg/v4/payment/reverse.json', async (c) => {
    await unlessHanging(hang, 'reverse');
    const { session, error } = await sessionOf(await jsonBody(c));
    if (!session) return c.json(error, 400);
    if (session.status !== 'verified') {
      return c.json(fail(-61, 'Session is not in success status.'), 400);
    }
    if (minutesSince(clock, session.paidAt) > REVERSE_WITHIN_MINUTES) {
      return c.json(fail(-63, 'Maximum time for reverse this session is expired.'), 400);
    }
    session.status = 'reversed';
    return c.json(ok({ code: 100, message: 'Reversed' }));
  });

  mountPaymentPage(app, '/pg/StartPay/:authority', {
    title: { fa: 'زرین‌پال (شبیه‌ساز)', en: 'Zarinpal (fake)' },
    clock,
    sessions,
    keyOf: (c) => c.req.param('authority'),
    hidden: () => ({}),
    returnOrigin: (session) => new URL(session.callbackUrl).origin,
    back(key, session) {
      const url = new URL(session.callbackUrl);
      url.searchParams.set('Authority', key);
      url.searchParams.set(
        'Status',
        session.status === 'paid' || session.status === 'verified' ? 'OK' : 'NOK',
      );
      return redirectBack(url.toString());
    },
  });

  const payman = mountPayman(app, { merchant: ZARINPAL_FAKE_MERCHANT, clock, hang, sessions });

  return {
    name: 'zarinpal',
    app,
    sessions,
    hang,
    payman,
    env: (origin) => ({
      ZARINPAL_MERCHANT_ID: ZARINPAL_FAKE_MERCHANT,
      ZARINPAL_BASE_URL: origin,
      ZARINPAL_PAYMAN: '1',
    }),
  };
}
