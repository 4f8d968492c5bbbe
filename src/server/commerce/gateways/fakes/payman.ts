import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import {
  STYLE,
  digits,
  escapeHtml,
  jsonBody,
  redirectBack,
  unlessHanging,
  type FakeClock,
  type FakeSession,
} from './kit.ts';

/**
 * Zarinpal Payman (GATEWAYS.md §1b) inside the Zarinpal fake: request.json (a contract, ≥ 30 days),
 * banksList.json, the signing page StartPayman/{authority}/{bank} with sign / cancel, verify.json (the
 * signature, 200 characters), checkout.json (charges a payment session of request.json under a signed
 * contract within its limits; a repeat answers 101 with the same reference) and cancelContract.json.
 * A checked-out session is verified: verify.json answers it 101 like any paid session (assumed).
 */

export interface FakeContract {
  mobile: string;
  expiresAt: Date;
  maxAmount: number;
  maxDailyCount: number;
  maxMonthlyCount: number;
  callbackUrl: string;
  status: 'pending' | 'signed' | 'refused' | 'cancelled';
  bankCode: string | null;
  signature: string | null;
  /** When each charge under it happened. */
  charges: Date[];
}

export interface PaymanFake {
  contracts: Map<string, FakeContract>;
  /** Refuse this many of the next checkouts as the bank would for want of money (code -9 assumed). */
  refuseCheckouts: number;
}

export const PAYMAN_FAKE_BANKS = [
  {
    name: 'بانک سامان',
    slug: 'saman',
    bank_code: 'SABCIR',
    max_daily_amount: 500_000_000,
    max_daily_count: 10,
  },
  {
    name: 'بانک سینا',
    slug: 'sina',
    bank_code: 'SINAIR',
    max_daily_amount: 200_000_000,
    max_daily_count: null,
  },
];

const DAY_MS = 86_400_000;
const ok = (data: Record<string, unknown>) => ({ data: { ...data }, errors: [] });
const fail = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

/** `YYYY-MM-DD HH:MM:SS`, read as UTC. */
function parseDate(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}Z`);
}

const positive = (text: unknown) => typeof text === 'string' && /^[1-9]\d*$/.test(text);

function signingPage(contract: FakeContract, authority: string, bank: string, action: string): string {
  const amount = new Intl.NumberFormat('en-US').format(contract.maxAmount);
  const buttons = `<form method="post" action="${escapeHtml(action)}">
<button class="pay" name="action" value="sign">امضای قرارداد <span lang="en">· Sign the contract</span></button>
<button class="cancel" name="action" value="cancel">انصراف <span lang="en">· Cancel</span></button></form>`;
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>پرداخت مستقیم · Direct debit</title><style>${STYLE}</style></head><body><main>
<h1>پرداخت مستقیم زرین‌پال (شبیه‌ساز)</h1><p class="en" lang="en">Zarinpal direct debit (fake): ${escapeHtml(authority)}</p>
<dl><dt>بانک <span lang="en">Bank</span></dt><dd>${escapeHtml(bank)}</dd>
<dt>موبایل <span lang="en">Mobile</span></dt><dd class="card">${escapeHtml(contract.mobile)}</dd>
<dt>سقف هر برداشت <span lang="en">Per charge</span></dt><dd><bdi lang="en">${amount} rials</bdi></dd></dl>
${contract.status === 'pending' ? buttons : '<p role="status">این قرارداد پیش‌تر امضا یا لغو شده است. <span lang="en">Already signed or cancelled.</span></p>'}
</main></body></html>`;
}

export function mountPayman(
  app: Hono,
  options: {
    merchant: string;
    clock: FakeClock;
    hang: ReadonlySet<string>;
    sessions: Map<string, FakeSession>;
  },
): PaymanFake {
  const { clock, sessions } = options;
  const state: PaymanFake = { contracts: new Map(), refuseCheckouts: 0 };
  const bySignature = (signature: unknown) =>
    [...state.contracts.values()].find((contract) => contract.signature === signature && signature);

  app.post('/pg/v4/payman/request.json', async (c) => {
    await unlessHanging(options.hang, 'contract');
    const body = await jsonBody(c);
    if (body['merchant_id'] !== options.merchant) return c.json(fail(-10, 'Terminal is not valid.'), 400);
    const expiresAt = parseDate(body['expire_at']);
    const valid =
      typeof body['mobile'] === 'string' &&
      /^09\d{9}$/.test(body['mobile']) &&
      expiresAt !== null &&
      expiresAt.getTime() - clock.now().getTime() >= 30 * DAY_MS &&
      positive(body['max_daily_count']) &&
      positive(body['max_monthly_count']) &&
      positive(body['max_amount']) &&
      typeof body['callback_url'] === 'string';
    if (!valid) return c.json(fail(-9, 'The input params invalid, validation error.'), 400);
    const authority = `payman_${randomBytes(6).toString('base64url')}`;
    state.contracts.set(authority, {
      mobile: String(body['mobile']),
      expiresAt: expiresAt!,
      maxAmount: Number(body['max_amount']),
      maxDailyCount: Number(body['max_daily_count']),
      maxMonthlyCount: Number(body['max_monthly_count']),
      callbackUrl: String(body['callback_url']),
      status: 'pending',
      bankCode: null,
      signature: null,
      charges: [],
    });
    return c.json(ok({ payman_authority: authority, code: 100, message: 'Success' }));
  });

  app.get('/pg/v4/payman/banksList.json', (c) =>
    c.json(ok({ banks: PAYMAN_FAKE_BANKS, code: 100, message: 'Success' })),
  );

  app.on(['GET', 'POST'], '/pg/StartPayman/:authority/:bank', async (c) => {
    const authority = c.req.param('authority');
    const contract = state.contracts.get(authority);
    const bank = PAYMAN_FAKE_BANKS.find((b) => b.bank_code === c.req.param('bank'));
    if (!contract || !bank) return c.text('Unknown contract or bank', 404);
    if (c.req.method === 'POST') {
      const action = (await c.req.parseBody())['action'];
      if (contract.status === 'pending' && (action === 'sign' || action === 'cancel')) {
        contract.status = action === 'sign' ? 'signed' : 'refused';
        contract.bankCode = bank.bank_code;
        if (action === 'sign') contract.signature = randomBytes(150).toString('base64url');
      }
      const back = new URL(contract.callbackUrl);
      back.searchParams.set('payman_authority', authority);
      back.searchParams.set('status', contract.status === 'signed' ? 'OK' : 'NOK');
      return redirectBack(back.toString());
    }
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(contract.callbackUrl).origin}; frame-ancestors 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    return c.html(signingPage(contract, authority, bank.name, c.req.url));
  });

  app.post('/pg/v4/payman/verify.json', async (c) => {
    const body = await jsonBody(c);
    if (body['merchant_id'] !== options.merchant) return c.json(fail(-10, 'Terminal is not valid.'), 400);
    const contract = state.contracts.get(String(body['payman_authority']));
    if (!contract || contract.status !== 'signed') return c.json(fail(-51, 'Contract is not signed.'), 400);
    return c.json(ok({ signature: contract.signature, code: 100, message: 'Success' }));
  });

  app.post('/pg/v4/payman/checkout.json', async (c) => {
    await unlessHanging(options.hang, 'checkout');
    const body = await jsonBody(c);
    if (body['merchant_id'] !== options.merchant) return c.json(fail(-10, 'Terminal is not valid.'), 400);
    const contract = bySignature(body['signature']);
    const session = sessions.get(String(body['authority']));
    if (!contract || contract.status !== 'signed' || contract.expiresAt <= clock.now()) {
      return c.json(fail(-80, 'Contract is not active.'), 400);
    }
    if (!session) return c.json(fail(-54, 'Invalid authority.'), 400);
    if (session.status === 'verified' && session.trace) {
      return c.json(
        ok({ refrence_id: Number(session.trace), amount: session.amount, code: 101, message: 'Verified' }),
      );
    }
    if (session.status !== 'pending') return c.json(fail(-51, 'Session is not active.'), 400);
    const now = clock.now();
    const within = (ms: number) => contract.charges.filter((at) => now.getTime() - at.getTime() < ms).length;
    if (
      session.amount > contract.maxAmount ||
      within(DAY_MS) >= contract.maxDailyCount ||
      within(30 * DAY_MS) >= contract.maxMonthlyCount
    ) {
      return c.json(fail(-9, 'Contract limit reached.'), 400);
    }
    if (state.refuseCheckouts > 0) {
      state.refuseCheckouts--;
      return c.json(fail(-9, 'The bank refused the charge.'), 400);
    }
    contract.charges.push(now);
    session.status = 'verified';
    session.paidAt = now;
    session.trace = digits(12);
    // The charge happened, its answer is lost on the way back.
    await unlessHanging(options.hang, 'checkout-answer');
    return c.json(
      ok({ refrence_id: Number(session.trace), amount: session.amount, code: 100, message: 'Paid' }),
    );
  });

  app.post('/pg/v4/payman/cancelContract.json', async (c) => {
    const body = await jsonBody(c);
    if (body['merchant_id'] !== options.merchant) return c.json(fail(-10, 'Terminal is not valid.'), 400);
    const contract = bySignature(body['signature']);
    if (!contract) return c.json(fail(-54, 'Invalid signature.'), 400);
    contract.status = 'cancelled';
    return c.json(ok({ code: 100, message: 'Success' }));
  });

  return state;
}
