import { eq } from 'drizzle-orm';
import type {
  GiftCampaignCreate,
  IssuedGiftCode,
  StaffGiftCampaign,
  StaffGiftCampaigns,
  StaffGiftCodes,
} from '../../shared/staff-gifts';
import { type GiftCampaignRow, insertGiftCode, listGiftCampaigns, listGiftCodes } from '../gifts';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { giftCampaigns, subscriptionPackages } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';

/**
 * The console's gifts view for finance (issue 17) over issue 14's gifts: campaigns listed with their
 * codes' use, a new campaign, and a new code of a campaign, handed to staff once. Redeeming stays in
 * src/server/gifts/gifts.ts.
 */

function view(row: GiftCampaignRow, codes: number, redeemed: number): StaffGiftCampaign {
  return {
    id: row.id,
    slug: row.slug,
    title: row.titleFa,
    en_title: row.titleEn,
    months: row.months,
    plan: row.plan,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    requestable: row.requestable,
    codes,
    redeemed,
  };
}

export async function giftCampaignsForStaff(db: Db): Promise<StaffGiftCampaigns> {
  const rows = await listGiftCampaigns(db);
  return { campaigns: rows.map((row) => view(row.campaign, row.codes, row.redeemed)) };
}

/** POST /staff/gifts/campaigns: its codes give `months` of the package `plan`, between its dates. */
export async function createGiftCampaign(
  ctx: AppContext,
  actorId: number,
  input: GiftCampaignCreate,
): Promise<StaffGiftCampaign> {
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (endsAt <= startsAt) throw invalidFields({ ends_at: 'discount_window_invalid' });
  return ctx.database.db.transaction(async (tx) => {
    const [pack] = await tx
      .select({ slug: subscriptionPackages.slug })
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.slug, input.plan));
    if (!pack) throw invalidFields({ plan: 'gift_plan_unknown' });
    const [row] = await tx
      .insert(giftCampaigns)
      .values({
        slug: input.slug,
        titleFa: input.title,
        titleEn: input.en_title,
        months: input.months,
        plan: input.plan,
        startsAt,
        endsAt,
        requestable: input.requestable ?? false,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new DomainError('conflict', undefined, { fields: { slug: [{ key: 'gift_slug_taken' }] } });
    const created = view(row, 0, 0);
    await recordAudit(tx, {
      actorId,
      action: 'gift_campaign.create',
      targetType: 'gift_campaign',
      targetId: row.id,
      before: null,
      after: created,
    });
    return created;
  });
}

/**
 * POST /staff/gifts/campaigns/{id}/codes: a new code of a campaign that has not ended, valid until it
 * ends, redeemable by `maxUses` accounts (each once). The whole code is answered this once; the audit
 * log keeps only its public part.
 */
export async function issueGiftCode(
  ctx: AppContext,
  actorId: number,
  campaignId: number,
  maxUses: number,
): Promise<IssuedGiftCode> {
  return ctx.database.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(giftCampaigns).where(eq(giftCampaigns.id, campaignId));
    if (!campaign) throw notFound('not_found');
    const now = ctx.clock.now();
    if (campaign.endsAt <= now) throw new DomainError('conflict', 'gift_campaign_over');
    const issued = await insertGiftCode(
      tx,
      { campaignId, months: campaign.months, plan: campaign.plan, maxUses, expiresAt: campaign.endsAt },
      now,
    );
    const row = issued!.row;
    const answer = {
      code: issued!.code,
      public_id: row.publicId,
      max_uses: row.maxUses,
      expires_at: row.expiresAt.toISOString(),
    };
    await recordAudit(tx, {
      actorId,
      action: 'gift_code.issue',
      targetType: 'gift_campaign',
      targetId: campaignId,
      before: null,
      after: { public_id: row.publicId, max_uses: row.maxUses, expires_at: answer.expires_at },
    });
    return answer;
  });
}

/** GET /staff/gifts/campaigns/{id}/codes: oldest first, 50 a page, only their public part. */
export async function giftCodesForStaff(db: Db, campaignId: number, page: number): Promise<StaffGiftCodes> {
  const [campaign] = await db
    .select({ id: giftCampaigns.id })
    .from(giftCampaigns)
    .where(eq(giftCampaigns.id, campaignId));
  if (!campaign) throw notFound('not_found');
  const rows = await listGiftCodes(db, { campaignId, page });
  return {
    codes: rows.map((row) => ({
      id: row.id,
      public_id: row.publicId,
      max_uses: row.maxUses,
      used_count: row.usedCount,
      expires_at: row.expiresAt.toISOString(),
      requested: row.requestedBy !== null,
      created_at: row.createdAt.toISOString(),
    })),
    page,
  };
}
