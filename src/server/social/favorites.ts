import { and, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import type { Favorites, FavoriteToggled } from '../../shared/social';
import type { Authenticated } from '../auth';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { favorites } from '../db/schema';
import { ageLimitOf, allowedCards, lockUser, requireSelectedProfile } from '../users';
import { requireProduct } from './products';

/** The profile's favorites, most recently added first, as the catalogue's cards in `locale`. */
async function listFavorites(ctx: AppContext, profileId: number, locale: Locale): Promise<Favorites> {
  const rows = await ctx.database.db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(eq(favorites.profileId, profileId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  const ids = rows.map((row) => row.id);
  // A profile made a kids profile after choosing more keeps them, but is shown only what it may watch.
  const limit = await ageLimitOf(ctx.database.db, profileId);
  const list = await allowedCards(ctx.database.db, limit, await getProductCards(ctx, ids, locale));
  return { favorites: ids, favorite_list: list };
}

export function getFavorites(ctx: AppContext, auth: Authenticated, locale: Locale): Promise<Favorites> {
  return listFavorites(ctx, requireSelectedProfile(auth), locale);
}

/**
 * Adds the product to the selected profile's favorites, or removes it when it is there. The user's row
 * lock orders a double tap's two toggles, so they cancel out instead of both adding.
 */
export async function toggleFavorite(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  locale: Locale,
): Promise<Omit<FavoriteToggled, 'message'> & { added: boolean }> {
  const profileId = requireSelectedProfile(auth);
  const { db } = ctx.database;
  await requireProduct(db, productId);
  const added = await db.transaction(async (tx) => {
    await lockUser(tx, auth.user.id);
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.profileId, profileId), eq(favorites.productId, productId)))
      .returning({ id: favorites.productId });
    if (removed.length > 0) return false;
    await tx.insert(favorites).values({ profileId, productId, createdAt: ctx.clock.now() });
    return true;
  });
  return { added, ...(await listFavorites(ctx, profileId, locale)) };
}
