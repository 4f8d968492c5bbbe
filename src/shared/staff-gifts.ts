import { z } from 'zod';

/**
 * The staff console's gifts view (issue 17, finance), over issue 14's gifts (docs/decisions/0027-gifts.md):
 *
 * - GET /staff/gifts/campaigns → `StaffGiftCampaigns`: every campaign, newest first, with its codes
 *   and how many times they were redeemed.
 * - POST /staff/gifts/campaigns `GiftCampaignCreate` → 201 the campaign (409 when the slug exists).
 * - POST /staff/gifts/campaigns/{id}/codes `GiftCodeIssue` → 201 `IssuedGiftCode`: a new code of the
 *   campaign, shown this once (only its first part is kept in clear).
 * - GET /staff/gifts/campaigns/{id}/codes?page → `StaffGiftCodes`.
 */

const moment = z.iso.datetime();

export const staffGiftCampaignSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    en_title: z.string(),
    months: z.number().int(),
    /** The subscription package its codes give. */
    plan: z.string(),
    starts_at: moment,
    ends_at: moment,
    /** Viewers may ask for a code of it themselves while it runs. */
    requestable: z.boolean(),
    codes: z.number().int(),
    redeemed: z.number().int(),
  })
  .meta({ id: 'StaffGiftCampaign' });
export type StaffGiftCampaign = z.infer<typeof staffGiftCampaignSchema>;

export const staffGiftCampaignsSchema = z
  .object({ campaigns: z.array(staffGiftCampaignSchema) })
  .meta({ id: 'StaffGiftCampaigns' });
export type StaffGiftCampaigns = z.infer<typeof staffGiftCampaignsSchema>;

export const giftCampaignCreateSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{2,59}$/),
    title: z.string().trim().min(2).max(120),
    en_title: z.string().trim().min(2).max(120),
    months: z.number().int().min(1).max(24),
    plan: z.string().trim().min(1).max(60),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    requestable: z.boolean().default(false),
  })
  .meta({ id: 'GiftCampaignCreate' });
export type GiftCampaignCreate = z.input<typeof giftCampaignCreateSchema>;

export const giftCodeIssueSchema = z
  .object({ max_uses: z.number().int().min(1).max(1_000_000) })
  .meta({ id: 'GiftCodeIssue' });
export type GiftCodeIssue = z.input<typeof giftCodeIssueSchema>;

export const issuedGiftCodeSchema = z
  .object({
    /** The whole code, XXXX-XXXX-XXXX-XXXX: shown now and never again. */
    code: z.string(),
    public_id: z.string(),
    max_uses: z.number().int(),
    expires_at: moment,
  })
  .meta({ id: 'IssuedGiftCode' });
export type IssuedGiftCode = z.infer<typeof issuedGiftCodeSchema>;

export const giftCodesQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const staffGiftCodesSchema = z
  .object({
    codes: z.array(
      z.object({
        id: z.number().int(),
        /** The code's first eight characters; the rest is kept nowhere. */
        public_id: z.string(),
        max_uses: z.number().int(),
        used_count: z.number().int(),
        expires_at: moment,
        /** Asked for by a viewer (request-gift) rather than issued by staff. */
        requested: z.boolean(),
        created_at: moment,
      }),
    ),
    page: z.number().int(),
  })
  .meta({ id: 'StaffGiftCodes' });
export type StaffGiftCodes = z.infer<typeof staffGiftCodesSchema>;
