import { eq } from 'drizzle-orm';
import type { PlayerReport } from '../../shared/playback';
import type { AppContext } from '../context';
import { episodes, playerReports, products } from '../db/schema';
import { notFound } from '../errors';

/** POST /core/player-report: stores what the viewer saw go wrong, with where and on what. */
export async function reportPlayerProblem(
  ctx: AppContext,
  reporter: { userId: number | null; clientAddress: string },
  report: PlayerReport,
): Promise<void> {
  const db = ctx.database.db;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, report.product_id));
  if (!product) throw notFound('product_not_found');
  const episodeId = report.episode_id ?? null;
  if (episodeId !== null) {
    const [episode] = await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, episodeId));
    if (!episode) throw notFound('episode_not_found');
  }
  await db.insert(playerReports).values({
    productId: product.id,
    episodeId,
    userId: reporter.userId,
    positionSeconds: Math.round(report.position),
    problem: report.problem,
    description: report.description ?? '',
    browser: report.browser,
    streamingIp: report.network.streaming_ip ?? null,
    effectiveType: report.network.effective_type ?? null,
    // Kbit/s precision is all a report needs; a float4 column refuses the tiniest doubles (underflow).
    downlink:
      report.network.downlink === undefined ? null : Math.round(report.network.downlink * 1000) / 1000,
    clientAddress: reporter.clientAddress,
    createdAt: ctx.clock.now(),
  });
}
