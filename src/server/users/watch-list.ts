import { and, desc, eq, gt } from 'drizzle-orm';
import { localPath } from '../../lib/locale';
import type { Locale } from '../../lib/locale';
import type { ContinueWatching } from '../../shared/users';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { watchPositions } from '../db/schema';

/** A home row holds this many; the rest stay reachable from the titles themselves. */
const CONTINUE_WATCHING_LIMIT = 12;

/**
 * What the profile started and has not finished, most recent first, with where it stopped: the
 * "continue watching" row. Playback writes the positions (POST /core/save-watch-time).
 */
export async function continueWatching(
  ctx: AppContext,
  profileId: number,
  locale: Locale,
): Promise<ContinueWatching> {
  const rows = await ctx.database.db
    .select({
      productId: watchPositions.productId,
      position: watchPositions.positionSeconds,
      duration: watchPositions.durationSeconds,
      episodeId: watchPositions.episodeId,
    })
    .from(watchPositions)
    .where(
      and(
        eq(watchPositions.profileId, profileId),
        eq(watchPositions.watched, false),
        gt(watchPositions.positionSeconds, 0),
      ),
    )
    .orderBy(desc(watchPositions.updatedAt), desc(watchPositions.productId))
    .limit(CONTINUE_WATCHING_LIMIT);
  const cards = new Map(
    (
      await getProductCards(
        ctx,
        rows.map((row) => row.productId),
        locale,
      )
    ).map((card) => [card.id, card]),
  );
  return {
    items: rows.flatMap((row) => {
      const card = cards.get(row.productId);
      if (!card) return [];
      return [
        {
          card,
          position: row.position,
          duration: row.duration,
          play_href: localPath(
            row.episodeId === null ? `/play/${card.id}` : `/play/${card.id}?episode=${row.episodeId}`,
            locale,
          ),
        },
      ];
    }),
  };
}
