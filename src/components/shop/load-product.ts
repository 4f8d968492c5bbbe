import type { AstroGlobal } from 'astro';
import { titleIdOf } from '~/lib/catalog';
import { DomainError } from '~/server/errors';
import { getRuntime } from '~/server/runtime';
import { goodsDetail } from '~/server/shop/goods';
import type { ShopProduct } from '~/shared/shop';

/**
 * A product page's goods in both currencies (the structured data offers both), or null for an unknown
 * id. Called by the page itself: the 404 status must be set before the page starts streaming.
 */
export async function loadShopProduct(
  astro: AstroGlobal,
): Promise<{ irr: ShopProduct; usd: ShopProduct } | null> {
  const id = titleIdOf(astro.params['id']);
  if (id === null) return null;
  const { ctx } = await getRuntime();
  try {
    const [irr, usd] = await Promise.all([
      goodsDetail(ctx.database.db, id, 'IRR'),
      goodsDetail(ctx.database.db, id, 'USD'),
    ]);
    return { irr, usd };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}
