import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { AppContext } from '../context';
import { log } from '../core/log';
import { noticesHandled } from '../core/metrics';
import { runPeriodically } from '../core/periodic';
import type { Db, DbTransaction } from '../db/client';
import { notices, type noticeKinds, type noticeOutcomes } from '../db/schema';
import type { Notice } from './notifier';

/**
 * The notices that must not be lost (a screening's reminder, a payment's receipt e-mail; decision record
 * 0049): queued as a row, then delivered by the `notices` job, at least once attempted and, as far as
 * a provider without idempotency keys allows, delivered once. Each attempt claims one row for a lease,
 * calls the provider, then marks the row sent. A refusal (a timeout, a 5xx, an error answer) leaves it
 * for another attempt after a backoff; a bounded number of attempts, then it is given up (logged and
 * counted). What is asked for once is queued once: one row per kind, thing and person.
 *
 * Only a crash (or a stall past the lease) between the provider's acceptance and the mark sends one
 * twice: the lease runs out and another attempt sends it again.
 */

export type NoticeKind = (typeof noticeKinds)[number];
type Outcome = (typeof noticeOutcomes)[number];

/** A queued notice, ready to go: to whom, what, in which language. */
export interface ComposedNotice extends Notice {
  to: string;
  locale: Locale;
}

/**
 * Composes a queued notice when it goes, from the rows as they are then (a changed e-mail address, a
 * cancelled reminder); null when it is no longer wanted (the reminder cancelled, the screening started,
 * no address to send to): dropped without an attempt.
 */
export type NoticeComposer = (
  ctx: AppContext,
  notice: { refId: number; userId: number },
) => Promise<ComposedNotice | null>;

/** One composer per kind (registered in src/server/notice-kinds.ts). */
export type NoticeComposers = Record<NoticeKind, NoticeComposer>;

/**
 * How long a claim holds a row. Well above the longest attempt (the providers' own timeouts: 10 s for
 * Kavenegar, at most 40 s for SMTP), so a slow provider is never taken for a crashed sender.
 */
export const LEASE_MS = 2 * 60_000;
/** Attempts before a notice is given up: with the backoff below, about an hour of trying. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 30 * 60_000;
/** Notices one run attempts at most, so one run stays short; the rest go at the next. */
const PER_RUN = 50;

/** The wait after the `attempts`-th failed attempt: 30 s, doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_WAIT_MS);
}

/**
 * Queues a notice (inside the caller's transaction when it has one, so the notice exists exactly when
 * what it reports does). Asking again for the same kind, thing and person keeps the one row.
 */
export async function queueNotices(
  db: Db | DbTransaction,
  rows: { kind: NoticeKind; refId: number; userId: number; dueAt: Date }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(notices).values(rows).onConflictDoNothing();
}

type Claimed = typeof notices.$inferSelect;

/**
 * Claims the next due notice for a lease, or none. The row is locked while it is claimed and a row
 * another sender has locked is skipped, so two senders (two instances) never claim the same one.
 */
async function claimNext(ctx: AppContext, now: Date): Promise<Claimed | undefined> {
  const { db } = ctx.database;
  const next = db
    .select({ id: notices.id })
    .from(notices)
    .where(
      and(
        isNull(notices.doneAt),
        lte(notices.dueAt, now),
        or(isNull(notices.claimedUntil), lte(notices.claimedUntil, now)),
      ),
    )
    .orderBy(asc(notices.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(notices)
    .set({ claimedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${notices.attempts} + 1` })
    .where(inArray(notices.id, next))
    .returning();
  return claimed;
}

/** Updates a claimed row only while the claim is still ours (a lease that ran out is another's now). */
async function settle(
  ctx: AppContext,
  notice: Claimed,
  values: Partial<Pick<Claimed, 'dueAt' | 'lastError' | 'doneAt' | 'outcome'>>,
): Promise<void> {
  await ctx.database.db
    .update(notices)
    .set({ ...values, claimedUntil: null })
    .where(and(eq(notices.id, notice.id), eq(notices.claimedUntil, notice.claimedUntil!)));
}

/** Attempts one claimed notice: sent, dropped, or left for a later attempt (or given up). */
async function attempt(ctx: AppContext, notice: Claimed): Promise<Outcome | 'failed'> {
  const facts = { noticeId: notice.id, kind: notice.kind, attempt: notice.attempts };
  try {
    const composed = await ctx.noticeComposers[notice.kind](ctx, notice);
    if (!composed) {
      await settle(ctx, notice, { doneAt: ctx.clock.now(), outcome: 'dropped' });
      return 'dropped';
    }
    await ctx.notifier.send(composed.to, composed, composed.locale);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const now = ctx.clock.now();
    if (notice.attempts >= MAX_ATTEMPTS) {
      await settle(ctx, notice, { doneAt: now, outcome: 'gave_up', lastError: reason });
      log.error({ ...facts, reason }, `notice ${notice.id} (${notice.kind}) given up: ${reason}`);
      return 'gave_up';
    }
    const dueAt = new Date(now.getTime() + retryDelayMs(notice.attempts));
    await settle(ctx, notice, { dueAt, lastError: reason });
    log.warn(
      { ...facts, reason, retryAt: dueAt.toISOString() },
      `notice ${notice.id} (${notice.kind}) failed, to be tried again at ${dueAt.toISOString()}: ${reason}`,
    );
    return 'failed';
  }
  await settle(ctx, notice, { doneAt: ctx.clock.now(), outcome: 'sent' });
  return 'sent';
}

/** Attempts the notices now due, one claim at a time; returns how many were sent. */
export async function deliverDueNotices(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (let n = 0; n < PER_RUN; n += 1) {
    const notice = await claimNext(ctx, ctx.clock.now());
    if (!notice) break;
    const outcome = await attempt(ctx, notice);
    noticesHandled.inc({ kind: notice.kind, outcome });
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/**
 * Delivers due notices now and then every `intervalMs`, one runner at a time across instances (the
 * job's lock; the claim alone already keeps two senders off one row). Every 5 s: a receipt e-mail
 * leaves within seconds of the payment, and an idle run is one small query on a partial index.
 */
export function startNoticeDelivery(ctx: AppContext, intervalMs = 5_000): () => Promise<void> {
  return runPeriodically(ctx.database, 'notices', () => deliverDueNotices(ctx), intervalMs);
}
