import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  digits,
  jsonBody,
  lapseIfLate,
  minutesSince,
  mountPaymentPage,
  newSession,
  postBack,
  systemClock,
  unlessHanging,
  type FakeClock,
  type FakeSession,
  type GatewayFake,
} from './kit.ts';

/**
 * Saman's OnlinePG (GATEWAYS.md §3) as a local fake: /onlinepg/onlinepg hands out tokens, the page at
 * /OnlinePG/OnlinePG takes the posted Token and posts State/Status/RefNum back, VerifyTransaction
 * answers 0 then 2 with the transaction's OrginalAmount (-2 unknown, 5 reversed, -6 past 30 minutes),
 * ReverseTransaction 0 then 2 (-6 past 50 minutes).
 */

export const SAMAN_FAKE_TERMINAL = '21003200';
const VERIFY_WITHIN_MINUTES = 30;
const REVERSE_WITHIN_MINUTES = 50;

interface SamanSession extends FakeSession {
  resNum: string;
  redirectUrl: string;
}

export function samanFake({ clock = systemClock }: { clock?: FakeClock } = {}): GatewayFake<SamanSession> {
  const sessions = new Map<string, SamanSession>();
  const hang = new Set<string>();
  const app = new Hono();

  app.post('/onlinepg/onlinepg', async (c) => {
    await unlessHanging(hang, 'request');
    const body = await jsonBody(c);
    const refuse = (errorCode: number, errorDesc: string) => c.json({ status: -1, errorCode, errorDesc });
    if (body['action'] !== 'token') return refuse(5, 'InvalidParameters');
    if (body['TerminalId'] !== SAMAN_FAKE_TERMINAL) return refuse(12, 'TerminalNotFound');
    const amount = body['Amount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return refuse(5, 'InvalidParameters');
    }
    if (!body['ResNum'] || !body['RedirectUrl']) return refuse(5, 'InvalidParameters');
    const token = randomBytes(16).toString('hex');
    sessions.set(token, {
      ...newSession(amount, 'IRR', `ResNum ${String(body['ResNum'])}`),
      resNum: String(body['ResNum']),
      redirectUrl: String(body['RedirectUrl']),
    });
    return c.json({ status: 1, token });
  });

  /** The transaction a RefNum names, after SEP's own clock had its say. */
  function transactionOf(body: Record<string, unknown>): SamanSession | undefined {
    for (const session of sessions.values()) {
      if (session.trace !== null && session.trace === body['RefNum']) {
        lapseIfLate(session, clock, VERIFY_WITHIN_MINUTES);
        return session;
      }
    }
    return undefined;
  }

  const answer = (code: number, description: string, session?: SamanSession) => ({
    ResultCode: code,
    ResultDescription: description,
    Success: code === 0 || code === 2,
    TransactionDetail: session
      ? {
          RRN: session.trace,
          RefNum: session.trace,
          MaskedPan: session.card,
          HashedPan: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
          TerminalNumber: Number(SAMAN_FAKE_TERMINAL),
          OrginalAmount: session.amount,
          AffectiveAmount: session.amount,
          StraceDate: session.paidAt?.toISOString() ?? null,
          StraceNo: session.trace?.slice(-6) ?? null,
        }
      : null,
  });

  app.post('/verifyTxnRandomSessionkey/ipg/VerifyTransaction', async (c) => {
    await unlessHanging(hang, 'verify');
    const body = await jsonBody(c);
    if (String(body['TerminalNumber']) !== SAMAN_FAKE_TERMINAL)
      return c.json(answer(-105, 'Terminal not found'));
    const session = transactionOf(body);
    if (!session) return c.json(answer(-2, 'Transaction not found'));
    if (session.status === 'reversed') {
      return minutesSince(clock, session.paidAt) > VERIFY_WITHIN_MINUTES
        ? c.json(answer(-6, 'More than 30 minutes since the transaction'))
        : c.json(answer(5, 'Transaction already reversed'));
    }
    if (session.status === 'verified') return c.json(answer(2, 'Duplicate request', session));
    session.status = 'verified';
    return c.json(answer(0, 'Success', session));
  });

  app.post('/verifyTxnRandomSessionkey/ipg/ReverseTransaction', async (c) => {
    await unlessHanging(hang, 'reverse');
    const body = await jsonBody(c);
    if (String(body['TerminalNumber']) !== SAMAN_FAKE_TERMINAL)
      return c.json(answer(-105, 'Terminal not found'));
    const session = transactionOf(body);
    if (!session) return c.json(answer(-2, 'Transaction not found'));
    if (session.status === 'reversed') return c.json(answer(2, 'Duplicate request', session));
    if (minutesSince(clock, session.paidAt) > REVERSE_WITHIN_MINUTES) {
      return c.json(answer(-6, 'Reversal window passed'));
    }
    session.status = 'reversed';
    return c.json(answer(0, 'Success', session));
  });

  mountPaymentPage(app, '/OnlinePG/OnlinePG', {
    title: { fa: 'سامان کیش (شبیه‌ساز)', en: 'Saman SEP (fake)' },
    clock,
    sessions,
    keyOf: (_c, form) => form['Token'],
    hidden: (key) => ({ Token: key }),
    returnOrigin: (session) => new URL(session.redirectUrl).origin,
    back(key, session) {
      const paid = session.status !== 'cancelled' && session.status !== 'declined';
      const [state, status] = paid
        ? ['OK', '2']
        : session.status === 'cancelled'
          ? ['CanceledByUser', '1']
          : ['Failed', '3'];
      return postBack(session.redirectUrl, {
        MID: SAMAN_FAKE_TERMINAL,
        TerminalId: SAMAN_FAKE_TERMINAL,
        State: state!,
        Status: status!,
        RRN: paid ? (session.trace ?? '') : '',
        RefNum: paid ? (session.trace ?? '') : '',
        ResNum: session.resNum,
        TraceNo: paid ? digits(6) : '',
        Amount: String(session.amount),
        Wage: '0',
        SecurePan: paid ? session.card : '',
        HashedCardNumber: paid ? '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69' : '',
        Token: key,
      });
    },
  });

  return {
    name: 'saman',
    app,
    sessions,
    hang,
    env: (origin) => ({ SEP_TERMINAL_ID: SAMAN_FAKE_TERMINAL, SEP_BASE_URL: origin }),
  };
}
