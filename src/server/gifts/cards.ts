import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { giftCards } from '../db/gifts-schema';
import { payments, subscriptionPackages, users } from '../db/schema';
import { addMonths, type PaymentRow } from '../commerce';
import { insertGiftCode } from './codes';
import { giftPageUrl } from './gifts';

/**
 * Gift cards: a subscription package bought (payment type BUY_GIFT) for someone else. Whom it is for
 * is written when the payment starts; fulfilment issues the code in its transaction (so exactly once)
 * and books the money as a gift liability; the notice to the recipient goes out after that
 * transaction, and again from reconciliation if a server stopped before it was sent.
 */

/** A card's code stays good this long: long enough for a present kept for an occasion. */
const CARD_VALID_MONTHS = 12;
/** A claim on sending a notice that never finished is taken over after this. */
const CLAIM_STALE_MS = 5 * 60_000;

export interface GiftCardRequest {
  recipient: string;
  message: string;
}

export async function recordGiftCard(
  tx: DbTransaction,
  payment: PaymentRow,
  card: GiftCardRequest,
): Promise<void> {
  await tx.insert(giftCards).values({
    paymentId: payment.id,
    recipient: card.recipient,
    message: card.message,
    createdAt: payment.createdAt,
  });
}

/** Fulfilment of a BUY_GIFT payment: its code, or null when its package is gone. */
export async function issueGiftCard(
  tx: DbTransaction,
  payment: PaymentRow,
  now: Date,
): Promise<string | null> {
  const [pack] = await tx
    .select()
    .from(subscriptionPackages)
    .where(eq(subscriptionPackages.id, payment.packageId ?? 0));
  if (!pack) return null;
  const issued = await insertGiftCode(
    tx,
    {
      paymentId: payment.id,
      months: pack.months,
      plan: pack.slug,
      expiresAt: addMonths(now, CARD_VALID_MONTHS),
    },
    now,
  );
  if (!issued) throw new Error(`payment ${payment.id}: its gift code exists already`);
  await tx.update(giftCards).set({ codeId: issued.row.id }).where(eq(giftCards.paymentId, payment.id));
  return issued.code;
}

/**
 * Sends a fulfilled card's code to its recipient: claimed first (so two instances do not both send),
 * marked delivered once the notifier took it. A failed send leaves the claim to go stale and be tried
 * again by reconciliation.
 */
export async function deliverGiftCard(ctx: AppContext, paymentId: number): Promise<boolean> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [claimed] = await db
    .update(giftCards)
    .set({ deliveryClaimedAt: now })
    .where(
      and(
        eq(giftCards.paymentId, paymentId),
        isNotNull(giftCards.codeId),
        isNull(giftCards.deliveredAt),
        or(
          isNull(giftCards.deliveryClaimedAt),
          lt(giftCards.deliveryClaimedAt, new Date(now.getTime() - CLAIM_STALE_MS)),
        ),
      ),
    )
    .returning();
  if (!claimed) return false;
  const [facts] = await db
    .select({
      code: payments.ticketCode,
      locale: payments.locale,
      sender: users.name,
      months: subscriptionPackages.months,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, payments.packageId))
    .where(eq(payments.id, paymentId));
  if (!facts?.code) return false;
  const { locale } = facts;
  const sent = await ctx.notifier.sendNotice(
    claimed.recipient,
    {
      subject: { key: 'gift_subject' },
      text: {
        key: 'gift_card_message',
        params: {
          sender: facts.sender ?? '',
          count: facts.months,
          note: claimed.message ? `«${claimed.message}»\n` : '',
          code: facts.code,
          link: giftPageUrl(ctx, locale),
        },
      },
    },
    locale,
  );
  if (sent) {
    await db
      .update(giftCards)
      .set({ deliveredAt: ctx.clock.now() })
      .where(eq(giftCards.paymentId, paymentId));
  }
  return sent;
}

/** Reconciliation's part: cards fulfilled but not delivered (a stopped server, a provider down). */
export async function deliverPendingGiftCards(ctx: AppContext, limit = 50): Promise<number> {
  const due = await ctx.database.db
    .select({ paymentId: giftCards.paymentId })
    .from(giftCards)
    .where(and(isNotNull(giftCards.codeId), isNull(giftCards.deliveredAt)))
    .limit(limit);
  let sent = 0;
  for (const { paymentId } of due) if (await deliverGiftCard(ctx, paymentId)) sent++;
  return sent;
}
