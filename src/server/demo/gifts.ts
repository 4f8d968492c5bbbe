import type { DbTransaction } from '../db/client';
import { giftCampaigns } from '../db/gifts-schema';
import type { SeedStep } from './step';
import { addMonths } from '../commerce/entitlements';
import { insertGiftCode } from '../gifts/codes';

/** The README's demo gift: a month of subscription, once per account, for anyone who types it. */
export const DEMO_GIFT = {
  campaign: 'nowruz-1405',
  code: 'NOWRUZ-1405-GIFT',
  months: 1,
  uses: 1000,
} as const;

/**
 * A running New Year campaign viewers may ask a code of (POST /core/request-gift), with one shared
 * demo code of its own.
 */
export const demoGiftsStep: SeedStep = {
  name: 'gifts',
  async run(tx: DbTransaction, now: Date) {
    const [campaign] = await tx
      .insert(giftCampaigns)
      .values({
        slug: DEMO_GIFT.campaign,
        titleFa: 'هدیهٔ نوروز ۱۴۰۵',
        titleEn: 'Nowruz 1405 gift',
        months: DEMO_GIFT.months,
        plan: 'monthly',
        startsAt: new Date(now.getTime() - 24 * 60 * 60 * 1000),
        endsAt: addMonths(now, 12),
        requestable: true,
        createdAt: now,
      })
      .returning();
    await insertGiftCode(
      tx,
      {
        campaignId: campaign!.id,
        months: DEMO_GIFT.months,
        plan: 'monthly',
        maxUses: DEMO_GIFT.uses,
        expiresAt: campaign!.endsAt,
        code: DEMO_GIFT.code,
      },
      now,
    );
  },
};
