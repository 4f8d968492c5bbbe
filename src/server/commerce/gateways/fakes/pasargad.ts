import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
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

/**
 * Pasargad's Dorsa REST gateway (GATEWAYS.md §4) as a local fake under /dorsa1: getToken (valid 10
 * minutes, then 401), purchase (13003 for an invoice seen before), the page at /pay/{urlId},
 * payment-inquiry, verify-transactions (0, then 13428; 13033 once the 25 minutes passed and the money
 * went back), confirm-transactions (0, then 13029; verified money confirms itself after the window),
 * reverse-transactions (0, then 13033; 13076 after 25 minutes, 13029 once confirmed).
 */

export const PASARGAD_FAKE = { terminal: '1000123', userName: 'ipgTestUser', password: 'fake-pass-1404' };
const TOKEN_MINUTES = 10;
const WINDOW_MINUTES = 25;

interface PasargadSession extends FakeSession {
  urlId: string;
  callbackApi: string;
  trackId: string;
}

/** Inquiry's data.status for each state of a session. */
const STATE_CODES: Record<string, number> = {
  pending: 13049,
  cancelled: 13045,
  declined: 13025,
  paid: 13031,
  verified: 13034,
  settled: 13029,
  reversed: 13033,
};

export function pasargadFake({
  clock = systemClock,
}: { clock?: FakeClock } = {}): GatewayFake<PasargadSession> {
  const sessions = new Map<string, PasargadSession>();
  const tokens = new Map<string, Date>();
  const hang = new Set<string>();
  const app = new Hono().basePath('/dorsa1');

  app.post('/token/getToken', async (c) => {
    await unlessHanging(hang, 'token');
    const body = await jsonBody(c);
    if (body['username'] !== PASARGAD_FAKE.userName || body['password'] !== PASARGAD_FAKE.password) {
      return c.json({ resultCode: 401, resultMsg: 'Unauthorized' }, 401);
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, clock.now());
    return c.json({
      resultCode: 0,
      resultMsg: 'Successful',
      token,
      username: body['username'],
      userId: 42,
      roles: ['IPG'],
    });
  });

  /** Bearer tokens live 10 minutes. */
  const authorized = (c: Context) => {
    const issued = tokens.get((c.req.header('authorization') ?? '').replace(/^Bearer /, ''));
    return issued !== undefined && minutesSince(clock, issued) < TOKEN_MINUTES;
  };

  /** The session of an invoice, after the switch's own clock had its say. */
  function sessionOf(invoice: unknown): PasargadSession | undefined {
    const session = sessions.get(String(invoice));
    if (session) {
      lapseIfLate(session, clock, WINDOW_MINUTES);
      if (session.status === 'verified' && minutesSince(clock, session.paidAt) > WINDOW_MINUTES) {
        session.status = 'settled';
      }
    }
    return session;
  }

  const data = (invoice: string, session: PasargadSession) => ({
    invoice,
    referenceNumber: session.trace,
    trackId: session.trackId,
    maskedCardNumber: session.card,
    hashedCardNumber: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
    requestDate: session.paidAt?.toISOString() ?? null,
    amount: session.amount,
  });

  type Handler = (
    body: Record<string, unknown>,
    c: Context,
  ) => { resultCode: number; resultMsg: string; data?: unknown };
  const operations: Record<string, [string, Handler]> = {
    purchase: [
      'request',
      (body, c) => {
        const invoice = String(body['invoice'] ?? '');
        const amount = body['amount'];
        if (
          typeof amount !== 'number' ||
          !Number.isSafeInteger(amount) ||
          amount <= 0 ||
          !invoice ||
          !body['callbackApi']
        ) {
          return { resultCode: 13000, resultMsg: 'Invalid input' };
        }
        if (String(body['terminalNumber']) !== PASARGAD_FAKE.terminal)
          return { resultCode: 13000, resultMsg: 'Invalid terminal' };
        if (sessions.has(invoice)) return { resultCode: 13003, resultMsg: 'Invoice is not unique' };
        const urlId = randomBytes(12).toString('hex');
        sessions.set(invoice, {
          ...newSession(amount, 'IRR', String(body['description'] ?? `Invoice ${invoice}`)),
          urlId,
          callbackApi: String(body['callbackApi']),
          trackId: randomBytes(6).toString('hex'),
        });
        return {
          resultCode: 0,
          resultMsg: 'Successful',
          data: { urlId, url: `${new URL(c.req.url).origin}/dorsa1/pay/${urlId}` },
        };
      },
    ],
    'payment-inquiry': [
      'inquiry',
      (body) => {
        const session = sessionOf(body['invoiceId']);
        if (!session) return { resultCode: 13016, resultMsg: 'Transaction not found' };
        const invoice = String(body['invoiceId']);
        return {
          resultCode: 0,
          resultMsg: 'Successful',
          data: {
            ...data(invoice, session),
            status: STATE_CODES[session.status],
            url: session.urlId,
            transactionId: session.trackId,
          },
        };
      },
    ],
    'verify-transactions': [
      'verify',
      (body) => {
        const session = sessionOf(body['invoice']);
        if (!session || session.urlId !== body['urlId'])
          return { resultCode: 13016, resultMsg: 'Transaction not found' };
        const invoice = String(body['invoice']);
        if (session.status === 'reversed') return { resultCode: 13033, resultMsg: 'Reversed' };
        if (session.status === 'verified' || session.status === 'settled') {
          return { resultCode: 13428, resultMsg: 'Already verified', data: data(invoice, session) };
        }
        if (session.status !== 'paid') return { resultCode: 13025, resultMsg: 'Unsuccessful' };
        session.status = 'verified';
        return { resultCode: 0, resultMsg: 'Successful', data: data(invoice, session) };
      },
    ],
    'confirm-transactions': [
      'settle',
      (body) => {
        const session = sessionOf(body['invoice']);
        if (!session || session.urlId !== body['urlId'])
          return { resultCode: 13016, resultMsg: 'Transaction not found' };
        if (session.status === 'reversed') return { resultCode: 13033, resultMsg: 'Reversed' };
        if (session.status === 'settled') return { resultCode: 13029, resultMsg: 'Confirmed' };
        if (session.status !== 'verified') return { resultCode: 13031, resultMsg: 'Awaiting verify' };
        session.status = 'settled';
        return { resultCode: 0, resultMsg: 'Successful', data: data(String(body['invoice']), session) };
      },
    ],
    'reverse-transactions': [
      'reverse',
      (body) => {
        const session = sessionOf(body['invoice']);
        if (!session || session.urlId !== body['urlId'])
          return { resultCode: 13016, resultMsg: 'Transaction not found' };
        if (session.status === 'reversed') return { resultCode: 13033, resultMsg: 'Reversed' };
        if (session.status === 'settled') return { resultCode: 13029, resultMsg: 'Confirmed' };
        if (session.status !== 'paid' && session.status !== 'verified')
          return { resultCode: 13025, resultMsg: 'Unsuccessful' };
        if (minutesSince(clock, session.paidAt) > WINDOW_MINUTES)
          return { resultCode: 13076, resultMsg: 'Reverse time expired' };
        session.status = 'reversed';
        return { resultCode: 0, resultMsg: 'Successful' };
      },
    ],
  };

  app.post('/api/payment/:operation', async (c) => {
    const operation = operations[c.req.param('operation')];
    if (!operation) return c.json({ resultCode: 13000, resultMsg: 'Unknown operation' }, 404);
    await unlessHanging(hang, operation[0]);
    if (!authorized(c)) return c.json({ resultCode: 401, resultMsg: 'Not authorized' }, 401);
    return c.json(operation[1](await jsonBody(c), c));
  });

  mountPaymentPage(app, '/pay/:urlId', {
    title: { fa: 'پاسارگاد (شبیه‌ساز)', en: 'Pasargad (fake)' },
    clock,
    sessions,
    keyOf: (c) => [...sessions].find(([, session]) => session.urlId === c.req.param('urlId'))?.[0],
    hidden: () => ({}),
    returnOrigin: (session) => new URL(session.callbackApi).origin,
    back(key, session) {
      const url = new URL(session.callbackApi);
      const paid = session.status !== 'cancelled' && session.status !== 'declined';
      url.searchParams.set('invoiceId', key);
      url.searchParams.set('status', paid ? 'success' : session.status === 'cancelled' ? 'cancel' : 'failed');
      if (paid) url.searchParams.set('referenceNumber', session.trace ?? '');
      url.searchParams.set('trackId', session.trackId);
      return redirectBack(url.toString());
    },
  });

  return {
    name: 'pasargad',
    app,
    sessions,
    hang,
    env: (origin) => ({
      PASARGAD_TERMINAL: PASARGAD_FAKE.terminal,
      PASARGAD_USERNAME: PASARGAD_FAKE.userName,
      PASARGAD_PASSWORD: PASARGAD_FAKE.password,
      PASARGAD_BASE_URL: `${origin}/dorsa1`,
    }),
  };
}
