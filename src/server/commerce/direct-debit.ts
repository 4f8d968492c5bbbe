import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DirectDebit, DirectDebitContract } from '../../shared/direct-debit';
import type { Locale } from '../../lib/locale';
import type { AppContext } from '../context';
import { absoluteUrl } from '../core/public-url';
import { paymanContracts, subscriptionPackages, subscriptions, users } from '../db/schema';
import { DomainError, invalidFields } from '../errors';
import { checkPurchasePin } from '../auth';
import { GatewayError, type PaymanAdapter } from './gateways';
import { priceLines } from './money';
import { seal, unseal } from './sealed';
import { log } from '../core/log';

/**
 * The viewer's direct-debit contract (Zarinpal Payman, docs/decisions/0024-direct-debit.md): asked
 * with the account's mobile, signed at the bank's page, its signature kept sealed, cancelled by the
 * viewer at any time. The charges under it are renewal.ts's.
 */

const DAY_MS = 86_400_000;
/** How long a contract runs; Payman wants at least 30 days. */
export const CONTRACT_DAYS = 365;
/** One charge a month, room for the retries of a refused one. */
export const CONTRACT_LIMITS = { maxDailyCount: 1, maxMonthlyCount: 4 } as const;

export function paymanOf(ctx: AppContext): PaymanAdapter {
  if (!ctx.gateways.payman) throw new DomainError('not_found', 'direct_debit_unavailable');
  return ctx.gateways.payman;
}

/** The monthly package a contract renews and what one month costs with VAT, in rials. */
export async function monthlyPackage(ctx: AppContext): Promise<{ id: number; total: number }> {
  const [pack] = await ctx.database.db
    .select()
    .from(subscriptionPackages)
    .where(and(eq(subscriptionPackages.active, true), eq(subscriptionPackages.months, 1)))
    .orderBy(asc(subscriptionPackages.id))
    .limit(1);
  if (!pack) throw new DomainError('not_found', 'direct_debit_unavailable');
  const lines = priceLines({
    currency: 'IRR',
    price: pack.priceIrr,
    discount: null,
    taxable: true,
    walletAvailable: 0,
  });
  return { id: pack.id, total: lines.total };
}

type ContractRow = typeof paymanContracts.$inferSelect;

function contractView(row: ContractRow): DirectDebitContract {
  return {
    id: row.id,
    status: row.status,
    bank_name: row.bankName,
    bank_code: row.bankCode,
    mobile: row.mobile,
    max_amount: row.maxAmount,
    max_daily_count: row.maxDailyCount,
    max_monthly_count: row.maxMonthlyCount,
    expires_at: row.expiresAt.toISOString(),
    signed_at: row.signedAt?.toISOString() ?? null,
  };
}

async function signedContract(ctx: AppContext, userId: number): Promise<ContractRow | undefined> {
  const [row] = await ctx.database.db
    .select()
    .from(paymanContracts)
    .where(and(eq(paymanContracts.userId, userId), eq(paymanContracts.status, 'signed')));
  return row;
}

/** GET /me/direct-debit: the contract in force (or the latest one) and the banks to sign with. */
export async function directDebitOf(ctx: AppContext, userId: number): Promise<DirectDebit> {
  const payman = paymanOf(ctx);
  const latest = async () => {
    const [row] = await ctx.database.db
      .select()
      .from(paymanContracts)
      .where(eq(paymanContracts.userId, userId))
      .orderBy(desc(paymanContracts.id))
      .limit(1);
    return row;
  };
  const last = await latest();
  if (last?.status === 'pending') await settleContract(ctx, payman, last, null);
  const row = (await signedContract(ctx, userId)) ?? (await latest());
  let banks: DirectDebit['banks'] = [];
  try {
    banks = (await payman.banks()).map((bank) => ({ name: bank.name, bank_code: bank.bankCode }));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
  const { total } = await monthlyPackage(ctx);
  const [running] = await ctx.database.db
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, ctx.clock.now())))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  return {
    contract: row ? contractView(row) : null,
    banks,
    monthly_amount: total,
    subscription_ends_at: running?.endsAt.toISOString() ?? null,
  };
}

/** A call the viewer waits for: Zarinpal refusing or not answering is a 503 saying to try again. */
async function askZarinpal<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log.warn(
      { gateway: 'payman', operation: what, reason: error.message },
      `payman ${what}: ${error.message}`,
    );
    throw new DomainError('unavailable', 'gateway_failed');
  }
}

/** POST /me/direct-debit: asks Zarinpal for a contract and answers the bank's signing page. */
export async function startContract(
  ctx: AppContext,
  viewer: { userId: number; locale: Locale; pin?: string },
  bankCode: string,
): Promise<{ redirect: string }> {
  // Signing lets the account be charged every month: the purchase PIN guards it like a purchase.
  await checkPurchasePin(ctx, viewer.userId, viewer.pin);
  const payman = paymanOf(ctx);
  const [user] = await ctx.database.db
    .select({ phone: users.phone })
    .from(users)
    .where(eq(users.id, viewer.userId));
  // The bank matches the contract's mobile with the card holder's: only an Iranian mobile can sign.
  if (!user?.phone?.startsWith('+989')) throw new DomainError('conflict', 'direct_debit_phone_required');
  if (await signedContract(ctx, viewer.userId)) throw new DomainError('conflict', 'direct_debit_exists');
  const banks = await askZarinpal(`banks for ${viewer.userId}`, () => payman.banks());
  const bank = banks.find((candidate) => candidate.bankCode === bankCode);
  if (!bank) throw invalidFields({ bank_code: 'invalid_choice' });
  const pack = await monthlyPackage(ctx);
  const now = ctx.clock.now();
  const terms = {
    mobile: `0${user.phone.slice(3)}`,
    expiresAt: new Date(now.getTime() + CONTRACT_DAYS * DAY_MS),
    ...CONTRACT_LIMITS,
    maxAmount: pack.total,
    callbackUrl: absoluteUrl(ctx.config, '/api/v1/direct-debit/callback'),
  };
  const authority = await askZarinpal(`contract for ${viewer.userId}`, () => payman.requestContract(terms));
  await ctx.database.db.insert(paymanContracts).values({
    userId: viewer.userId,
    status: 'pending',
    paymanAuthority: authority,
    bankCode: bank.bankCode,
    bankName: bank.name,
    mobile: terms.mobile,
    packageId: pack.id,
    maxAmount: terms.maxAmount,
    maxDailyCount: terms.maxDailyCount,
    maxMonthlyCount: terms.maxMonthlyCount,
    expiresAt: terms.expiresAt,
    locale: viewer.locale,
    createdAt: now,
  });
  return { redirect: payman.signingUrl(authority, bank.bankCode) };
}

/** How long a contract may wait at the bank's signing page before an unsigned one counts as refused. */
const SIGNING_WITHIN_MS = 30 * 60_000;

/**
 * Moves a pending contract on. Only verify.json's signature signs it, whatever the callback said.
 * `returned` is the callback's verdict: NOK, or no signature after OK, refuses it at once. Without a
 * callback (the viewer's next look, should the way back have been lost) an unsigned contract stays
 * pending until SIGNING_WITHIN_MS passed. Zarinpal not answering leaves it pending, to be asked again.
 */
async function settleContract(
  ctx: AppContext,
  payman: PaymanAdapter,
  contract: ContractRow,
  returned: { ok: boolean } | null,
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  let signature: string | null = null;
  if (returned?.ok !== false) {
    try {
      signature = await payman.signature(contract.paymanAuthority);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn(
        { gateway: 'payman', contractId: contract.id, reason: error.message },
        `payman contract ${contract.id}: ${error.message}`,
      );
      return;
    }
  }
  const pending = and(eq(paymanContracts.id, contract.id), eq(paymanContracts.status, 'pending'));
  if (signature === null) {
    if (returned || now.getTime() - contract.createdAt.getTime() > SIGNING_WITHIN_MS) {
      await db.update(paymanContracts).set({ status: 'refused' }).where(pending);
    }
    return;
  }
  try {
    await db
      .update(paymanContracts)
      .set({ status: 'signed', sealedSignature: seal(ctx.config, signature), signedAt: now })
      .where(pending);
  } catch (error) {
    // Two contracts signed in two tabs: the index keeps the first; the second is given back at once.
    log.warn(
      { gateway: 'payman', contractId: contract.id, err: error },
      `payman contract ${contract.id} signed beside another: cancelling it`,
    );
    await payman.cancel(signature).catch(() => false);
    await db.update(paymanContracts).set({ status: 'cancelled', cancelledAt: now }).where(pending);
  }
}

/** GET /direct-debit/callback: the browser back from the bank; a replay finds the contract settled. */
export async function handleContractCallback(
  ctx: AppContext,
  params: Record<string, string>,
): Promise<Locale | null> {
  const payman = ctx.gateways.payman;
  const returned = payman?.parseCallback(params);
  if (!payman || !returned) return null;
  const [contract] = await ctx.database.db
    .select()
    .from(paymanContracts)
    .where(eq(paymanContracts.paymanAuthority, returned.authority));
  if (!contract) return null;
  if (contract.status === 'pending') await settleContract(ctx, payman, contract, returned);
  return contract.locale;
}

/** The contract's signature, opened for a call to Zarinpal. */
export function signatureOf(ctx: AppContext, contract: ContractRow): string {
  return unseal(ctx.config, contract.sealedSignature ?? '');
}

/**
 * DELETE /me/direct-debit: cancels at Zarinpal first, then here, so we never show as cancelled a
 * contract the bank would still honour; renewals stop with it.
 */
export async function cancelContract(ctx: AppContext, userId: number): Promise<DirectDebitContract> {
  const payman = paymanOf(ctx);
  const contract = await signedContract(ctx, userId);
  if (!contract) throw new DomainError('not_found', 'direct_debit_none');
  const cancelled = await askZarinpal(`cancelling contract ${contract.id}`, () =>
    payman.cancel(signatureOf(ctx, contract)),
  );
  if (!cancelled) throw new DomainError('unavailable', 'gateway_failed');
  const [row] = await ctx.database.db
    .update(paymanContracts)
    .set({ status: 'cancelled', cancelledAt: ctx.clock.now() })
    .where(and(eq(paymanContracts.id, contract.id), eq(paymanContracts.status, 'signed')))
    .returning();
  return contractView(row ?? { ...contract, status: 'cancelled' });
}
