import { z } from 'astro/zod';
import { routeOf } from './locale';

/**
 * A campaign landing as marketing writes it (src/content/landings/<slug>.yaml): one file for both
 * languages, so the two pages cannot drift apart in what they offer, and a list of blocks that compose
 * the page. Validated at build: a broken file fails it, naming the file and the field.
 */

const localized = z.object({ fa: z.string().min(1), en: z.string().min(1) });

/** A title of the catalogue, by its slug (`a-separation`). */
const titleSlug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a title slug such as a-separation');

/**
 * Where a call to action leads: a page of this site written as the Persian site writes it
 * (`/subscribe?code=DEMO-20`); the English page gets its /en twin through the locale rule.
 */
const target = z
  .string()
  .refine(
    (href) => /^\/(?!\/)/.test(href) && routeOf(href.split(/[?#]/)[0] ?? '').locale === 'fa',
    'a path of this site without a language prefix, such as /subscribe?code=DEMO-20',
  );

/** A call to action leads to a page (`href`) or to a title's page (`title`, by slug). */
const action = z.union([
  z.object({ label: localized, href: target }),
  z.object({ label: localized, title: titleSlug }),
]);

const block = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hero'),
    heading: localized,
    lead: localized.optional(),
    /** The title whose cover is the hero's picture. */
    artwork: titleSlug.optional(),
    action: action.optional(),
  }),
  z.object({ type: z.literal('titles'), heading: localized, titles: z.array(titleSlug).min(1).max(12) }),
  z.object({
    type: z.literal('offer'),
    heading: localized,
    text: localized,
    /** The discount code the offer stands for; the purchase dialog applies it. */
    code: z.string().regex(/^[A-Z0-9-]{3,40}$/, 'a discount code in capitals, such as DEMO-20'),
    /** Subscription packages it applies to, by slug (monthly, yearly, ...). */
    packages: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  }),
  z.object({ type: z.literal('countdown'), heading: localized, screening: titleSlug }),
  z.object({
    type: z.literal('testimonials'),
    heading: localized,
    items: z.array(z.object({ quote: localized, author: localized })).min(1),
  }),
  z.object({
    type: z.literal('faq'),
    heading: localized,
    items: z.array(z.object({ question: localized, answer: localized })).min(1),
  }),
  z.object({ type: z.literal('cta'), text: localized.optional(), action }),
]);

export const landingSchema = z.object({
  /** The `utm_campaign` of this landing's links: visits, sign-ups and payments are reported under it. */
  campaign: z.string().regex(/^[a-z0-9-]{2,60}$/, 'a campaign id in lower case, such as nowruz-1405'),
  title: localized,
  description: z.object({ fa: z.string().min(1).max(170), en: z.string().min(1).max(170) }),
  updated: z.coerce.date(),
  blocks: z.array(block).min(1),
});

export type Landing = z.infer<typeof landingSchema>;
export type LandingBlock = Landing['blocks'][number];
