import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Hono } from 'hono';

/**
 * What the gateway fakes share: a session's life at the bank, the payment page with pay / cancel /
 * card declined (the sandbox bank's look and CSP), the two ways a bank sends the browser back (a
 * redirect, or a form it posts), operations a test can make hang, and serving a fake on a free port.
 * Node runs these files as they are (`npm run start:gateways`), so they import each other with `.ts`
 * and nothing from the product.
 */

export interface FakeClock {
  now(): Date;
}

export const systemClock: FakeClock = { now: () => new Date() };

export type FakeStatus = 'pending' | 'paid' | 'cancelled' | 'declined' | 'verified' | 'settled' | 'reversed';

export interface FakeSession {
  amount: number;
  currency: 'IRR' | 'USD';
  description: string;
  status: FakeStatus;
  paidAt: Date | null;
  /** The bank's reference of the money, once paid. */
  trace: string | null;
  card: string;
}

export function newSession(amount: number, currency: 'IRR' | 'USD', description: string): FakeSession {
  return {
    amount,
    currency,
    description,
    status: 'pending',
    paidAt: null,
    trace: null,
    card: '603799******1234',
  };
}

/** A random number of `length` digits (no leading zero), as the banks' references look. */
export function digits(length: number): string {
  let text = String(randomInt(1, 10));
  while (text.length < length) text += String(randomInt(0, 10));
  return text;
}

export function minutesSince(clock: FakeClock, at: Date | null): number {
  return at ? (clock.now().getTime() - at.getTime()) / 60_000 : 0;
}

/**
 * What every bank does to money nobody verified in time: gives it back to the card. Called by each
 * operation before it answers, so the fake needs no timer.
 */
export function lapseIfLate(session: FakeSession, clock: FakeClock, verifyWithinMinutes: number): void {
  if (session.status === 'paid' && minutesSince(clock, session.paidAt) > verifyWithinMinutes) {
    session.status = 'reversed';
  }
}

/** A request's JSON object body; anything else reads as an empty object (the fake then refuses it). */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Operations named in `hang` never answer: a test's gateway that times out. */
export async function unlessHanging(hang: ReadonlySet<string>, operation: string): Promise<void> {
  if (hang.has(operation)) await new Promise(() => {});
}

export interface GatewayFake<S extends FakeSession = FakeSession> {
  name: string;
  app: Hono;
  sessions: Map<string, S>;
  /** Operations that never answer while listed: `request`, `verify`, `settle`, `reverse`, `token`. */
  hang: Set<string>;
  /** The product's environment variables that point it at this fake served at `origin`. */
  env(origin: string): Record<string, string>;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function amountText(amount: number, currency: 'IRR' | 'USD'): { fa: string; en: string } {
  if (currency === 'USD') {
    const dollars = `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
    return { fa: `${dollars} دلار`, en: `$${dollars}` };
  }
  return {
    fa: `${new Intl.NumberFormat('fa-IR').format(amount)} ریال`,
    en: `${new Intl.NumberFormat('en-US').format(amount)} rials`,
  };
}

/** The banks' pages' look (the sandbox bank's). */
export const STYLE = `body{margin:0;font-family:system-ui,Tahoma,sans-serif;background:#eef2f6;color:#111827}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 4px 20px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0}.en{direction:ltr;text-align:left;color:#374151}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.25rem 0}dt{color:#4b5563}dd{margin:0;font-weight:700}
.card{font-family:monospace;direction:ltr;unicode-bidi:isolate}form{display:grid;gap:.75rem;margin-top:1.5rem}
button{min-height:48px;font:inherit;font-size:1rem;font-weight:700;border-radius:.75rem;border:2px solid #1d4ed8;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.pay{background:#1d4ed8;color:#fff}.cancel{background:#fff;color:#1d4ed8}
.decline{background:#fff;color:#991b1b;border-color:#991b1b}`;

function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

function pageHtml(
  title: { fa: string; en: string },
  session: FakeSession,
  action: string,
  hidden: Record<string, string>,
): string {
  const amount = amountText(session.amount, session.currency);
  const buttons = `<form method="post" action="${escapeHtml(action)}">${hiddenInputs(hidden)}
<button class="pay" name="action" value="pay">پرداخت <span lang="en">· Pay</span></button>
<button class="cancel" name="action" value="cancel">انصراف <span lang="en">· Cancel</span></button>
<button class="decline" name="action" value="decline">کارت رد شد <span lang="en">· Card declined</span></button>
</form>`;
  const done = `<p role="status">این پرداخت پیش‌تر انجام یا لغو شده است.</p><p class="en" lang="en">This payment was already completed or cancelled.</p>`;
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title.fa)} · ${escapeHtml(title.en)}</title><style>${STYLE}</style></head><body><main>
<h1>${escapeHtml(title.fa)}</h1><p class="en" lang="en">${escapeHtml(title.en)}: a local fake, no real money moves</p>
<dl><dt>مبلغ <span lang="en">Amount</span></dt><dd><bdi>${escapeHtml(amount.fa)}</bdi> · <bdi lang="en">${escapeHtml(amount.en)}</bdi></dd>
<dt>شرح <span lang="en">For</span></dt><dd><bdi>${escapeHtml(session.description)}</bdi></dd>
<dt>کارت <span lang="en">Card</span></dt><dd class="card">6037-99** ****-1234</dd></dl>
${session.status === 'pending' ? buttons : done}
</main></body></html>`;
}

export type PageAction = 'pay' | 'cancel' | 'decline';

export interface PaymentPageOptions<S extends FakeSession> {
  title: { fa: string; en: string };
  clock: FakeClock;
  /** The fake's sessions, by the key `keyOf` reads. */
  sessions: Map<string, S>;
  /** The key of the session the browser came for, from the path, the query or the posted form. */
  keyOf(c: Context, form: Record<string, string>): string | undefined;
  /** Fields that name the session again when the page posts its buttons back to itself. */
  hidden(key: string): Record<string, string>;
  /** The origin of the merchant's callback: the only place besides the bank the page may post to. */
  returnOrigin(session: S): string;
  /** Where the browser goes once a button was pressed (also on a second press). */
  back(key: string, session: S, action: PageAction): Response;
}

/**
 * The bank's payment page at `path` (GET or POST: Mellat and SEP are reached by a posted form): shows
 * the amount and the three buttons; a press moves a pending session and sends the browser back.
 */
export function mountPaymentPage<S extends FakeSession>(
  app: Hono,
  path: string,
  options: PaymentPageOptions<S>,
): void {
  app.on(['GET', 'POST'], path, async (c) => {
    const form: Record<string, string> = {};
    if (c.req.method === 'POST') {
      for (const [name, value] of Object.entries(await c.req.parseBody())) {
        if (typeof value === 'string') form[name] = value;
      }
    }
    const key = options.keyOf(c, form) ?? '';
    const session = options.sessions.get(key);
    if (!session) return c.text('Unknown payment session', 404);
    const action = form['action'];
    if (action === 'pay' || action === 'cancel' || action === 'decline') {
      if (session.status === 'pending') {
        session.status = action === 'pay' ? 'paid' : action === 'cancel' ? 'cancelled' : 'declined';
        if (action === 'pay') {
          session.paidAt = options.clock.now();
          session.trace = digits(12);
        }
      }
      return options.back(key, session, action);
    }
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${options.returnOrigin(session)}; frame-ancestors 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    return c.html(pageHtml(options.title, session, c.req.url, options.hidden(key)));
  });
}

/** Back to the merchant by a redirect (Zarinpal, Pasargad, PayPal). */
export function redirectBack(url: string): Response {
  return new Response(null, { status: 303, headers: { location: url, 'cache-control': 'no-store' } });
}

const SUBMIT = 'document.forms[0].submit()';
const SUBMIT_HASH = `sha256-${createHash('sha256').update(SUBMIT).digest('base64')}`;

/**
 * Back to the merchant by a form the page posts at once (Mellat, SEP); without script the viewer
 * presses its button.
 */
export function postBack(url: string, fields: Record<string, string>): Response {
  const html = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>بازگشت به فروشگاه · Back to the shop</title><style>${STYLE}</style></head><body><main>
<form method="post" action="${escapeHtml(url)}">${hiddenInputs(fields)}
<button class="pay">بازگشت به فروشگاه <span lang="en">· Back to the shop</span></button></form>
<script>${SUBMIT}</script></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src '${SUBMIT_HASH}'; form-action ${new URL(url).origin}; frame-ancestors 'none'`,
    },
  });
}

export interface ServedFake {
  name: string;
  origin: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Serves a fake over real HTTP on `host` (127.0.0.1) and a free port unless one is given. */
export async function serveFake(
  fake: GatewayFake,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<ServedFake> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const method = req.method ?? 'GET';
      const request = new Request(`http://${req.headers.host ?? host}${req.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      const response = await fake.app.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    name: fake.name,
    origin,
    env: fake.env(origin),
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging operations hold their connections open; they end with the fake.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
