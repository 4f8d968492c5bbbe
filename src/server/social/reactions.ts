import { and, count, eq, inArray } from 'drizzle-orm';
import type { Reactions } from '../../shared/social';
import type { Authenticated } from '../auth';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { ReactionKind } from '../../shared/social';
import { productReactions, type ReactionTable } from '../db/schema';
import { lockUser } from '../users';
import { requireProduct } from './products';

export type ReactionCounts = Omit<Reactions, 'reaction'>;

/** Likes and dislikes of each target, by COUNT over the (target, reaction) index: always exact. */
export async function countReactions(
  db: Db,
  table: ReactionTable,
  targetIds: readonly number[],
): Promise<Map<number, ReactionCounts>> {
  const counts = new Map<number, ReactionCounts>(targetIds.map((id) => [id, { likes: 0, dislikes: 0 }]));
  if (targetIds.length === 0) return counts;
  const rows = await db
    .select({ targetId: table.targetId, reaction: table.reaction, n: count() })
    .from(table)
    .where(inArray(table.targetId, [...targetIds]))
    .groupBy(table.targetId, table.reaction);
  for (const row of rows) {
    const entry = counts.get(row.targetId);
    if (entry) entry[row.reaction === 'like' ? 'likes' : 'dislikes'] = row.n;
  }
  return counts;
}

/** The user's own reaction to each of the targets (absent: none). */
export async function ownReactions(
  db: Db,
  table: ReactionTable,
  userId: number | null,
  targetIds: readonly number[],
): Promise<Map<number, ReactionKind>> {
  if (userId === null || targetIds.length === 0) return new Map();
  const rows = await db
    .select({ targetId: table.targetId, reaction: table.reaction })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.targetId, [...targetIds])));
  return new Map(rows.map((row) => [row.targetId, row.reaction]));
}

export async function reactionsOf(
  db: Db,
  table: ReactionTable,
  userId: number | null,
  targetId: number,
): Promise<Reactions> {
  const [counts, own] = await Promise.all([
    countReactions(db, table, [targetId]),
    ownReactions(db, table, userId, [targetId]),
  ]);
  return { likes: 0, dislikes: 0, ...counts.get(targetId), reaction: own.get(targetId) ?? null };
}

/**
 * Like (or dislike) toggles: the same reaction again removes it, the other one replaces it, so a user
 * has at most one. The user's row lock serialises one user's concurrent toggles; different users
 * touch different rows, and the counts are read back in the same transaction.
 */
export async function toggleReaction(
  db: Db,
  table: ReactionTable,
  userId: number,
  targetId: number,
  reaction: ReactionKind,
  now: Date,
): Promise<Reactions> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const removed = await tx
      .delete(table)
      .where(and(eq(table.userId, userId), eq(table.targetId, targetId), eq(table.reaction, reaction)))
      .returning({ userId: table.userId });
    if (removed.length === 0) {
      await tx
        .insert(table)
        .values({ userId, targetId, reaction, createdAt: now })
        .onConflictDoUpdate({ target: [table.userId, table.targetId], set: { reaction, createdAt: now } });
    }
    return reactionsOf(tx, table, userId, targetId);
  });
}

/** GET /products/{id}/reactions: anyone may read; `userId` null for an anonymous visitor. */
export async function productReactionsOf(
  ctx: AppContext,
  userId: number | null,
  productId: number,
): Promise<Reactions> {
  const { db } = ctx.database;
  await requireProduct(db, productId);
  return reactionsOf(db, productReactions, userId, productId);
}

export async function toggleProductReaction(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  reaction: ReactionKind,
): Promise<Reactions> {
  const { db } = ctx.database;
  await requireProduct(db, productId);
  return toggleReaction(db, productReactions, auth.user.id, productId, reaction, ctx.clock.now());
}
