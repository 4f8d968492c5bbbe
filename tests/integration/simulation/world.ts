import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { PaymentRequest } from '~/shared/commerce';
import { DEMO_DISCOUNTS } from '~/server/demo/commerce';
import { fulfilLocked } from '~/server/commerce/fulfilment';
import { serveFake, type ServedFake } from '~/server/commerce/gateways/fakes/kit';
import { zarinpalFake, type ZarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { paymentAccounts } from '~/server/commerce/ledger';
import { claimVerify, gatewayCallOf, lockPayment } from '~/server/commerce/payment-records';
import {
  handleCallback,
  recordVerified,
  startPayment,
  viewPayment,
  type Buyer,
} from '~/server/commerce/payments';
import { reconcilePayments } from '~/server/commerce/reconcile';
import { refundedOf, refundToWallet, reverseAtGateway } from '~/server/commerce/refunds';
import {
  discountCodes,
  paymentRefunds,
  payments,
  productPrices,
  shopOrders,
  users,
} from '~/server/db/schema';
import { DomainError } from '~/server/errors';
import { addAddress } from '~/server/shop/addresses';
import { setCartLine } from '~/server/shop/cart';
import { moveOrder } from '~/server/shop/orders';
import type { AppContext } from '~/server/context';
import { startAccountsApp, type AccountsApp } from '../accounts';
import { cafeFixtures } from '../cafe-fixtures';
import { packageId, seedShop } from '../commerce-fixtures';
import { insertTitle, IRANIAN } from '../playback-fixtures';
import { seedDelivery, stockedGoods, TEHRAN, TEHRAN_CITY } from '../shop-fixtures';
import type { Action, RunPlan } from './plan';

/**
 * The simulator's world (decision record 0040): one app on the real database of the test file, a
 * second instance on the same database (its own connection pool on PostgreSQL), and Zarinpal's fake
 * over real HTTP behind a wire that can lose an answer after the gateway acted on the request (the
 * gateway verified or reversed, we never heard: what a timeout leaves). Each run gets its own buyers,
 * goods, seats and codes, so runs do not depend on each other and a failing one replays alone.
 */

/** Beyond a payment's deadline (PAYMENT_TTL_MINUTES) and the fake's verify window: the final sweep's wait. */
const FINAL_WAIT_MINUTES = 45;

export interface Sim {
  app: AccountsApp;
  /** The second instance: its own context on PostgreSQL, the same one on PGlite (one process). */
  sibling: AppContext;
  fake: ZarinpalFake;
  /** `<operation>:<authority>` whose next answer the wire loses after the gateway acted on it. */
  lost: Set<string>;
  staffId: number;
  packages: number[];
  deliveryId: number;
  /** The cafe whose sessions (a new one each run) the runs sell. */
  cafeId: number;
  close(): Promise<void>;
}

/** Zarinpal's fake behind a wire that can drop an answer once the gateway has acted on the request. */
function lossyWire(fake: ZarinpalFake, lost: Set<string>): ZarinpalFake {
  const app = new Hono();
  app.all('*', async (c) => {
    const request = c.req.raw;
    const operation = new URL(request.url).pathname.split('/').pop() ?? '';
    const body: unknown =
      request.method === 'POST'
        ? await request
            .clone()
            .json()
            .catch(() => null)
        : null;
    const authority =
      body && typeof body === 'object' ? (body as Record<string, unknown>)['authority'] : null;
    const answer = await fake.app.fetch(request);
    // The gateway did it; what reaches us is a proxy's error page, as good as no answer at all.
    if (typeof authority === 'string' && lost.delete(`${operation}:${authority}`)) {
      return c.html('<html><body>504 upstream timed out</body></html>', 200);
    }
    return answer;
  });
  return { ...fake, app };
}

export async function startSim(): Promise<Sim> {
  // The fake reads the app's clock, and the app is configured with the fake's address.
  const clockOf: { app?: AccountsApp } = {};
  const fake = zarinpalFake({ clock: { now: () => clockOf.app!.clock.now() } });
  const lost = new Set<string>();
  const served: ServedFake = await serveFake(lossyWire(fake, lost));
  // Errors only: the faults make every run log the warnings they are meant to (verify deferred, ...).
  const app = await startAccountsApp({ ...served.env, GATEWAY_TIMEOUT_MS: '1000', LOG_LEVEL: 'error' });
  clockOf.app = app;
  await seedShop(app);
  const delivery = await seedDelivery(app);
  const sibling = await app.startSibling();
  const [staff] = await app.ctx.database.db.insert(users).values({ name: 'مالی' }).returning();
  const cafes = cafeFixtures(() => app);
  return {
    app,
    sibling: sibling.ctx,
    fake,
    lost,
    staffId: staff!.id,
    packages: [await packageId(app, 'monthly'), await packageId(app, 'yearly')],
    deliveryId: delivery['express-post']!,
    cafeId: await cafes.newCafe(),
    async close() {
      await sibling.close();
      await app.close();
      await served.close();
    },
  };
}

/** A payment the run started, as the run knows it. */
interface Opened {
  id: number;
  buyer: number;
  /** Where the gateway's page sent the browser back, once a button was pressed there. */
  callback: string | null;
}

/** One run: its buyers and goods, the payments it opened, and what went wrong unexpectedly. */
export interface Run {
  sim: Sim;
  buyers: Buyer[];
  userIds: number[];
  title: number;
  screening: number;
  variantId: number;
  goodsId: number;
  /** The goods' pieces on the shelf when the run began. */
  stock: number;
  cafeSession: number;
  limitedCode: string;
  opened: Opened[];
  /** Errors that are not the product's refusals (DomainError): each one fails the run. */
  unexpected: string[];
}

let runs = 0;

export async function prepareRun(sim: Sim, plan: RunPlan): Promise<Run> {
  const { db } = sim.app.ctx.database;
  const n = ++runs;
  const rows = await db
    .insert(users)
    .values(Array.from({ length: plan.buyers }, (_, i) => ({ name: `خریدار ${n}-${i}` })))
    .returning({ id: users.id });
  const buyers: Buyer[] = rows.map((row) => ({
    userId: row.id,
    phone: null,
    email: null,
    clientAddress: IRANIAN,
    locale: 'fa',
  }));
  const now = sim.app.clock.now();
  const title = await insertTitle(sim.app, { asset: 'testcard' });
  // A screening that ends during the run: a late callback finds it over and gives the money back.
  const screening = await insertTitle(sim.app, {
    kind: 'screening',
    asset: 'testcard',
    startsAt: new Date(now.getTime() - 60_000),
    endsAt: new Date(now.getTime() + 20 * 60_000),
  });
  await db.insert(productPrices).values([
    { productId: title, priceIrr: 690_000, priceUsd: 299 },
    { productId: screening, priceIrr: 250_000, priceUsd: 100 },
  ]);
  const { stock } = plan;
  const goods = await stockedGoods(sim.app, [{ stock }]);
  const cafe = await cafeFixtures(() => sim.app).newSession(sim.cafeId, 2);
  const limitedCode = `SIM${n}`;
  await db.insert(discountCodes).values({ code: limitedCode, kind: 'percent', percent: 50, maxUses: 1 });
  return {
    sim,
    buyers,
    userIds: buyers.map((buyer) => buyer.userId),
    title,
    screening,
    variantId: goods.variantIds[0]!,
    goodsId: goods.productId,
    stock,
    cafeSession: cafe.sessionId,
    limitedCode,
    opened: [],
    unexpected: [],
  };
}

const codes = { open: DEMO_DISCOUNTS.open, once: DEMO_DISCOUNTS.once } as const;

async function paymentRequest(run: Run, action: Extract<Action, { do: 'buy' }>): Promise<PaymentRequest> {
  const { sim } = run;
  const gateway = action.pay === 'wallet' ? 'wallet' : 'zarinpal';
  const base = {
    gateway,
    ...(action.pay === 'split' ? { use_wallet: true } : {}),
    ...(action.code
      ? { discount_code: action.code === 'limited' ? run.limitedCode : codes[action.code] }
      : {}),
  } as const;
  switch (action.what) {
    case 'title':
      return { ...base, type: 'BUY_MOVIE', item_id: run.title };
    case 'screening':
      return { ...base, type: 'BUY_SCREENING', item_id: run.screening };
    case 'subscription':
      return { ...base, type: 'SUBSCRIPTION', item_id: sim.packages[action.buyer % 2]! };
    case 'gift':
      return { ...base, type: 'BUY_GIFT', item_id: sim.packages[0]!, gift_to: '09121234567' };
    case 'cafe':
      return { ...base, type: 'BUY_CAFE_TICKET', item_id: run.cafeSession, seats: 1 + (action.buyer % 2) };
    case 'topup':
      return { gateway: 'zarinpal', type: 'CHARGE_WALLET', amount: 1_000_000 };
    case 'shop': {
      const { db } = sim.app.ctx.database;
      const userId = run.userIds[action.buyer]!;
      await setCartLine(db, { userId, key: undefined }, { product_id: run.goodsId, quantity: 1 }, 'IRR');
      const addresses = await addAddress(db, userId, {
        title: 'خانه',
        state: TEHRAN,
        city: TEHRAN_CITY,
        deliveryTo: 'مریم رضایی',
        tel: '02188776655',
        postalCode: '1234567890',
        fullAddress: 'خیابان ولیعصر، کوچهٔ بهار، پلاک ۱۲',
      });
      return {
        ...base,
        type: 'BUY_PHYSICAL',
        address_id: addresses.at(-1)!.id,
        delivery_method_id: sim.deliveryId,
      };
    }
  }
}

/** The payment a slot names: the run's payments in the order they were opened, taken round. */
function pick(run: Run, slot: number): Opened | undefined {
  return run.opened.length === 0 ? undefined : run.opened[slot % run.opened.length];
}

async function row(ctx: AppContext, id: number) {
  const [found] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

class Crash extends Error {}

/** Carries out one action of the plan on instance `ctx`; the product's refusals are expected. */
async function act(run: Run, ctx: AppContext, action: Exclude<Action, { do: 'rush' }>): Promise<void> {
  const { sim } = run;
  switch (action.do) {
    case 'buy': {
      const buyer = action.buyer % run.buyers.length;
      const request = await paymentRequest(run, { ...action, buyer });
      const created = await startPayment(ctx, run.buyers[buyer]!, request);
      run.opened.push({ id: created.payment.id, buyer, callback: null });
      return;
    }
    case 'bank': {
      const opened = pick(run, action.slot);
      const payment = opened && (await row(ctx, opened.id));
      if (!opened || !payment?.gatewayRef || payment.gateway !== 'zarinpal') return;
      const pressed = await sim.fake.app.request(`/pg/StartPay/${payment.gatewayRef}`, {
        method: 'POST',
        body: new URLSearchParams({ action: action.press }),
      });
      opened.callback = pressed.headers.get('location');
      return;
    }
    case 'return': {
      const opened = pick(run, action.slot);
      if (!opened?.callback) return;
      const params = Object.fromEntries(new URL(opened.callback).searchParams);
      await Promise.all(
        Array.from({ length: action.copies }, (_, i) =>
          handleCallback(i % 2 === 0 ? ctx : sim.sibling, 'zarinpal', params),
        ),
      );
      return;
    }
    case 'lose': {
      const opened = pick(run, action.slot);
      const payment = opened && (await row(ctx, opened.id));
      if (payment?.gatewayRef) sim.lost.add(`${action.operation}.json:${payment.gatewayRef}`);
      return;
    }
    case 'crash': {
      // The process verified at the gateway, booked it, and died before fulfilling: its claim is
      // never given back, and a fulfilment it had begun rolls back.
      const opened = pick(run, action.slot);
      if (!opened) return;
      const claim = await claimVerify(ctx.database.db, opened.id, ctx.clock.now(), 4000);
      const adapter = ctx.gateways.get('zarinpal')!;
      if (claim) {
        const answer = await adapter.verify(gatewayCallOf(claim.row));
        if (answer.outcome === 'paid') await recordVerified(ctx, claim.row, answer);
      }
      const verified = await row(ctx, opened.id);
      const accounts = await paymentAccounts(ctx.database.db, verified);
      await ctx.database.db
        .transaction(async (tx) => {
          const locked = await lockPayment(tx, opened.id, ['verified']);
          if (locked) await fulfilLocked(tx, ctx, locked, accounts, { reversible: true });
          throw new Crash();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Crash)) throw error;
        });
      return;
    }
    case 'look': {
      const opened = pick(run, action.slot);
      if (opened) await viewPayment(ctx, run.userIds[opened.buyer]!, opened.id, 'fa', true);
      return;
    }
    case 'sweep':
      await Promise.all(
        action.instances === 2
          ? [reconcilePayments(ctx), reconcilePayments(sim.sibling)]
          : [reconcilePayments(ctx)],
      );
      return;
    case 'wait':
      sim.app.clock.advance(action.minutes * 60);
      return;
    case 'refund': {
      const opened = pick(run, action.slot);
      if (!opened) return;
      const payment = await row(ctx, opened.id);
      // What the staff member saw on the payment's page a moment ago.
      const seen = await refundedOf(ctx.database.db, payment.id);
      const left = payment.total - seen;
      const amount = action.part === 'whole' ? left : Math.floor(left / 2);
      if (amount <= 0) return;
      await refundToWallet(ctx, { userId: sim.staffId }, payment.id, {
        amount,
        reason: 'simulated',
        expectedRefunded: seen,
      });
      return;
    }
    case 'reverse': {
      const opened = pick(run, action.slot);
      if (!opened) return;
      const seen = await doneOrWaiting(ctx, opened.id);
      await reverseAtGateway(ctx, { userId: sim.staffId }, opened.id, {
        reason: 'simulated',
        expectedRefunded: seen,
      });
      return;
    }
    case 'order': {
      const opened = pick(run, action.slot);
      if (!opened) return;
      const [order] = await ctx.database.db
        .select()
        .from(shopOrders)
        .where(eq(shopOrders.paymentId, opened.id));
      if (!order) return;
      await moveOrder(
        ctx,
        action.by === 'buyer'
          ? { userId: run.userIds[opened.buyer]!, as: 'viewer' }
          : { userId: sim.staffId, as: 'staff' },
        order.id,
        { status: action.by === 'buyer' ? 'Canceled' : 'Rejected' },
      );
      return;
    }
  }
}

/** What the console shows as refunded (refused reversals left out), as lockForRefund compares it. */
async function doneOrWaiting(ctx: AppContext, paymentId: number): Promise<number> {
  const rows = await ctx.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return rows.filter((refund) => refund.status !== 'refused').reduce((sum, refund) => sum + refund.amount, 0);
}

/** An unexpected error in a line or two: Drizzle's "Failed query" keeps the database's reason in `cause`. */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const where = error.stack?.split('\n').find((line) => line.includes('/src/server/')) ?? '';
  return `${error.message.split('\n')[0]}${cause}${where ? `\n    ${where.trim()}` : ''}`;
}

/** Runs one action on the instance `onSibling` names, keeping anything but a refusal. */
export async function perform(run: Run, action: Action, onSibling: boolean): Promise<void> {
  if (action.do === 'rush') {
    const { what, pay, code } = action;
    await Promise.all(
      run.buyers.map((_, buyer) =>
        perform(run, { do: 'buy', buyer, what, pay, code, twice: false }, buyer % 2 === 1),
      ),
    );
    return;
  }
  if (action.do === 'buy' && action.twice) {
    const once = { ...action, twice: false };
    await Promise.all([perform(run, once, onSibling), perform(run, once, !onSibling)]);
    return;
  }
  try {
    await act(run, onSibling ? run.sim.sibling : run.sim.app.ctx, action);
  } catch (error) {
    if (error instanceof DomainError) return;
    run.unexpected.push(`${describe(action)}: ${failure(error)}`);
  }
}

/**
 * The end of every run: time passes beyond every deadline, finance asks again about the reversals
 * still waiting for the gateway, and both instances sweep at once, then once more.
 */
export async function finish(run: Run): Promise<void> {
  const { sim } = run;
  sim.app.clock.advance(FINAL_WAIT_MINUTES * 60);
  sim.lost.clear();
  for (const opened of run.opened) {
    const waiting = await sim.app.ctx.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, opened.id));
    if (waiting.some((refund) => refund.status === 'requested')) {
      await perform(run, { do: 'reverse', slot: run.opened.indexOf(opened) }, false);
    }
  }
  await perform(run, { do: 'sweep', instances: 2 }, false);
  await perform(run, { do: 'sweep', instances: 1 }, true);
}

/** One line of a schedule, as the failure report prints it. */
export function describe(action: Action): string {
  switch (action.do) {
    case 'rush':
      return `every buyer buys ${action.what} at once by ${action.pay}${action.code ? ` with code ${action.code}` : ''}`;
    case 'buy':
      return `buyer ${action.buyer} buys ${action.what} by ${action.pay}${action.code ? ` with code ${action.code}` : ''}${action.twice ? ' (double click)' : ''}`;
    case 'bank':
      return `payer of #${action.slot} presses ${action.press} at the gateway`;
    case 'return':
      return `browser of #${action.slot} comes back${action.copies > 1 ? ` ×${action.copies} (duplicated)` : ''}`;
    case 'lose':
      return `gateway's next ${action.operation} answer for #${action.slot} is lost after it acted`;
    case 'crash':
      return `instance verifies #${action.slot} and crashes before fulfilling`;
    case 'look':
      return `buyer of #${action.slot} looks at the payment`;
    case 'sweep':
      return action.instances === 2 ? 'both instances sweep at once' : 'one instance sweeps';
    case 'wait':
      return `${action.minutes} minutes pass`;
    case 'refund':
      return `staff refund ${action.part} of #${action.slot} to the wallet`;
    case 'reverse':
      return `staff reverse #${action.slot} to the card`;
    case 'order':
      return `${action.by === 'buyer' ? 'buyer cancels' : 'staff rejects'} the order of #${action.slot}`;
  }
}
