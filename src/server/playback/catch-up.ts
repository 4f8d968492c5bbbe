import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { productMedia } from '../db/schema';
import { catchUpEnd } from './access';

/**
 * Until when an ended screening's page offers its catch-up (its package on demand, the chat replayed
 * beside it; decision record 0055): null while it has not ended, once its week has passed, or when it
 * has no package. The page is the same for every visitor, so it does not know who holds a ticket: the
 * player answers each viewer.
 */
export async function catchUpUntil(
  ctx: AppContext,
  title: { id: number; kind: string; endsAt: Date | null },
): Promise<Date | null> {
  if (title.kind !== 'screening' || !title.endsAt) return null;
  const until = catchUpEnd(title.endsAt);
  const now = ctx.clock.now();
  if (now < title.endsAt || now >= until) return null;
  const [packaged] = await ctx.database.db
    .select({ id: productMedia.id })
    .from(productMedia)
    .where(
      and(
        eq(productMedia.productId, title.id),
        isNull(productMedia.episodeId),
        isNotNull(productMedia.asset),
      ),
    );
  return packaged ? until : null;
}
