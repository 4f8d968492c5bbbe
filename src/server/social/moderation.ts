import { asc, eq, inArray } from 'drizzle-orm';
import { COMMENTS_PAGE_SIZE, type StaffCommentPage } from '../../shared/social';
import type { AppContext } from '../context';
import type { CommentStatus } from '../../shared/social';
import { comments, products, profiles, users } from '../db/schema';
import { notFound } from '../errors';
import { recordAudit } from '../core/audit';
import { commentAuthor } from './comments';

/**
 * The moderation queue: comments in one status, oldest first (the longest-waiting are handled first).
 * Who may moderate is the staff route's concern (role `moderator`, src/server/api/staff/comments.ts).
 */
export async function listForModeration(
  ctx: AppContext,
  status: CommentStatus,
  page: number,
): Promise<StaffCommentPage> {
  const rows = await ctx.database.db
    .select({
      comment: comments,
      productTitle: products.titleFa,
      productEnTitle: products.titleEn,
      profileName: profiles.name,
      userName: users.name,
    })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(profiles, eq(profiles.id, comments.profileId))
    .where(eq(comments.status, status))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1)
    .offset((page - 1) * COMMENTS_PAGE_SIZE);
  return {
    comments: rows
      .slice(0, COMMENTS_PAGE_SIZE)
      .map(({ comment, productTitle, productEnTitle, ...names }) => ({
        id: comment.id,
        product_id: comment.productId,
        product_title: productTitle,
        en_product_title: productEnTitle,
        parent_id: comment.parentId,
        user_id: comment.userId,
        author: commentAuthor(names),
        body: comment.body,
        status: comment.status,
        created_at: comment.createdAt.toISOString(),
        moderated_at: comment.moderatedAt?.toISOString() ?? null,
      })),
    page,
    has_more: rows.length > COMMENTS_PAGE_SIZE,
  };
}

/**
 * Approves or rejects comments in any state: a decision can be revised, and the last one counts. All
 * or none: an unknown id is a 404 and changes nothing. The audit log keeps each comment's status before
 * and after (comment.approve / comment.reject).
 */
export async function moderateComments(
  ctx: AppContext,
  moderatorId: number,
  commentIds: readonly number[],
  status: Exclude<CommentStatus, 'pending'>,
): Promise<{ id: number; status: CommentStatus }[]> {
  const ids = [...new Set(commentIds)].sort((a, b) => a - b);
  return ctx.database.db.transaction(async (tx) => {
    const before = await tx
      .select({ id: comments.id, status: comments.status })
      .from(comments)
      .where(inArray(comments.id, ids))
      .orderBy(asc(comments.id))
      .for('update');
    if (before.length !== ids.length) throw notFound('comment_not_found');
    const rows = await tx
      .update(comments)
      .set({ status, moderatedAt: ctx.clock.now(), moderatedBy: moderatorId })
      .where(inArray(comments.id, ids))
      .returning({ id: comments.id, status: comments.status });
    for (const { id, status: previous } of before) {
      await recordAudit(tx, {
        actorId: moderatorId,
        action: status === 'approved' ? 'comment.approve' : 'comment.reject',
        targetType: 'comment',
        targetId: id,
        before: { status: previous },
        after: { status },
      });
    }
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** One comment's decision, as moderateComments makes it. */
export async function moderateComment(
  ctx: AppContext,
  moderatorId: number,
  commentId: number,
  status: Exclude<CommentStatus, 'pending'>,
): Promise<{ id: number; status: CommentStatus }> {
  const [comment] = await moderateComments(ctx, moderatorId, [commentId], status);
  if (!comment) throw notFound('comment_not_found');
  return comment;
}
