import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { landingSchema } from './lib/landing-schema';

/**
 * Marketing's pages: one Markdown file per page and language, src/content/pages/<fa|en>/<slug>.md, so
 * staff edit copy without touching code. Entry ids are "fa/about", "en/about", ...
 */
const pages = defineCollection({
  loader: glob({ base: './src/content/pages', pattern: '**/*.md' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(170),
    /** A short line under the heading. */
    lead: z.string().optional(),
    /** A page may end with one call to action. */
    cta: z.object({ label: z.string(), href: z.string() }).optional(),
    /** Shown as "last updated" on legal pages. */
    updated: z.coerce.date().optional(),
  }),
});

/** Campaign landings: src/content/landings/<slug>.yaml, one file for both languages (src/lib/landing-schema.ts). */
const landings = defineCollection({
  loader: glob({ base: './src/content/landings', pattern: '*.yaml' }),
  schema: landingSchema,
});

export const collections = { pages, landings };
