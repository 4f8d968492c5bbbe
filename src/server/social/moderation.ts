import { asc, eq } from 'drizzle-orm';
import { COMMENTS_PAGE_SIZE, type StaffCommentPage } from '../../shared/social';
import type { Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import type { CommentStatus } from '../../shared/social';
import { comments, products, profiles, users } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { commentAuthor } from './comments';

/** Moderation is for staff accounts only (users.is_staff); everyone else gets a 403. */
export function requireStaff(auth: Authenticated): void {
  if (!auth.user.isStaff) throw new DomainError('forbidden');
}

/** The moderation queue: comments in one status, oldest first (the longest-waiting are handled first). */
export async function listForModeration(
  ctx: AppContext,
  auth: Authenticated,
  status: CommentStatus,
  page: number,
): Promise<StaffCommentPage> {
  requireStaff(auth);
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

/** Approves or rejects a comment in any state: a decision can be revised, and the last one counts. */
export async function moderateComment(
  ctx: AppContext,
  auth: Authenticated,
  commentId: number,
  status: Exclude<CommentStatus, 'pending'>,
): Promise<{ id: number; status: CommentStatus }> {
  requireStaff(auth);
  const [row] = await ctx.database.db
    .update(comments)
    .set({ status, moderatedAt: ctx.clock.now(), moderatedBy: auth.user.id })
    .where(eq(comments.id, commentId))
    .returning({ id: comments.id, status: comments.status });
  if (!row) throw notFound('comment_not_found');
  return row;
}
