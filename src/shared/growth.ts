import { z } from 'zod';
import { currencies } from './commerce-constants';

/**
 * Campaign attribution (issue 16). The browser keeps the first campaign a visitor came from in
 * localStorage (src/lib/inline-scripts.ts) as a query string, and the API client sends it in the
 * ATTRIBUTION_HEADER on sign-up (POST /auth/compelet) and on each payment (POST /payments), where the
 * server records it. Landing visits are counted, not traced: POST /growth/visits carries no identifier.
 *
 * - POST /growth/visits `{ landing, campaign, utm_source?, utm_medium? }` → 204 (rate-limited per address).
 * - GET /staff/campaigns?from&to[&campaign] (staff) → `CampaignReport`: per campaign, landing visits,
 *   sign-ups, first payments and revenue by currency between two days (UTC, both included).
 */

export { ATTRIBUTION_HEADER } from './growth-constants';

/** utm_* values and campaign ids as we keep them: short, lower case, no spaces. */
const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}._~+-]+$/u);
const slug = z.string().regex(/^[a-z0-9-]{1,60}$/);

export const attributionSchema = z.object({
  /** utm_campaign, else the campaign of the landing the visitor arrived at. */
  campaign: tag,
  source: tag.nullable(),
  medium: tag.nullable(),
  landing: slug.nullable(),
  /** The referring site's host name, when another site sent the visitor. */
  referrer: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+$/)
    .nullable(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/**
 * The attribution in a request's header, or null when there is none or it does not parse: attribution
 * is a measurement, never a reason to refuse a sign-up or a payment.
 */
export function parseAttribution(header: string | null | undefined): Attribution | null {
  if (!header || header.length > 1024) return null;
  const params = new URLSearchParams(header);
  const value = (name: string) => params.get(name) || null;
  const parsed = attributionSchema.safeParse({
    campaign: value('utm_campaign'),
    source: value('utm_source'),
    medium: value('utm_medium'),
    landing: value('landing'),
    referrer: value('referrer'),
  });
  return parsed.success ? parsed.data : null;
}

export const landingVisitSchema = z.object({
  landing: slug,
  campaign: tag,
  utm_source: tag.optional(),
  utm_medium: tag.optional(),
});
export type LandingVisit = z.infer<typeof landingVisitSchema>;

/** A calendar day as YYYY-MM-DD (2026-02-31 is refused, not read as March 3rd). */
const day = z.iso.date();

export const campaignQuerySchema = z.object({
  from: day.meta({ param: { name: 'from', in: 'query' } }),
  to: day.meta({ param: { name: 'to', in: 'query' } }),
  campaign: tag.optional().meta({ param: { name: 'campaign', in: 'query' } }),
});
export type CampaignQuery = z.infer<typeof campaignQuerySchema>;

export const campaignRowSchema = z.object({
  campaign: z.string(),
  visits: z.number().int(),
  sign_ups: z.number().int(),
  /** Buyers whose first purchase (wallet top-ups aside) was attributed to the campaign. */
  first_payments: z.number().int(),
  /** Fulfilled purchases attributed to the campaign, in minor units per currency. */
  revenue: z.array(z.object({ currency: z.enum(currencies), amount: z.number().int() })),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const campaignReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  campaigns: z.array(campaignRowSchema),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
