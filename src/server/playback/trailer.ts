import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { productMedia, products } from '../db/schema';
import { readManifest } from '../media';

/**
 * What search engines are told of a title's trailer (its VideoObject): how long it runs and when it
 * went up, with the title's publication. Null when the title has no trailer to play.
 */
export async function trailerFacts(
  ctx: AppContext,
  productId: number,
): Promise<{ duration: number; uploadDate: string } | null> {
  const [row] = await ctx.database.db
    .select({ trailer: productMedia.trailerAsset, publishedAt: products.publishedAt })
    .from(productMedia)
    .innerJoin(products, eq(products.id, productMedia.productId))
    .where(and(eq(productMedia.productId, productId), isNull(productMedia.episodeId)));
  if (!row?.trailer) return null;
  const manifest = await readManifest(ctx, row.trailer);
  if (!manifest?.trailer) return null;
  return { duration: manifest.trailer.duration, uploadDate: row.publishedAt.toISOString() };
}
