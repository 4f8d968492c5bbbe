import { and, count, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { screeningPresence, tickets } from '../db/schema';

/** A waiting-room page says "still here" this often; a viewer unheard of for twice as long has left. */
export const PRESENCE_INTERVAL_SECONDS = 20;
const GONE_AFTER_MS = 2 * PRESENCE_INTERVAL_SECONDS * 1000;
/** Each instance counts a room at most this often; every page of it in between reads the same number. */
const COUNT_CACHE_MS = 5_000;

const counted = new WeakMap<AppContext, Map<number, { at: number; waiting: number }>>();

/**
 * How many ticket holders have the screening's waiting room open. Counted from the presence rows seen
 * lately, cached per instance for a few seconds so a full room asking every few seconds is one query a
 * room every five seconds, not one per viewer.
 */
export async function waitingCount(ctx: AppContext, productId: number): Promise<number> {
  const now = ctx.clock.now().getTime();
  let rooms = counted.get(ctx);
  if (!rooms) counted.set(ctx, (rooms = new Map()));
  const cached = rooms.get(productId);
  if (cached && now - cached.at < COUNT_CACHE_MS && now >= cached.at) return cached.waiting;
  const [row] = await ctx.database.db
    .select({ waiting: count() })
    .from(screeningPresence)
    .where(
      and(
        eq(screeningPresence.productId, productId),
        gte(screeningPresence.seenAt, new Date(now - GONE_AFTER_MS)),
      ),
    );
  const waiting = row?.waiting ?? 0;
  rooms.set(productId, { at: now, waiting });
  return waiting;
}

/**
 * A viewer's waiting-room page says it is open. Only a holder of a ticket to this screening is counted
 * (anyone else's page just reads the number); answers the count.
 */
export async function notePresence(ctx: AppContext, userId: number, productId: number): Promise<number> {
  const [ticket] = await ctx.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.productId, productId), eq(tickets.ownerUserId, userId)))
    .limit(1);
  if (ticket) {
    const seenAt = ctx.clock.now();
    await ctx.database.db
      .insert(screeningPresence)
      .values({ productId, userId, seenAt })
      .onConflictDoUpdate({
        target: [screeningPresence.productId, screeningPresence.userId],
        set: { seenAt },
      });
  }
  return waitingCount(ctx, productId);
}
