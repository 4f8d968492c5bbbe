import { and, desc, eq, gt } from 'drizzle-orm';
import { randomCode } from '../auth';
import type { Db } from '../db/client';
import { subscriptions, tickets, titlePurchases, users, type GrantSource } from '../db/schema';
import type { TicketKind } from '../../shared/playback';

/**
 * Writes who may watch what: subscriptions, bought titles and tickets, the tables playback's access
 * rules read. Payments (fulfilment), the staff grant API and the demo seed all write through here.
 */

/** No 0/O or 1/I: codes are read aloud and typed from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newTicketCode(): string {
  return `${randomCode(CODE_ALPHABET, 4)}-${randomCode(CODE_ALPHABET, 4)}`;
}

interface Provenance {
  source: GrantSource;
  /** The payment that bought it. */
  paymentRef?: string | null;
  now: Date;
}

/**
 * Locks the account's row until the transaction ends, so two payments of one viewer that extend a
 * subscription or check ownership do it one after the other.
 */
export async function lockAccount(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Adds calendar months in UTC; the 31st of a month plus one month is the last day of the next. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * Starts a subscription, or extends the running one: the new period begins where the latest running
 * period ends. Call with the account locked (lockAccount) when payments may race.
 */
export async function extendSubscription(
  tx: Db,
  input: { userId: number; plan: string; until: (start: Date) => Date } & Provenance,
): Promise<{ id: number; endsAt: Date }> {
  const [running] = await tx
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, input.userId), gt(subscriptions.endsAt, input.now)))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const startsAt = running ? running.endsAt : input.now;
  const endsAt = input.until(startsAt);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: input.userId,
      plan: input.plan,
      startsAt,
      endsAt,
      source: input.source,
      paymentRef: input.paymentRef ?? null,
      createdAt: input.now,
    })
    .returning({ id: subscriptions.id });
  return { id: row!.id, endsAt };
}

export async function grantTitle(
  tx: Db,
  input: { userId: number; productId: number } & Provenance,
): Promise<number> {
  const [row] = await tx
    .insert(titlePurchases)
    .values({
      userId: input.userId,
      productId: input.productId,
      source: input.source,
      paymentRef: input.paymentRef ?? null,
      createdAt: input.now,
    })
    .returning({ id: titlePurchases.id });
  return row!.id;
}

/** Issues a ticket; null when the code is taken (a chosen code; generated ones are retried). */
export async function issueTicket(
  tx: Db,
  input: {
    productId: number;
    kind: TicketKind;
    ownerUserId: number | null;
    validUntil: Date | null;
    code?: string;
  } & Provenance,
): Promise<{ id: number; code: string } | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ?? newTicketCode();
    const [row] = await tx
      .insert(tickets)
      .values({
        code,
        productId: input.productId,
        kind: input.kind,
        ownerUserId: input.ownerUserId,
        validUntil: input.validUntil,
        source: input.source,
        paymentRef: input.paymentRef ?? null,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: tickets.id });
    if (row) return { id: row.id, code };
    if (input.code) return null;
  }
  throw new Error('no free ticket code after 5 tries');
}
