import { and, eq, isNull } from 'drizzle-orm';
import { WATCHED_SHARE, type SaveWatchTime } from '../../shared/playback';
import type { Authenticated } from '../auth';
import type { AppContext } from '../context';
import { episodes, productMedia, products, seasons, watchPositions } from '../db/schema';
import { notFound } from '../errors';
import { readManifest } from '../media';
import { requireSelectedProfile } from '../users';

/** Players report durations rounded or a segment short; closer than this is the same package. */
const SAME_DURATION_SECONDS = 5;

/**
 * POST /core/save-watch-time: where the selected profile is in a title (for a series: which episode and
 * where in it), one row per profile and title, overwritten by each save. Near the end (95 %, or past
 * the credits marker of the package) counts as watched. Deleting a profile deletes its rows (cascade).
 */
export async function saveWatchTime(
  ctx: AppContext,
  auth: Authenticated,
  input: SaveWatchTime,
): Promise<{ watched: boolean }> {
  const profileId = requireSelectedProfile(auth);
  const db = ctx.database.db;
  const [product] = await db
    .select({ id: products.id, kind: products.kind })
    .from(products)
    .where(eq(products.id, input.product_id));
  if (!product) throw notFound('product_not_found');
  const episodeId = product.kind === 'series' ? (input.episode_id ?? null) : null;
  if (episodeId !== null) {
    const [episode] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
      .where(and(eq(episodes.id, episodeId), eq(seasons.productId, product.id)));
    if (!episode) throw notFound('episode_not_found');
  }
  const [media] = await db
    .select({ asset: productMedia.asset })
    .from(productMedia)
    .where(
      and(
        eq(productMedia.productId, product.id),
        episodeId === null ? isNull(productMedia.episodeId) : eq(productMedia.episodeId, episodeId),
      ),
    );
  const manifest = media?.asset ? await readManifest(ctx, media.asset) : null;
  // The credits marker is a time in that package: it only applies when the player plays that package.
  const credits =
    manifest?.credits != null && Math.abs(manifest.duration - input.duration) <= SAME_DURATION_SECONDS
      ? manifest.credits
      : null;
  const position = Math.min(input.position, input.duration);
  const watched = position >= input.duration * WATCHED_SHARE || (credits !== null && position >= credits);
  const row = {
    positionSeconds: Math.round(position),
    durationSeconds: Math.round(input.duration),
    episodeId,
    watched,
    updatedAt: ctx.clock.now(),
  };
  await db
    .insert(watchPositions)
    .values({ profileId, productId: product.id, ...row })
    .onConflictDoUpdate({ target: [watchPositions.profileId, watchPositions.productId], set: row });
  return { watched };
}
