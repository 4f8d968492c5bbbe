import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { localPath, type Locale } from '../../lib/locale';
import { isEmailUserName } from '../../lib/user-name';
import type { AppliedGift, GetGiftResponse, RequestGiftResponse } from '../../shared/gifts';
import { translate } from '../../shared/messages';
import { formatDate, localDigits } from '../../lib/format';
import { type Authenticated, initLogin, type RequestOrigin, tokenHash } from '../auth';
import type { AppContext } from '../context';
import { absoluteUrl } from '../core/public-url';
import { defineRateLimit } from '../core/rate-limit';
import type { Db } from '../db/client';
import { giftCampaigns, giftCodes, giftRedemptions } from '../db/gifts-schema';
import { payments } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { describeMe } from '../users';
import { addMonths, extendSubscription, lockAccount, paymentAccounts, transfer } from '../commerce';
import { findGiftCode, insertGiftCode, type GiftCodeRow } from './codes';

/**
 * Gifts (docs/decisions/0027-gifts.md): campaign codes (the New Year gift, asked for with
 * request-gift) and gift cards' codes, redeemed on /gift as months of subscription, each code by each
 * account once and never more often than it allows, however many redemptions race.
 */

export type GiftCampaignRow = typeof giftCampaigns.$inferSelect;

/** Why a code found by its secret cannot be used now, or null when it can. */
function refusal(code: GiftCodeRow, now: Date): DomainError | null {
  if (code.expiresAt <= now) return new DomainError('gone', 'gift_expired');
  if (code.usedCount >= code.maxUses) return new DomainError('conflict', 'gift_used');
  return null;
}

/**
 * Applies the code's gift to the account, once: the code's row is locked, so parallel redemptions of
 * one code queue behind each other, and each finds the uses (and this account's redemption, unique
 * per code and account) the one before it left. A gift card's value moves from the gift liability to
 * sales in the same transaction.
 */
export async function redeemGift(
  ctx: AppContext,
  codeId: number,
  userId: number,
): Promise<{ months: number; endsAt: Date }> {
  const { db } = ctx.database;
  const card = await giftCardPayment(db, codeId);
  const accounts = card ? await paymentAccounts(db, { ...card, gateway: 'wallet' }) : null;
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(giftCodes).where(eq(giftCodes.id, codeId)).for('update');
    const now = ctx.clock.now();
    if (!code) throw notFound('gift_invalid');
    const [mine] = await tx
      .select({ id: giftRedemptions.id })
      .from(giftRedemptions)
      .where(and(eq(giftRedemptions.codeId, code.id), eq(giftRedemptions.userId, userId)));
    if (mine) throw new DomainError('conflict', 'gift_already_redeemed');
    const refused = refusal(code, now);
    if (refused) throw refused;
    await lockAccount(tx, userId);
    const subscription = await extendSubscription(tx, {
      userId,
      plan: code.plan,
      until: (start) => addMonths(start, code.months),
      source: 'gift',
      paymentRef: code.paymentId === null ? null : String(code.paymentId),
      now,
    });
    await tx.insert(giftRedemptions).values({
      codeId: code.id,
      userId,
      subscriptionId: subscription.id,
      createdAt: now,
    });
    await tx
      .update(giftCodes)
      .set({ usedCount: sql`${giftCodes.usedCount} + 1` })
      .where(eq(giftCodes.id, code.id));
    if (card && accounts) {
      await transfer(tx, {
        debit: accounts.gifts,
        credit: accounts.sales,
        amount: card.price,
        currency: card.currency,
        kind: 'gift_redeemed',
        paymentId: card.id,
      });
    }
    return { months: code.months, endsAt: subscription.endsAt };
  });
}

/** The gift card payment a code was bought by: its value is what redeeming it books as a sale. */
async function giftCardPayment(db: Db, codeId: number) {
  const [row] = await db
    .select({ id: payments.id, price: payments.price, currency: payments.currency, userId: payments.userId })
    .from(giftCodes)
    .innerJoin(payments, eq(payments.id, giftCodes.paymentId))
    .where(eq(giftCodes.id, codeId));
  return row ?? null;
}

/**
 * POST /core/get-gift. The code is checked first (a wrong one is a counted miss and sends nothing).
 * A logged-in viewer gets the gift at once; a visitor starts the ordinary login (a code by SMS or
 * e-mail, or their password) and comes back with the session to get it.
 */
export async function getGift(
  ctx: AppContext,
  input: { code: string; userName: string | undefined },
  auth: Authenticated | null,
  origin: RequestOrigin,
): Promise<GetGiftResponse> {
  const code = await findGiftCode(ctx, input.code, origin.clientAddress);
  if (!code) throw notFound('gift_invalid');
  if (!auth) {
    if (input.userName === undefined) throw invalidFields({ user_name: 'required' });
    const refused = refusal(code, ctx.clock.now());
    if (refused) throw refused;
    const started = await initLogin(ctx, input.userName, origin);
    return { ...started, token: null, me: null, gift: null };
  }
  const { months, endsAt } = await redeemGift(ctx, code.id, auth.user.id);
  const gift: AppliedGift = {
    months,
    subscription_ends_at: endsAt.toISOString(),
    message: translate(
      {
        key: 'gift_applied',
        params: { count: months, date: formatDate(endsAt.toISOString(), origin.locale) },
      },
      origin.locale,
    ),
  };
  return {
    next: 'DONE',
    remember_token: null,
    token: null,
    me: await describeMe(ctx.database.db, auth.user, auth.session.profileId),
    gift,
  };
}

/** Asking for the season's gift: a few times a day per address, whatever the accounts. */
export const requestGiftLimit = defineRateLimit({
  name: 'gift-request-address',
  limit: 5,
  windowSeconds: 24 * 60 * 60,
});

/** The campaign viewers may ask a code of now: the latest requestable one running. */
export async function currentCampaign(db: Db, now: Date): Promise<GiftCampaignRow | null> {
  const [row] = await db
    .select()
    .from(giftCampaigns)
    .where(
      and(
        eq(giftCampaigns.requestable, true),
        lte(giftCampaigns.startsAt, now),
        gt(giftCampaigns.endsAt, now),
      ),
    )
    .orderBy(desc(giftCampaigns.startsAt))
    .limit(1);
  return row ?? null;
}

/** 0912•••4567, a•••@example.com: enough for the viewer to recognise, too little to read off a screen. */
export function maskContact(to: string): string {
  if (isEmailUserName(to)) {
    const [name = '', domain = ''] = to.split('@');
    return `${name.slice(0, 1)}•••@${domain}`;
  }
  const local = to.replace(/^\+98/, '0');
  return `${local.slice(0, 4)}•••${local.slice(-4)}`;
}

export function giftPageUrl(ctx: AppContext, locale: Locale): string {
  return absoluteUrl(ctx.config, localPath('/gift', locale));
}

/**
 * POST /core/request-gift: a code of the running campaign for the viewer, sent to their phone (else
 * e-mail). One per account and one per phone or e-mail in a campaign, enforced by unique indexes so
 * parallel requests cannot both get one; a code that could not be sent is taken back.
 */
export async function requestGift(
  ctx: AppContext,
  auth: Authenticated,
  origin: { clientAddress: string; locale: Locale },
): Promise<RequestGiftResponse> {
  const { db } = ctx.database;
  await ctx.rateLimiter.consume(requestGiftLimit, origin.clientAddress || 'unknown');
  const now = ctx.clock.now();
  const campaign = await currentCampaign(db, now);
  if (!campaign) throw notFound('gift_campaign_none');
  const to = auth.user.phone ?? auth.user.email;
  if (!to) throw new DomainError('forbidden', 'gift_recipient_required');
  const issued = await insertGiftCode(
    db,
    {
      campaignId: campaign.id,
      months: campaign.months,
      plan: campaign.plan,
      expiresAt: campaign.endsAt,
      requestedBy: auth.user.id,
      // Kept hashed: it must outlive a deleted account (one gift per phone), the number itself must not.
      requestedTo: tokenHash(to),
    },
    now,
  );
  if (!issued) throw new DomainError('conflict', 'gift_already_requested');
  const { locale } = origin;
  const sent = await ctx.notifier.sendNotice(
    to,
    {
      subject: { key: 'gift_subject' },
      text: {
        key: 'gift_request_message',
        params: {
          title: locale === 'fa' ? campaign.titleFa : campaign.titleEn,
          count: campaign.months,
          code: issued.code,
          link: giftPageUrl(ctx, locale),
        },
      },
    },
    locale,
  );
  if (!sent) {
    await db.delete(giftCodes).where(eq(giftCodes.id, issued.row.id));
    throw new DomainError('unavailable', 'code_send_failed');
  }
  const sentTo = maskContact(to);
  // Isolated left-to-right (LRI … PDI), a phone in the language's digits: inside Persian text the
  // number's parts would otherwise be laid out right to left.
  const shown = `\u2066${isEmailUserName(sentTo) ? sentTo : localDigits(sentTo, locale)}\u2069`;
  return { message: translate({ key: 'gift_sent', params: { to: shown } }, locale), sent_to: sentTo };
}

/** For the staff console: every campaign, newest first, with how many codes it gave and how many were used. */
export async function listGiftCampaigns(db: Db) {
  return db
    .select({
      campaign: giftCampaigns,
      codes: sql<number>`count(${giftCodes.id})::int`,
      redeemed: sql<number>`coalesce(sum(${giftCodes.usedCount}), 0)::int`,
    })
    .from(giftCampaigns)
    .leftJoin(giftCodes, eq(giftCodes.campaignId, giftCampaigns.id))
    .groupBy(giftCampaigns.id)
    .orderBy(desc(giftCampaigns.startsAt));
}

/**
 * For the staff console: a campaign's codes (or, with `campaignId` null, the gift cards' codes), a
 * page at a time. Only the public part of a code is shown: the rest exists nowhere but with its holder.
 */
export async function listGiftCodes(db: Db, options: { campaignId: number | null; page: number }) {
  const PAGE_SIZE = 50;
  return db
    .select({
      id: giftCodes.id,
      publicId: giftCodes.publicId,
      campaignId: giftCodes.campaignId,
      paymentId: giftCodes.paymentId,
      months: giftCodes.months,
      maxUses: giftCodes.maxUses,
      usedCount: giftCodes.usedCount,
      expiresAt: giftCodes.expiresAt,
      requestedBy: giftCodes.requestedBy,
      createdAt: giftCodes.createdAt,
    })
    .from(giftCodes)
    .where(
      options.campaignId === null
        ? sql`${giftCodes.campaignId} is null`
        : eq(giftCodes.campaignId, options.campaignId),
    )
    .orderBy(asc(giftCodes.id))
    .limit(PAGE_SIZE)
    .offset((options.page - 1) * PAGE_SIZE);
}
