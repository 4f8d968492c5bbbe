import { asc, eq } from 'drizzle-orm';
import { COMMENTS_PAGE_SIZE, type StaffCommentPage } from '../../shared/social';
import type { AppContext } from '../context';
import type { CommentStatus } from '../../shared/social';
import { comments, products, profiles, users } from '../db/schema';
import { notFound } from '../errors';
import { recordAudit } from '../staff/audit';
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
    comments: rows.slice(0, COMMENTS_PAGE_SIZE).map(({ comment, productTitle, ...names }) => ({
      id: comment.id,
      product_id: comment.productId,
      product_title: productTitle,
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
 * Approves or rejects a comment in any state: a decision can be revised, and the last one counts. The
 * audit log keeps the status before and after (comment.approve / comment.reject).
 */
export async function moderateComment(
  ctx: AppContext,
  moderatorId: number,
  commentId: number,
  status: Exclude<CommentStatus, 'pending'>,
): Promise<{ id: number; status: CommentStatus }> {
  return ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: comments.status })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!before) throw notFound('comment_not_found');
    const [row] = await tx
      .update(comments)
      .set({ status, moderatedAt: ctx.clock.now(), moderatedBy: moderatorId })
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id, status: comments.status });
    if (!row) throw notFound('comment_not_found');
    await recordAudit(tx, {
      actorId: moderatorId,
      action: status === 'approved' ? 'comment.approve' : 'comment.reject',
      targetType: 'comment',
      targetId: commentId,
      before,
      after: { status: row.status },
    });
    return row;
  });
}
