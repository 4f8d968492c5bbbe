import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxBankSessions } from '../../db/schema';

/**
 * The built-in sandbox bank: a Zarinpal v4 server of our own (request.json, StartPay, verify.json with
 * Zarinpal's codes), kept in the database so any instance answers for any session. It lets `npm start`
 * buy everything through the same redirect → callback → verify path a real gateway takes; its payment
 * page has pay, cancel and "card declined". Unlike Zarinpal it also takes USD (in cents), so viewers
 * abroad can buy in the demo too.
 */

export const SANDBOX_MERCHANT_ID = '00000000-0000-4000-8000-000000000000';

/** Where the bank lives on our server, beside the site (not under /api/v1). */
export const SANDBOX_BANK_PATH = '/sandbox-bank';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function newAuthority(): string {
  let authority = 'S';
  for (let i = 0; i < 35; i++) authority += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return authority;
}

const requestSchema = z.object({
  merchant_id: z.uuid(),
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.enum(['IRR', 'IRT', 'USD']).optional(),
  description: z.string().min(1).max(500),
  callback_url: z.url(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const verifySchema = z.object({
  merchant_id: z.uuid(),
  authority: z.string(),
  amount: z.number().int(),
});

const error = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

function amountText(amount: number, currency: string): { fa: string; en: string } {
  if (currency === 'USD') {
    const dollars = (amount / 100).toFixed(2);
    return { fa: `${dollars} دلار`, en: `$${dollars}` };
  }
  const toman = currency === 'IRT' ? amount : amount / 10;
  return {
    fa: `${new Intl.NumberFormat('fa-IR').format(toman)} تومان`,
    en: `${new Intl.NumberFormat('en-US').format(toman)} toman`,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function paymentPage(session: typeof sandboxBankSessions.$inferSelect, action: string): string {
  const amount = amountText(session.amount, session.currency);
  const open = session.status === 'pending';
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>درگاه پرداخت آزمایشی · Sandbox bank</title>
<style>
body{margin:0;font-family:system-ui,Tahoma,sans-serif;background:#eef2f6;color:#111827}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 4px 20px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0}.en{direction:ltr;text-align:left;color:#374151}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.25rem 0}dt{color:#4b5563}dd{margin:0;font-weight:700}
.card{font-family:monospace;direction:ltr;unicode-bidi:isolate}form{display:grid;gap:.75rem;margin-top:1.5rem}
button{min-height:48px;font:inherit;font-size:1rem;font-weight:700;border-radius:.75rem;border:2px solid #1d4ed8;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.pay{background:#1d4ed8;color:#fff}.cancel{background:#fff;color:#1d4ed8}
.decline{background:#fff;color:#991b1b;border-color:#991b1b}
</style></head><body><main>
<h1>درگاه پرداخت آزمایشی</h1><p class="en" lang="en">Sandbox bank: no real money moves</p>
<dl><dt>مبلغ <span lang="en">Amount</span></dt><dd><bdi>${escapeHtml(amount.fa)}</bdi> · <bdi lang="en">${escapeHtml(amount.en)}</bdi></dd>
<dt>شرح <span lang="en">For</span></dt><dd><bdi>${escapeHtml(session.description)}</bdi></dd>
<dt>کارت <span lang="en">Card</span></dt><dd class="card">6037-99** ****-1234</dd></dl>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}">
<button class="pay" name="action" value="pay">پرداخت <span lang="en">· Pay</span></button>
<button class="cancel" name="action" value="cancel">انصراف <span lang="en">· Cancel</span></button>
<button class="decline" name="action" value="decline">کارت رد شد <span lang="en">· Card declined</span></button>
</form>`
    : `<p role="status">این پرداخت پیش‌تر انجام یا لغو شده است.</p><p class="en" lang="en">This payment was already completed or cancelled.</p>`
}
</main></body></html>`;
}

export interface SandboxBankOptions {
  db: Db;
  clock: Clock;
  /** Where browsers reach the bank: PUBLIC_URL + SANDBOX_BANK_PATH. */
  publicBase: string;
  /** Origins the payment page may send the browser back to (the callback URLs'). */
  returnOrigins: string[];
}

/**
 * The bank's HTTP interface under SANDBOX_BANK_PATH: browsers reach its pages through
 * src/pages/sandbox-bank/[...path].ts, its adapter calls its API in process. It is a bank of its own,
 * not part of our API (nor of its document).
 */
export function sandboxBank(options: SandboxBankOptions) {
  const { db, clock } = options;
  const bank = new Hono().basePath(SANDBOX_BANK_PATH);

  bank.post('/pg/v4/payment/request.json', async (c) => {
    const parsed = requestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(error(-9, 'Validation error'), 400);
    const body = parsed.data;
    const authority = newAuthority();
    await db.insert(sandboxBankSessions).values({
      authority,
      merchantId: body.merchant_id,
      amount: body.amount,
      currency: body.currency ?? 'IRR',
      description: body.description,
      callbackUrl: body.callback_url,
      status: 'pending',
      createdAt: clock.now(),
    });
    return c.json({
      data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
      errors: [],
    });
  });

  bank.post('/pg/v4/payment/verify.json', async (c) => {
    const parsed = verifySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(error(-9, 'Validation error'), 400);
    const { merchant_id, authority, amount } = parsed.data;
    const [session] = await db
      .select()
      .from(sandboxBankSessions)
      .where(eq(sandboxBankSessions.authority, authority));
    if (!session) return c.json(error(-54, 'Invalid authority.'), 404);
    if (session.merchantId !== merchant_id)
      return c.json(error(-53, 'Session is not belong to this merchant.'), 403);
    if (session.amount !== amount)
      return c.json(error(-50, 'Session is not valid, amounts values is not the same.'), 400);
    if (session.status !== 'paid' && session.status !== 'verified') {
      return c.json(error(-51, 'Session is not valid, session is not active paid try.'), 400);
    }
    const first = await db
      .update(sandboxBankSessions)
      .set({ status: 'verified' })
      .where(and(eq(sandboxBankSessions.authority, authority), eq(sandboxBankSessions.status, 'paid')))
      .returning({ authority: sandboxBankSessions.authority });
    return c.json({
      data: {
        code: first.length > 0 ? 100 : 101,
        message: first.length > 0 ? 'Paid' : 'Verified',
        card_hash: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
        card_pan: session.cardPan,
        ref_id: session.refId,
        fee_type: 'Merchant',
        fee: 0,
      },
      errors: [],
    });
  });

  const pagePath = (authority: string) => `${options.publicBase}/pg/StartPay/${authority}`;

  bank.get('/pg/StartPay/:authority', async (c) => {
    const [session] = await db
      .select()
      .from(sandboxBankSessions)
      .where(eq(sandboxBankSessions.authority, c.req.param('authority')));
    if (!session) return c.text('Unknown payment session', 404);
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${options.returnOrigins.join(' ')}; frame-ancestors 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    return c.html(paymentPage(session, pagePath(session.authority)));
  });

  bank.post('/pg/StartPay/:authority', async (c) => {
    const authority = c.req.param('authority');
    const form = await c.req.parseBody();
    const action = form['action'];
    if (action !== 'pay' && action !== 'cancel' && action !== 'decline') return c.text('Unknown action', 400);
    const paid = action === 'pay';
    const [moved] = await db
      .update(sandboxBankSessions)
      .set({
        status: paid ? 'paid' : action === 'cancel' ? 'cancelled' : 'declined',
        ...(paid
          ? {
              // Wide, so two sessions hardly ever share one (a trace is accepted once).
              refId: randomInt(1_000_000_000, 2 ** 48 - 1),
              cardPan: '603799******1234',
              paidAt: clock.now(),
            }
          : {}),
      })
      .where(and(eq(sandboxBankSessions.authority, authority), eq(sandboxBankSessions.status, 'pending')))
      .returning();
    const [session] = moved
      ? [moved]
      : await db.select().from(sandboxBankSessions).where(eq(sandboxBankSessions.authority, authority));
    if (!session) return c.text('Unknown payment session', 404);
    const ok = session.status === 'paid' || session.status === 'verified';
    const back = new URL(session.callbackUrl);
    back.searchParams.set('Authority', authority);
    back.searchParams.set('Status', ok ? 'OK' : 'NOK');
    // Our own addition to Zarinpal's callback: its NOK does not tell a refused card from a cancel.
    if (session.status === 'declined') back.searchParams.set('Reason', 'declined');
    return c.redirect(back.toString(), 303);
  });

  return bank;
}
