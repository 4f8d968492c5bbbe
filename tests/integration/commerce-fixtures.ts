import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreatedPayment, Payment, PaymentRequest } from '~/shared/commerce';
import { DEMO_DISCOUNTS, DEMO_PACKAGES } from '~/server/demo/commerce';
import { discountCodes, productPrices, subscriptionPackages } from '~/server/db/schema';
import type { AccountsApp } from './accounts';
import { insertTitle, IRANIAN, type TitleOptions } from './playback-fixtures';

/** Commerce tests' own titles, prices, packages and codes, and the steps of paying at the sandbox bank. */

export const FILM_IRR = 690_000;
export const FILM_USD = 299;

export async function seedShop(app: AccountsApp): Promise<void> {
  const db = app.ctx.database.db;
  await db.insert(subscriptionPackages).values(DEMO_PACKAGES);
  await db.insert(discountCodes).values([
    { code: DEMO_DISCOUNTS.open, kind: 'percent', percent: 20 },
    { code: DEMO_DISCOUNTS.once, kind: 'percent', percent: 20, maxUsesPerUser: 1 },
  ]);
}

/** A title with media and a price of its own (690,000 rials or $2.99 unless told otherwise). */
export async function pricedTitle(
  app: AccountsApp,
  options: TitleOptions = {},
  price = { irr: FILM_IRR, usd: FILM_USD },
): Promise<number> {
  const id = await insertTitle(app, { asset: 'testcard', ...options });
  await app.ctx.database.db
    .insert(productPrices)
    .values({ productId: id, priceIrr: price.irr, priceUsd: price.usd });
  return id;
}

export async function packageId(app: AccountsApp, slug: string): Promise<number> {
  const [row] = await app.ctx.database.db
    .select({ id: subscriptionPackages.id })
    .from(subscriptionPackages)
    .where(sql`${subscriptionPackages.slug} = ${slug}`);
  return row!.id;
}

export interface Viewer {
  token: string;
  userId: number;
  /** POST /payments as this viewer from Iran (unless the request names a currency or address). */
  start(request: PaymentRequest, address?: string): Promise<Response>;
  buy(request: PaymentRequest): Promise<CreatedPayment>;
  payment(id: number): Promise<Payment>;
}

let phones = 0;

export async function newViewer(app: AccountsApp): Promise<Viewer> {
  const { token, me } = await app.signUp(`0935${String(1_000_000 + ++phones).padStart(7, '0')}`);
  const viewer: Viewer = {
    token,
    userId: me.id,
    start: (request, address = IRANIAN) =>
      app.as(token, '/payments', { json: request, clientAddress: address }),
    async buy(request) {
      const res = await viewer.start(request);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as CreatedPayment;
    },
    async payment(id) {
      const res = await app.as(token, `/payments/${id}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { payment: Payment }).payment;
    },
  };
  return viewer;
}

/** The path under /api/v1 of an absolute URL the server handed out. */
export function apiPath(url: string): string {
  const { pathname, search } = new URL(url);
  expect(pathname.startsWith('/api/v1')).toBe(true);
  return pathname.slice('/api/v1'.length) + search;
}

/** Presses a button on the sandbox bank's page; returns the callback URL the bank sends the browser to. */
export async function atBank(
  app: AccountsApp,
  created: CreatedPayment,
  action: 'pay' | 'cancel' | 'decline',
) {
  expect(created.redirect?.method).toBe('GET');
  const bank = app.ctx.gateways.sandboxBank!;
  const page = await bank.request(created.redirect!.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`action="${created.redirect!.url}"`);
  const res = await bank.request(created.redirect!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** Follows the bank's redirect to our callback; returns where the callback sends the browser. */
export async function returnFromBank(app: AccountsApp, callbackUrl: string): Promise<string> {
  const res = await app.request(apiPath(callbackUrl));
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** Pays at the bank and comes back: the whole round trip of a gateway payment. */
export async function payAtBank(app: AccountsApp, created: CreatedPayment): Promise<string> {
  return returnFromBank(app, await atBank(app, created, 'pay'));
}

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
async function rowsOf(app: AccountsApp, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await app.ctx.database.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

/** The books balance: every debit has its credit, and every account's sums equal its transfers'. */
export async function expectBooksBalanced(app: AccountsApp): Promise<void> {
  const [totals] = await rowsOf(
    app,
    sql`
    select coalesce(sum(debits_posted), 0)::bigint as dp, coalesce(sum(credits_posted), 0)::bigint as cp,
           coalesce(sum(debits_pending), 0)::bigint as dpe, coalesce(sum(credits_pending), 0)::bigint as cpe
    from ledger_accounts`,
  );
  expect(String(totals!['dp'])).toBe(String(totals!['cp']));
  expect(String(totals!['dpe'])).toBe(String(totals!['cpe']));
  const mismatched = await rowsOf(
    app,
    sql`
    with moves as (
      select debit_account_id as account, amount, phase, id, pending_id, true as debit from ledger_transfers
      union all
      select credit_account_id, amount, phase, id, pending_id, false from ledger_transfers
    ),
    open_pending as (
      select t.id from ledger_transfers t where t.phase = 'pending'
        and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
    )
    select a.id from ledger_accounts a
    where a.debits_posted <> coalesce((select sum(amount) from moves m where m.account = a.id and m.debit and m.phase in ('posted', 'post')), 0)
       or a.credits_posted <> coalesce((select sum(amount) from moves m where m.account = a.id and not m.debit and m.phase in ('posted', 'post')), 0)
       or a.debits_pending <> coalesce((select sum(amount) from moves m where m.account = a.id and m.debit and m.id in (select id from open_pending)), 0)
       or a.credits_pending <> coalesce((select sum(amount) from moves m where m.account = a.id and not m.debit and m.id in (select id from open_pending)), 0)
       or (a.limited and a.credits_posted < a.debits_posted + a.debits_pending)`,
  );
  expect(mismatched).toEqual([]);
}
