import { and, desc, eq, gt } from 'drizzle-orm';
import { localPath } from '../../lib/locale';
import type { Locale } from '../../lib/locale';
import type { ContinueWatching } from '../../shared/users';
import { getProductCards } from '../catalog';
import type { AppContext } from '../context';
import { episodes, seasons, watchPositions } from '../db/schema';
import { ageLimitOf, allowedCards } from './kids';

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
  // A profile made a kids profile after watching more is shown only what it may watch now (issue 29).
  const limit = await ageLimitOf(ctx.database.db, profileId);
  const found = await getProductCards(
    ctx,
    rows.map((row) => row.productId),
    locale,
  );
  const cards = new Map((await allowedCards(ctx.database.db, limit, found)).map((card) => [card.id, card]));
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

/** Where a profile left off in one title: the title page's "Resume from 42:10" (or "Resume S1 E3 ..."). */
export interface ResumePoint {
  position: number;
  duration: number;
  /** The series episode it is in; null for a film. */
  episode: { season: number; number: number } | null;
  /** The player page that resumes there. */
  playHref: string;
}

/**
 * The profile's unfinished place in a title, from the same positions as "continue watching"; null when
 * it never started the title or watched it to the end (the next play starts over, or at the next episode).
 */
export async function resumePoint(
  ctx: AppContext,
  profileId: number,
  productId: number,
  locale: Locale,
): Promise<ResumePoint | null> {
  const [row] = await ctx.database.db
    .select({
      position: watchPositions.positionSeconds,
      duration: watchPositions.durationSeconds,
      episodeId: watchPositions.episodeId,
      season: seasons.number,
      number: episodes.number,
    })
    .from(watchPositions)
    .leftJoin(episodes, eq(episodes.id, watchPositions.episodeId))
    .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
    .where(
      and(
        eq(watchPositions.profileId, profileId),
        eq(watchPositions.productId, productId),
        eq(watchPositions.watched, false),
        gt(watchPositions.positionSeconds, 0),
      ),
    );
  if (!row) return null;
  const episode =
    row.season !== null && row.number !== null ? { season: row.season, number: row.number } : null;
  return {
    position: row.position,
    duration: row.duration,
    episode,
    playHref: localPath(
      row.episodeId === null ? `/play/${productId}` : `/play/${productId}?episode=${row.episodeId}`,
      locale,
    ),
  };
}
