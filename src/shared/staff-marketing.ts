import { z } from 'zod';

/**
 * GET /staff/marketing (role catalogue) → `MarketingReport`: every content file marketing edits (the
 * home slider and rows in src/content/home, the landings in src/content/landings) as it is on disk now,
 * checked with the validation the site applies to it, and previewed in both languages. Titles and
 * packages are looked up in the catalogue: the site leaves out a slug it does not know, so the
 * preview names them.
 */

const previewSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), lines: z.array(z.string()) })),
});
export type ContentPreview = z.infer<typeof previewSchema>;

export const contentFileSchema = z
  .object({
    kind: z.enum(['slider', 'rows', 'landing']),
    /** The path in the repository, e.g. src/content/landings/landing1.yaml. */
    file: z.string(),
    /** A landing's address name; null for the home files. */
    slug: z.string().nullable(),
    valid: z.boolean(),
    /** Why it is refused: the field's path (dotted) and the check's message. */
    errors: z.array(z.object({ path: z.string(), message: z.string() })),
    /** Slugs of titles (or packages) the catalogue does not have: left out of the page. */
    unknown: z.array(z.string()),
    preview: z.object({ fa: previewSchema, en: previewSchema }).nullable(),
  })
  .meta({ id: 'ContentFile' });
export type ContentFile = z.infer<typeof contentFileSchema>;

export const marketingReportSchema = z
  .object({ files: z.array(contentFileSchema) })
  .meta({ id: 'MarketingReport' });
export type MarketingReport = z.infer<typeof marketingReportSchema>;
