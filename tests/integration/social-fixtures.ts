import { products } from '~/server/db/schema';
import type { TestApp } from './harness';

/** Titles of the social tests' own (by slug), so they do not depend on the catalogue seed. */
export async function insertProducts(app: TestApp, slugs: readonly string[]): Promise<number[]> {
  const rows = await app.ctx.database.db
    .insert(products)
    .values(
      slugs.map((slug, index) => ({
        slug,
        kind: 'film' as const,
        titleFa: `فیلم ${index + 1}`,
        titleEn: `Film ${index + 1}`,
        synopsisFa: 'خلاصه',
        synopsisEn: 'Synopsis',
        category: 'feature',
        artwork: slug,
      })),
    )
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}
