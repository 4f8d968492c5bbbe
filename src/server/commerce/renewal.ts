import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import type { AppContext } from '../context';
import { runPeriodically } from '../core/periodic';
import { paymanContracts, paymanRenewals, payments, subscriptions, users } from '../db/schema';
import type { PaymentStatus } from '../../shared/commerce';
import { signatureOf } from './direct-debit';
import type { PaymentRow } from './payment-records';
import { recordVerified, settlePayment, startPayment } from './payments';
import { log } from '../core/log';

/**
 * Monthly renewals under direct-debit contracts (docs/decisions/0024-direct-debit.md). A contract is
 * due when its viewer's latest subscription ends within RENEW_BEFORE_MS; the charge is a SUBSCRIPTION
 * payment through the one orchestration (Zarinpal request.json, then Payman checkout.json with the
 * signature instead of the viewer at StartPay), so it is fulfilled once like any other. Exactly once
 * per period across instances: the renewal row (contract, period end) is claimed by inserting it, and
 * each attempt by a conditional update. A refused charge is tried again after RETRY_AFTER_MS.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const RENEW_BEFORE_MS = 2 * DAY_MS;
/** Pauses before the second and third attempt; after the last one the period is given up. */
export const RETRY_AFTER_MS = [DAY_MS, 2 * DAY_MS] as const;
const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;
/** An attempt that never opened its payment (the instance stopped) counts as failed after this. */
const STALE_CLAIM_MS = HOUR_MS;

type Renewal = typeof paymanRenewals.$inferSelect;
type Contract = typeof paymanContracts.$inferSelect;

/** Tells the viewer by e-mail when the account has one, else by SMS. */
async function notify(
  ctx: AppContext,
  contract: Contract,
  text: 'direct_debit_charged' | 'direct_debit_failed' | 'direct_debit_gave_up',
  params: Record<string, string | number>,
): Promise<void> {
  const [user] = await ctx.database.db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, contract.userId));
  const to = user?.email ?? user?.phone;
  if (!to) return;
  await ctx.notifier.sendNotice(
    to,
    { subject: { key: 'direct_debit_notice_subject' }, text: { key: text, params } },
    contract.locale,
  );
}

/** Ends an attempt: paid, due again later, or failed for good after the last attempt. */
async function closeAttempt(
  ctx: AppContext,
  renewal: Renewal,
  contract: Contract,
  payment: PaymentRow | null,
): Promise<void> {
  const now = ctx.clock.now();
  const paid = payment?.status === 'fulfilled';
  const last = renewal.attempts >= MAX_ATTEMPTS;
  const [closed] = await ctx.database.db
    .update(paymanRenewals)
    .set(
      paid
        ? { status: 'paid', updatedAt: now }
        : last
          ? { status: 'failed', paymentId: null, updatedAt: now }
          : {
              status: 'due',
              paymentId: null,
              nextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MS[renewal.attempts - 1]!),
              updatedAt: now,
            },
    )
    .where(and(eq(paymanRenewals.id, renewal.id), eq(paymanRenewals.status, 'charging')))
    .returning({ id: paymanRenewals.id });
  // Another instance closed it first and told the viewer.
  if (!closed) return;
  const amount = formatMoney(payment?.gatewayPart ?? contract.maxAmount, 'IRR', contract.locale);
  if (paid) {
    const until = payment.subscriptionEndsAt ? formatDate(payment.subscriptionEndsAt, contract.locale) : '';
    await notify(ctx, contract, 'direct_debit_charged', { amount, until });
  } else {
    await notify(ctx, contract, last ? 'direct_debit_gave_up' : 'direct_debit_failed', { amount });
  }
}

async function paymentOf(ctx: AppContext, id: number | null): Promise<PaymentRow | null> {
  if (id === null) return null;
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

const UNFINISHED: readonly PaymentStatus[] = ['started', 'at_gateway', 'verified'];

/**
 * One attempt, on a renewal this instance claimed: opens the payment, records it on the renewal, then
 * charges it. A charge with no answer is left to reconciliation (verify.json of the authority), and
 * the attempt is closed by a later pass once the payment ends.
 */
async function attempt(ctx: AppContext, renewal: Renewal, contract: Contract): Promise<void> {
  const payman = ctx.gateways.payman!;
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, contract.userId));
  let paymentId: number;
  try {
    const created = await startPayment(
      ctx,
      {
        userId: contract.userId,
        phone: user?.phone ?? null,
        email: user?.email ?? null,
        // Not the viewer's request: no address, and the currency is the contract's.
        clientAddress: '',
        locale: contract.locale,
        agreed: true,
      },
      {
        type: 'SUBSCRIPTION',
        item_id: contract.packageId,
        currency: 'IRR',
        gateway: 'zarinpal',
        use_wallet: false,
      },
    );
    paymentId = created.payment.id;
  } catch (error) {
    log.warn(
      { err: error, gateway: 'payman', renewalId: renewal.id },
      `payman renewal ${renewal.id}: the payment could not start`,
    );
    await closeAttempt(ctx, renewal, contract, null);
    return;
  }
  await ctx.database.db.update(paymanRenewals).set({ paymentId }).where(eq(paymanRenewals.id, renewal.id));
  const payment = (await paymentOf(ctx, paymentId))!;
  if (payment.status === 'at_gateway' && payment.gatewayRef) {
    const charge = await payman.checkout(payment.gatewayRef, signatureOf(ctx, contract));
    if (charge.outcome === 'paid' && charge.amount === payment.gatewayPart) {
      await recordVerified(ctx, payment, { trace: charge.trace, card: null });
      await settlePayment(ctx, paymentId);
    } else if (charge.outcome !== 'error') {
      // Refused, or another amount: verify.json with ours decides and ends the payment.
      await settlePayment(ctx, paymentId, { ok: false });
    } else {
      log.warn(
        { gateway: 'payman', renewalId: renewal.id, paymentId },
        `payman renewal ${renewal.id}: checkout unanswered, left to reconciliation`,
      );
    }
  }
  await finishCharging(ctx, { ...renewal, paymentId }, contract);
}

/** Closes an attempt whose payment ended; one still moving waits for the next pass. */
async function finishCharging(ctx: AppContext, renewal: Renewal, contract: Contract): Promise<void> {
  const payment = await paymentOf(ctx, renewal.paymentId);
  if (payment && UNFINISHED.includes(payment.status)) return;
  if (!payment && ctx.clock.now().getTime() - renewal.updatedAt.getTime() < STALE_CLAIM_MS) return;
  await closeAttempt(ctx, renewal, contract, payment);
}

/** The period each contract in force is due to renew now, as its renewal row (created once). */
async function dueRenewals(ctx: AppContext): Promise<{ renewal: Renewal; contract: Contract }[]> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const dueBy = new Date(now.getTime() + RENEW_BEFORE_MS);
  // Retries run into the days after the end; a subscription long over is not revived.
  const notBefore = new Date(now.getTime() - RETRY_AFTER_MS.reduce((a, b) => a + b) - DAY_MS);
  const inForce = await db
    .select()
    .from(paymanContracts)
    .where(and(eq(paymanContracts.status, 'signed'), gt(paymanContracts.expiresAt, now)));
  const result = [];
  for (const contract of inForce) {
    const [latest] = await db
      .select({ endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, contract.userId))
      .orderBy(desc(subscriptions.endsAt))
      .limit(1);
    if (!latest || latest.endsAt > dueBy || latest.endsAt <= notBefore) continue;
    await db
      .insert(paymanRenewals)
      .values({
        contractId: contract.id,
        periodEnd: latest.endsAt,
        status: 'due',
        nextAttemptAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [renewal] = await db
      .select()
      .from(paymanRenewals)
      .where(and(eq(paymanRenewals.contractId, contract.id), eq(paymanRenewals.periodEnd, latest.endsAt)));
    if (renewal) result.push({ renewal, contract });
  }
  return result;
}

/** One pass: close attempts whose payments ended, then charge what is due and claimed here. */
export async function renewSubscriptions(ctx: AppContext): Promise<void> {
  if (!ctx.gateways.payman) return;
  const { db } = ctx.database;
  const charging = await db
    .select({ renewal: paymanRenewals, contract: paymanContracts })
    .from(paymanRenewals)
    .innerJoin(paymanContracts, eq(paymanContracts.id, paymanRenewals.contractId))
    .where(eq(paymanRenewals.status, 'charging'));
  for (const { renewal, contract } of charging) await finishCharging(ctx, renewal, contract);

  for (const { renewal, contract } of await dueRenewals(ctx)) {
    const now = ctx.clock.now();
    const [claimed] = await db
      .update(paymanRenewals)
      .set({ status: 'charging', attempts: sql`${paymanRenewals.attempts} + 1`, updatedAt: now })
      .where(
        and(
          eq(paymanRenewals.id, renewal.id),
          eq(paymanRenewals.status, 'due'),
          lte(paymanRenewals.nextAttemptAt, now),
          isNull(paymanRenewals.paymentId),
        ),
      )
      .returning();
    if (!claimed) continue;
    try {
      await attempt(ctx, claimed, contract);
    } catch (error) {
      log.error(
        { err: error, gateway: 'payman', renewalId: claimed.id },
        `payman renewal ${claimed.id} failed`,
      );
    }
  }
}

/** Renewals now and then every `intervalMs`; the returned function stops them. */
export function startRenewals(ctx: AppContext, intervalMs = 10 * 60_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'direct-debit-renewals', () => renewSubscriptions(ctx), intervalMs);
}
