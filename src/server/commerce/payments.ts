import { and, eq, ne, sql } from 'drizzle-orm';
import {
  walletChargeBounds,
  type CreatedPayment,
  type Currency,
  type GatewayType,
  type Payment,
  type PaymentRequest,
  type PaymentStatus,
  type PaymentType,
  type Quote,
  type QuoteRequest,
} from '../../shared/commerce';
import type { Locale } from '../../lib/locale';
import type { Attribution } from '../../shared/growth';
import type { MessageKey } from '../../shared/messages';
import type { AppContext } from '../context';
import { absoluteUrl } from '../core/public-url';
import { defineRateLimit } from '../core/rate-limit';
import type { DbTransaction } from '../db/client';
import { payments } from '../db/schema';
import { DomainError, invalidFields } from '../errors';
import { recordPaymentAttribution } from '../growth';
import { checkPurchasePin } from '../auth';
import { ageLimitOf, notOnProfile } from '../users';
import {
  checkDiscount,
  recordRedemption,
  reserveDiscount,
  settleRedemption,
  type ApplicableDiscount,
} from './discounts';
import { lockAccount } from './entitlements';
import { fulfilLocked, fulfilVerified, releaseHolds } from './fulfilment';
import { GatewayError, type GatewayAdapter } from './gateways';
import type { GatewayReturn } from './gateways/gateway';
import { InsufficientFunds, paymentAccounts, transfer, walletBalance } from './ledger';
import { priceLines } from './money';
import type { Offer, ProductKind } from './kinds';
import { currencyFor } from './offers';
import {
  claimVerify,
  gatewayCallOf,
  lockPayment,
  moveStatus,
  ownPayment,
  recordStart,
  releaseVerify,
  type PaymentRow,
} from './payment-records';
import { log } from '../core/log';

/**
 * One orchestration for every payment type (docs/decisions/0014-commerce.md): price it, hold the
 * wallet part and the discount, send the viewer to the gateway, verify what comes back, fulfil once.
 * Every step is a transaction that locks the payment and checks its status first, so replays, races
 * between callbacks, pollers and instances, and a crash between two steps all end the same way.
 */

export interface Buyer {
  userId: number;
  phone: string | null;
  email: string | null;
  clientAddress: string;
  locale: Locale;
  /** The first campaign the buyer's browser kept; none for payments no browser started. */
  attribution?: Attribution | null;
  /** The profile the buyer's session watches on: a kids profile tops up no wallet. */
  profileId?: number | null;
  /** The main profile's PIN as the buyer typed it, for an account that asks for a purchase PIN. */
  pin?: string;
  /** A renewal the account agreed to when it signed the direct debit: nobody is there to type a PIN. */
  agreed?: boolean;
}

const MINUTE_MS = 60_000;

/** What a payment request buys: its kind (none for a wallet top-up) and the kind's priced offer. */
interface Sellable {
  type: PaymentType;
  currency: Currency;
  kind: ProductKind | null;
  offer: Offer;
}

/** Checks the request's shape for its type, and has its kind price it (refusing what the viewer holds). */
async function prepare(ctx: AppContext, buyer: Buyer, request: QuoteRequest): Promise<Sellable> {
  const currency = currencyFor(ctx, request.currency, buyer.clientAddress);
  const kind = ctx.kinds.of(request.type);
  if (!kind) {
    const bounds = walletChargeBounds[currency];
    if (request.amount === undefined) throw invalidFields({ amount: 'amount_required' });
    if (request.amount < bounds.min || request.amount > bounds.max) {
      throw new DomainError('validation', undefined, {
        fields: {
          amount: [
            request.amount < bounds.min
              ? { key: 'too_small', params: { min: bounds.min } }
              : { key: 'too_big', params: { max: bounds.max } },
          ],
        },
      });
    }
  } else {
    if (request.item_id === undefined && !kind.itemless) throw invalidFields({ item_id: 'item_required' });
    if (request.amount !== undefined) throw invalidFields({ amount: 'not_for_this_type' });
  }
  if (request.seats !== undefined && !kind?.fields?.includes('seats')) {
    throw invalidFields({ seats: 'not_for_this_type' });
  }
  if ((request.gift_to ?? request.gift_message) !== undefined && !kind?.fields?.includes('gift')) {
    throw invalidFields({ gift_to: 'not_for_this_type' });
  }
  const buying = {
    userId: buyer.userId,
    clientAddress: buyer.clientAddress,
    country: ctx.geo.locate(buyer.clientAddress).country,
    currency,
  };
  const offer: Offer = kind
    ? await kind.price(ctx, request, buying)
    : { price: request.amount ?? 0, taxable: false, productId: null, packageId: null, hold: null };
  return { type: request.type, currency, kind, offer };
}

function discountTarget(ctx: AppContext, buyer: Buyer, sellable: Sellable) {
  return {
    type: sellable.type,
    productId: sellable.offer.productId,
    currency: sellable.currency,
    userId: buyer.userId,
    now: ctx.clock.now(),
  };
}

/** POST /payments/quote: the price lines the purchase dialog shows, the discount code checked live. */
export async function quotePayment(ctx: AppContext, buyer: Buyer, request: QuoteRequest): Promise<Quote> {
  const sellable = await prepare(ctx, buyer, request);
  const { db } = ctx.database;
  const discount = request.discount_code
    ? await checkDiscount(db, request.discount_code, discountTarget(ctx, buyer, sellable))
    : null;
  const balance = await walletBalance(db, buyer.userId, sellable.currency);
  const lines = priceLines({
    currency: sellable.currency,
    price: sellable.offer.price,
    discount,
    taxable: sellable.offer.taxable,
    walletAvailable: request.use_wallet && sellable.type !== 'CHARGE_WALLET' ? balance : 0,
  });
  return { ...lines, discount_code: discount?.code ?? null, wallet_balance: balance };
}

function gatewayFor(ctx: AppContext, type: GatewayType, currency: Currency): GatewayAdapter {
  const adapter = ctx.gateways.get(type);
  if (!adapter || !adapter.currencies.includes(currency))
    throw invalidFields({ gateway: 'gateway_unavailable' });
  return adapter;
}

/** POST /payments: opens the payment and either fulfils it (the wallet paid it all) or sends the viewer to the gateway. */
export async function startPayment(
  ctx: AppContext,
  buyer: Buyer,
  request: PaymentRequest,
): Promise<CreatedPayment> {
  // Topping up the wallet is the grown-ups', as the wallet page is (decision record 0046), PIN or not.
  if (
    request.type === 'CHARGE_WALLET' &&
    (await ageLimitOf(ctx.database.db, buyer.profileId ?? null)) !== null
  )
    throw notOnProfile();
  // A rule of every purchase (issue 29): an account that asks for a purchase PIN starts no payment,
  // by card or from the wallet, without it, so a child on the account cannot rent a film or spend.
  if (!buyer.agreed) await checkPurchasePin(ctx, buyer.userId, buyer.pin);
  const sellable = await prepare(ctx, buyer, request);
  const { currency } = sellable;
  const byWallet = request.gateway === 'wallet';
  if (byWallet && sellable.type === 'CHARGE_WALLET') throw invalidFields({ gateway: 'gateway_unavailable' });
  const adapter = byWallet ? null : gatewayFor(ctx, request.gateway as GatewayType, currency);
  const useWallet = (byWallet || request.use_wallet === true) && sellable.type !== 'CHARGE_WALLET';
  const now = ctx.clock.now();

  const accounts = await paymentAccounts(ctx.database.db, {
    currency,
    userId: buyer.userId,
    gateway: adapter?.type ?? 'wallet',
  });
  let payment: PaymentRow;
  try {
    payment = await ctx.database.db.transaction(async (tx) => {
      await lockAccount(tx, buyer.userId);
      const discount: ApplicableDiscount | null = request.discount_code
        ? await reserveDiscount(tx, request.discount_code, discountTarget(ctx, buyer, sellable))
        : null;
      const balance = useWallet ? await walletBalance(tx, buyer.userId, currency) : 0;
      const lines = priceLines({
        currency,
        price: sellable.offer.price,
        discount,
        taxable: sellable.offer.taxable,
        walletAvailable: balance,
      });
      if (byWallet && lines.gateway_part > 0) throw invalidFields({ gateway: 'wallet_insufficient' });
      const [row] = await tx
        .insert(payments)
        .values({
          userId: buyer.userId,
          type: sellable.type,
          status: 'started',
          currency,
          price: lines.price,
          discount: lines.discount,
          vat: lines.vat,
          total: lines.total,
          walletPart: lines.wallet_part,
          gatewayPart: lines.gateway_part,
          gateway: lines.gateway_part === 0 ? 'wallet' : adapter!.type,
          productId: sellable.offer.productId,
          packageId: sellable.offer.packageId,
          discountCodeId: discount?.id ?? null,
          locale: buyer.locale,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + ctx.config.paymentTtlMinutes * MINUTE_MS),
        })
        .returning();
      const started = row!;
      await recordStart(tx, started, now);
      await recordPaymentAttribution(tx, started.id, buyer.attribution ?? null);
      if (discount) await recordRedemption(tx, discount, buyer.userId, started.id);
      // The kind's rows are locked after the discount code and before ledger accounts.
      const { kind, offer } = sellable;
      if (kind?.reserve && offer.hold !== null) await kind.reserve(tx, started, offer.hold);
      if (started.walletPart > 0) {
        const moved = await transfer(tx, {
          debit: accounts.wallet,
          credit: accounts.checkout,
          amount: started.walletPart,
          currency,
          kind: 'wallet_hold',
          paymentId: started.id,
          // Held while the gateway part is pending; taken at once when the wallet pays it all.
          pending: started.gatewayPart > 0,
        });
        if (moved === null) throw new InsufficientFunds();
      }
      return started.gatewayPart === 0 ? fulfilLocked(tx, ctx, started, accounts) : started;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw invalidFields({ use_wallet: 'wallet_insufficient' });
    throw error;
  }
  if (!adapter) {
    if (payment.status === 'fulfilled') {
      await sellable.kind?.afterDelivery?.(ctx, payment);
    }
    return {
      payment: await ownPayment(ctx.database.db, buyer.userId, payment.id, buyer.locale),
      redirect: null,
    };
  }

  let redirect: CreatedPayment['redirect'];
  try {
    const opened = await adapter.request({
      paymentId: payment.id,
      amount: payment.gatewayPart,
      currency,
      description: `${buyer.locale === 'fa' ? 'پرداخت شمارهٔ' : 'Payment no.'} ${payment.id}`,
      callbackUrl: absoluteUrl(ctx.config, `/api/v1/payments/callback/${adapter.type}`),
      mobile: buyer.phone ? `0${buyer.phone.slice(3)}` : null,
      email: buyer.email,
    });
    redirect = opened.redirect;
    await ctx.database.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id, ['started']);
      if (locked) {
        await moveStatus(tx, locked, 'at_gateway', ctx.clock.now(), {
          gatewayRef: opened.ref,
          gatewayData: opened.data ?? {},
        });
      }
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log.warn(
      { paymentId: payment.id, gateway: payment.gateway, reason: error.message },
      `payment ${payment.id}: ${error.message}`,
    );
    await endUnpaid(ctx, payment.id, ['started'], 'failed', 'gateway_failed');
    throw new DomainError('unavailable', 'gateway_failed');
  }
  return { payment: await ownPayment(ctx.database.db, buyer.userId, payment.id, buyer.locale), redirect };
}

/** Ends a payment whose money never arrived: the wallet part and the discount are given back. */
async function endUnpaid(
  ctx: AppContext,
  paymentId: number,
  from: readonly PaymentStatus[],
  to: 'cancelled' | 'failed' | 'expired',
  note: MessageKey,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId, from);
    if (payment) await endUnpaidLocked(tx, ctx, payment, to, note);
  });
}

async function endUnpaidLocked(
  tx: DbTransaction,
  ctx: AppContext,
  payment: PaymentRow,
  to: 'cancelled' | 'failed' | 'expired',
  note: MessageKey,
): Promise<void> {
  await lockAccount(tx, payment.userId);
  await settleRedemption(tx, payment, false);
  await ctx.kinds.of(payment.type)?.release?.(tx, payment);
  await releaseHolds(tx, payment);
  await moveStatus(tx, payment, to, ctx.clock.now(), { noteKey: note });
}

/**
 * The gateway confirmed the money: the payment becomes verified and the gateway part enters the
 * checkout, once. Fulfilment is the next, separate step, so a crash between them leaves a verified
 * payment that reconciliation (or the viewer's next look) fulfils. A trace another payment already
 * holds is refused: SEP confirms an old RefNum again to anyone who asks, so a callback could present
 * one movement of money for a second purchase (the unique index stops two racing).
 */
export async function recordVerified(
  ctx: AppContext,
  row: PaymentRow,
  answer: { trace: string; card: string | null },
): Promise<void> {
  const { db } = ctx.database;
  const accounts = await paymentAccounts(db, row);
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, row.id, ['at_gateway']);
    if (!payment) return;
    const [reused] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.gateway, payment.gateway),
          eq(payments.gatewayTrace, answer.trace),
          ne(payments.id, payment.id),
        ),
      );
    if (reused) {
      log.warn(
        { paymentId: payment.id, gateway: payment.gateway, paidBy: reused.id },
        `payment ${payment.id}: trace already paid for payment ${reused.id}`,
      );
      await endUnpaidLocked(tx, ctx, payment, 'failed', 'payment_reference_reused');
      return;
    }
    await transfer(tx, {
      debit: accounts.gateway!,
      credit: accounts.checkout,
      amount: payment.gatewayPart,
      currency: payment.currency,
      kind: 'gateway_in',
      paymentId: payment.id,
    });
    await moveStatus(tx, payment, 'verified', ctx.clock.now(), {
      gatewayTrace: answer.trace,
      cardPan: answer.card,
    });
  });
}

/**
 * How long a verify claim lasts: beyond the longest verify (two calls to the gateway, as Mellat's
 * verify and settle, each within the gateway deadline) and small clock differences between instances.
 */
const verifyLeaseMs = (ctx: AppContext) => 4 * ctx.config.gateways.timeoutMs;

/** Asks the gateway about a payment this caller claimed, and moves the payment on by its answer. */
async function verifyClaimed(
  ctx: AppContext,
  adapter: GatewayAdapter,
  payment: PaymentRow,
  returned: Returned | null,
): Promise<void> {
  const answer = await adapter.verify(gatewayCallOf(payment));
  const now = ctx.clock.now();
  if (answer.outcome === 'paid') {
    await recordVerified(ctx, payment, answer);
  } else if (answer.outcome === 'mismatch') {
    await endUnpaid(ctx, payment.id, ['at_gateway'], 'failed', 'payment_amount_mismatch');
  } else if (answer.outcome === 'lapsed') {
    await endUnpaid(ctx, payment.id, ['at_gateway'], 'expired', 'payment_lapsed');
  } else if (answer.outcome === 'unpaid') {
    // A refused card is final and said as such; a cancel only once the browser came back.
    if (answer.declined || returned?.declined) {
      await endUnpaid(ctx, payment.id, ['at_gateway'], 'failed', 'payment_declined');
    } else if (returned) await endUnpaid(ctx, payment.id, ['at_gateway'], 'cancelled', 'payment_cancelled');
    else if (payment.expiresAt <= now)
      await endUnpaid(ctx, payment.id, ['at_gateway'], 'expired', 'payment_expired');
  } else {
    log.warn(
      { paymentId: payment.id, gateway: payment.gateway, reason: answer.message },
      `payment ${payment.id}: verify deferred: ${answer.message}`,
    );
  }
}

/** What the browser's return from the gateway said: paid, and whether a card was refused. */
type Returned = Pick<GatewayReturn, 'ok' | 'declined'>;

/**
 * Moves a payment on as far as the gateway's answer allows: verify at the gateway (amount compared),
 * then fulfil. `returned` says the browser came back from the gateway (its verdict in `ok`): an
 * unpaid payment then ends at once; otherwise (reconciliation) only once it expired.
 */
export async function settlePayment(
  ctx: AppContext,
  paymentId: number,
  returned: Returned | null = null,
): Promise<void> {
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  if (payment.status === 'at_gateway' && payment.gatewayRef) {
    const adapter = ctx.gateways.get(payment.gateway);
    if (!adapter) return;
    // Whoever holds the claim asks the gateway and moves the payment on; the others only look.
    const claim = await claimVerify(ctx.database.db, payment.id, ctx.clock.now(), verifyLeaseMs(ctx));
    if (claim) {
      try {
        await verifyClaimed(ctx, adapter, claim.row, returned);
      } finally {
        await releaseVerify(ctx.database.db, claim);
      }
    }
  } else if (payment.status === 'started' && payment.expiresAt <= ctx.clock.now()) {
    // The gateway never took it (a crash between opening the payment and asking the gateway).
    await endUnpaid(ctx, payment.id, ['started'], 'expired', 'payment_expired');
  }
  const [now] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
  if (now?.status === 'verified') await fulfilVerified(ctx, now);
}

/**
 * How often a look may send a payment's question to its gateway: the result page asks on arrival and
 * every 15 s, so a few tabs stay well inside; a client asking in a loop gets the payment as it stands
 * and never makes us hammer the bank (whose own limits would then refuse our sweeps and callbacks).
 */
const gatewayChecks = defineRateLimit({ name: 'payment-gateway-check', limit: 6, windowSeconds: 60 });

async function mayAskGateway(ctx: AppContext, id: number): Promise<boolean> {
  try {
    await ctx.rateLimiter.consume(gatewayChecks, String(id));
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited') return false;
    throw error;
  }
}

/**
 * GET /payments/{id}: the payment for its owner. One stuck after verification (a crash between the
 * steps) is fulfilled by the first look at it, so the result page never waits for reconciliation.
 * With `check` (the result page when the viewer lands on it, and now and then while it waits), one
 * still at the gateway is asked about there at once, through settlePayment's verify claim as the
 * callback and reconciliation are: a lost return from the bank settles in seconds, not at the sweep.
 */
export async function viewPayment(
  ctx: AppContext,
  userId: number,
  id: number,
  locale: Locale,
  check = false,
): Promise<Payment> {
  const payment = await ownPayment(ctx.database.db, userId, id, locale);
  const asked = check && payment.status === 'at_gateway' && (await mayAskGateway(ctx, id));
  if (payment.status !== 'verified' && !asked) return payment;
  await settlePayment(ctx, id);
  return ownPayment(ctx.database.db, userId, id, locale);
}

/** GET|POST /payments/callback/{gateway}: the payment the browser came back for, settled. */
export async function handleCallback(
  ctx: AppContext,
  gateway: GatewayType,
  params: Record<string, string>,
): Promise<{ id: number; locale: Locale } | null> {
  const adapter = ctx.gateways.get(gateway);
  const returned = adapter?.parseCallback(params);
  if (!adapter || !returned) return null;
  const [payment] = await ctx.database.db
    .select({ id: payments.id, locale: payments.locale })
    .from(payments)
    .where(and(eq(payments.gateway, adapter.type), eq(payments.gatewayRef, returned.ref)));
  if (!payment) return null;
  if (returned.data) {
    // Kept for verify and for reconciliation, should this request not get that far.
    await ctx.database.db
      .update(payments)
      .set({ gatewayData: sql`${payments.gatewayData} || ${JSON.stringify(returned.data)}::jsonb` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'at_gateway')));
  }
  await settlePayment(ctx, payment.id, { ok: returned.ok, declined: returned.declined ?? false });
  return payment;
}
