import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedPayment, Currency, GatewayType } from '~/shared/commerce';
import { reconcilePayments } from '~/server/commerce/reconcile';
import {
  serveFake,
  type FakeClock,
  type FakeSession,
  type FakeStatus,
  type GatewayFake,
  type PageAction,
  type ServedFake,
} from '~/server/commerce/gateways/fakes/kit';
import { ledgerTransfers, payments, titlePurchases } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import {
  apiPath,
  expectBooksBalanced,
  newViewer,
  pricedTitle,
  seedShop,
  type Viewer,
} from './commerce-fixtures';

/**
 * The protocol tests every gateway adapter passes against its fake (served over real HTTP on
 * 127.0.0.1): the product talks to the fake as to the real gateway, and the test plays the browser
 * between them (the fake's page, its buttons, the redirect or posted form back to our callback).
 */

export interface GatewayEnv {
  app: AccountsApp;
  fake: GatewayFake;
  served: ServedFake;
}

/** The app configured with only this gateway, its fake on the app's clock; closed after the file. */
export function useGatewayApp(makeFake: (clock: FakeClock) => GatewayFake): GatewayEnv {
  const env = {} as GatewayEnv;
  beforeAll(async () => {
    env.fake = makeFake({ now: () => env.app.clock.now() });
    env.served = await serveFake(env.fake);
    env.app = await startAccountsApp({ ...env.served.env, SANDBOX_BANK: '0', GATEWAY_TIMEOUT_MS: '1000' });
    await seedShop(env.app);
  });
  afterAll(async () => {
    await env.app?.close();
    await env.served?.close();
  });
  return env;
}

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The first form of a page: where it posts and its hidden fields. */
export function parseForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  expect(action, html).toBeDefined();
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(name!)] = unescapeHtml(value!);
  }
  return { action: unescapeHtml(action!), fields };
}

export interface BackToShop {
  url: string;
  method: 'GET' | 'POST';
  form: Record<string, string>;
}

/** Follows the payment's redirect to the gateway's page and presses a button there, as a browser. */
export async function atGateway(created: CreatedPayment, action: PageAction): Promise<BackToShop> {
  const redirect = created.redirect!;
  const page =
    redirect.method === 'GET'
      ? await fetch(redirect.url)
      : await fetch(redirect.url, { method: 'POST', body: new URLSearchParams(redirect.fields) });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
  const form = parseForm(await page.text());
  const pressed = await fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams({ ...form.fields, action }),
    redirect: 'manual',
  });
  if (pressed.status === 303) return { url: pressed.headers.get('location')!, method: 'GET', form: {} };
  expect(pressed.status).toBe(200);
  const back = parseForm(await pressed.text());
  return { url: back.action, method: 'POST', form: back.fields };
}

/** Our callback, reached as the gateway sends the browser; returns where it sends the browser on. */
export async function returnToShop(app: Pick<AccountsApp, 'request'>, back: BackToShop): Promise<Response> {
  return app.request(
    apiPath(back.url),
    back.method === 'POST'
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(back.form).toString(),
        }
      : {},
  );
}

export async function paymentRow(app: AccountsApp, id: number) {
  const [row] = await app.ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** The fake's session of a payment. */
export async function sessionOf(env: GatewayEnv, paymentId: number): Promise<FakeSession> {
  const ref = (await paymentRow(env.app, paymentId)).gatewayRef!;
  const session = env.fake.sessions.get(ref);
  expect(session, `no session ${ref} at the fake`).toBeDefined();
  return session!;
}

async function countRows(app: AccountsApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await app.ctx.database.db.execute(query)) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
  return Number(rows[0]!.n);
}

export interface GatewaySuite {
  gateway: GatewayType;
  currency: Currency;
  makeFake: (clock: FakeClock) => GatewayFake;
  redirectMethod: 'GET' | 'POST';
  /** Minutes after payment within which the gateway must hear verify; null: no such rule. */
  verifyWithinMinutes: number | null;
  /** What a payment that cannot be delivered becomes: reversed at the gateway, or credited. */
  undeliverable: 'reversed' | 'credited';
  /** The fake's state of a fulfilled payment's session (settled where the protocol settles). */
  fulfilledAtGateway: FakeStatus;
  /**
   * Whether the protocol tells a declined card from a cancel (Mellat's ResCode, SEP's Status 3,
   * Pasargad's `failed`, PayPal's INSTRUMENT_DECLINED); Zarinpal's NOK says only "not paid".
   */
  tellsDeclined: boolean;
}

/** The scenarios of issue 12 every adapter passes; returns the environment for the file's own tests. */
export function describeGatewayProtocol(suite: GatewaySuite): GatewayEnv {
  const env = useGatewayApp(suite.makeFake);
  const buyFilm = async (viewer: Viewer, film: number) => {
    const created = await viewer.buy({
      type: 'BUY_MOVIE',
      item_id: film,
      gateway: suite.gateway,
      currency: suite.currency,
    });
    expect(created.redirect?.method).toBe(suite.redirectMethod);
    return created;
  };
  const settleAt = async (created: CreatedPayment, action: PageAction) => {
    const res = await returnToShop(env.app, await atGateway(created, action));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`/payments/${created.payment.id}$`));
  };
  const purchasesOf = (viewer: Viewer, film: number) =>
    countRows(
      env.app,
      sql`select count(*) as n from ${titlePurchases} where ${titlePurchases.userId} = ${viewer.userId} and ${titlePurchases.productId} = ${film}`,
    );

  describe(`${suite.gateway}: the protocol against its fake`, () => {
    it('is offered for its currency only', async () => {
      const other = suite.currency === 'IRR' ? 'USD' : 'IRR';
      const offered = await (await env.app.request(`/core/gateways?currency=${suite.currency}`)).json();
      expect(offered.gateways.map((g: { type: string }) => g.type)).toEqual([suite.gateway]);
      const elsewhere = await (await env.app.request(`/core/gateways?currency=${other}`)).json();
      expect(elsewhere.gateways).toEqual([]);
    });

    it('pays, comes back, verifies and fulfils', async () => {
      const film = await pricedTitle(env.app);
      const viewer = await newViewer(env.app);
      const created = await buyFilm(viewer, film);
      await settleAt(created, 'pay');
      const paid = await viewer.payment(created.payment.id);
      expect(paid.status).toBe('fulfilled');
      expect(paid.reference).toBe((await sessionOf(env, created.payment.id)).trace);
      expect((await sessionOf(env, created.payment.id)).status).toBe(suite.fulfilledAtGateway);
      expect(await purchasesOf(viewer, film)).toBe(1);
      await expectBooksBalanced(env.app);
    });

    for (const action of ['cancel', 'decline'] as const) {
      it(`${action} at the gateway ends the payment, no money taken, said as it happened`, async () => {
        const viewer = await newViewer(env.app);
        const created = await buyFilm(viewer, await pricedTitle(env.app));
        await settleAt(created, action);
        const payment = await viewer.payment(created.payment.id);
        // A declined card is reported as declined (issue 24), where the protocol says so.
        const declined = action === 'decline' && suite.tellsDeclined;
        expect(payment.status).toBe(declined ? 'failed' : 'cancelled');
        if (declined) expect(payment.note).toMatch(/کارت شما را نپذیرفت|card was declined/);
        expect(payment.reference).toBeNull();
        await expectBooksBalanced(env.app);
      });
    }

    it('another amount at the gateway is never fulfilled', async () => {
      const film = await pricedTitle(env.app);
      const viewer = await newViewer(env.app);
      const created = await buyFilm(viewer, film);
      (await sessionOf(env, created.payment.id)).amount -= 100;
      await settleAt(created, 'pay');
      const payment = await viewer.payment(created.payment.id);
      expect(payment.status).toBe('failed');
      expect(payment.note).toMatch(/amount|مبلغ/);
      expect(await purchasesOf(viewer, film)).toBe(0);
      await expectBooksBalanced(env.app);
    });

    it('replayed and concurrent callbacks, on two instances, fulfil once', async () => {
      const film = await pricedTitle(env.app);
      const viewer = await newViewer(env.app);
      const created = await buyFilm(viewer, film);
      const back = await atGateway(created, 'pay');
      const sibling = await env.app.startSibling();
      try {
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => returnToShop(i % 2 ? sibling : env.app, back)),
        );
        expect(answers.map((res) => res.status)).toEqual(Array(12).fill(303));
        for (let i = 0; i < 3; i++) expect((await returnToShop(env.app, back)).status).toBe(303);
      } finally {
        await sibling.close();
      }
      expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
      expect(await purchasesOf(viewer, film)).toBe(1);
      const ins = await countRows(
        env.app,
        sql`select count(*) as n from ${ledgerTransfers} where ${ledgerTransfers.paymentId} = ${created.payment.id} and ${ledgerTransfers.kind} = 'gateway_in'`,
      );
      expect(ins).toBe(1);
      await expectBooksBalanced(env.app);
    });

    if (suite.verifyWithinMinutes !== null) {
      const late = suite.verifyWithinMinutes + 1;
      it(`money the gateway gave back after ${suite.verifyWithinMinutes} minutes unverified is not fulfilled`, async () => {
        const film = await pricedTitle(env.app);
        const viewer = await newViewer(env.app);
        const created = await buyFilm(viewer, film);
        const back = await atGateway(created, 'pay');
        env.app.clock.advance(late * 60);
        expect((await returnToShop(env.app, back)).status).toBe(303);
        const payment = await viewer.payment(created.payment.id);
        expect(payment.status).toBe('expired');
        expect(payment.note).toMatch(/in time|دیر/);
        expect(await purchasesOf(viewer, film)).toBe(0);
        await expectBooksBalanced(env.app);
      });
    }

    it(`a payment that cannot be delivered is ${suite.undeliverable}`, async () => {
      const film = await pricedTitle(env.app);
      const viewer = await newViewer(env.app);
      // Two payments for one title, both open: the second to come back finds it owned.
      const first = await buyFilm(viewer, film);
      const second = await buyFilm(viewer, film);
      await settleAt(first, 'pay');
      await settleAt(second, 'pay');
      expect((await viewer.payment(first.payment.id)).status).toBe('fulfilled');
      const given = await viewer.payment(second.payment.id);
      expect(given.status).toBe(suite.undeliverable);
      expect(given.note).toBeTruthy();
      expect((await sessionOf(env, second.payment.id)).status).toBe(
        suite.undeliverable === 'reversed' ? 'reversed' : 'verified',
      );
      expect(await purchasesOf(viewer, film)).toBe(1);
      await expectBooksBalanced(env.app);
    });

    it('a gateway that does not answer the request: 503 with a clear message, nothing left open', async () => {
      const viewer = await newViewer(env.app);
      const film = await pricedTitle(env.app);
      env.fake.hang.add('request');
      try {
        const res = await viewer.start({
          type: 'BUY_MOVIE',
          item_id: film,
          gateway: suite.gateway,
          currency: suite.currency,
        });
        expect(res.status).toBe(503);
        expect((await res.json()).message).toMatch(/درگاه|gateway/);
      } finally {
        env.fake.hang.delete('request');
      }
      const [open] = await env.app.ctx.database.db
        .select()
        .from(payments)
        .where(sql`${payments.userId} = ${viewer.userId}`);
      expect(open?.status).toBe('failed');
      await expectBooksBalanced(env.app);
    });

    it('a gateway that does not answer verify: the payment waits, and reconciliation finishes it', async () => {
      const film = await pricedTitle(env.app);
      const viewer = await newViewer(env.app);
      const created = await buyFilm(viewer, film);
      const back = await atGateway(created, 'pay');
      env.fake.hang.add('verify');
      try {
        expect((await returnToShop(env.app, back)).status).toBe(303);
        expect((await viewer.payment(created.payment.id)).status).toBe('at_gateway');
      } finally {
        env.fake.hang.delete('verify');
      }
      env.app.clock.advance(120);
      await reconcilePayments(env.app.ctx);
      expect((await viewer.payment(created.payment.id)).status).toBe('fulfilled');
      expect(await purchasesOf(viewer, film)).toBe(1);
      await expectBooksBalanced(env.app);
    });
  });
  return env;
}
