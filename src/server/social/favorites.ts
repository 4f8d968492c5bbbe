import { and, desc, eq } from 'drizzle-orm';
import type { Favorites, FavoriteToggled } from '../../shared/social';
import type { Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { favorites, products } from '../db/schema';
import { DomainError } from '../errors';
import { lockUser } from '../users/me';
import { requireProduct } from './products';

/** Favorites belong to a profile: a session that has not picked one yet is told to pick one (409). */
function selectedProfile(auth: Authenticated): number {
  const { profileId } = auth.session;
  if (profileId === null) throw new DomainError('conflict', 'profile_required');
  return profileId;
}

async function listFavorites(db: Db, profileId: number): Promise<Favorites> {
  const rows = await db
    .select({ id: products.id, kind: products.kind, title: products.titleFa, en_title: products.titleEn })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(eq(favorites.profileId, profileId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  return { favorites: rows.map((row) => row.id), favorite_list: rows };
}

export function getFavorites(ctx: AppContext, auth: Authenticated): Promise<Favorites> {
  return listFavorites(ctx.database.db, selectedProfile(auth));
}

/**
 * Adds the product to the selected profile's favorites, or removes it when it is there. The user's row
 * lock orders a double tap's two toggles, so they cancel out instead of both adding.
 */
export async function toggleFavorite(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
): Promise<Omit<FavoriteToggled, 'message'> & { added: boolean }> {
  const profileId = selectedProfile(auth);
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
  return { added, ...(await listFavorites(db, profileId)) };
}
