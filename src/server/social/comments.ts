import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentPage,
  type CommentReply,
  type PostComment,
  type Reactions,
} from '../../shared/social';
import type { Authenticated } from '../auth';
import type { AppContext } from '../context';
import { defineRateLimit } from '../core/rate-limit';
import type { Db } from '../db/client';
import type { ReactionKind } from '../../shared/social';
import { commentReactions, comments, profiles, users } from '../db/schema';
import { invalidFields, notFound } from '../errors';
import { countReactions, ownReactions, toggleReaction } from './reactions';
import { requireProduct } from './products';

/** Enough for a conversation, too few to flood the moderation queue. */
const commentPosting = defineRateLimit({ name: 'comment-post', limit: 5, windowSeconds: 10 * 60 });

/** The author shown: the profile that wrote it, or the account's name once that profile is gone. */
export function commentAuthor(row: { profileName: string | null; userName: string }): string {
  return row.profileName ?? row.userName;
}

const listedFields = {
  id: comments.id,
  parentId: comments.parentId,
  body: comments.body,
  createdAt: comments.createdAt,
  profileName: profiles.name,
  userName: users.name,
};

interface ListedRow {
  id: number;
  parentId: number | null;
  body: string;
  createdAt: Date;
  profileName: string | null;
  userName: string;
}

function approvedComments(db: Db) {
  return db
    .select(listedFields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(profiles, eq(profiles.id, comments.profileId));
}

/**
 * A page of a title's approved comments, newest first, with their approved replies (oldest first, as
 * a conversation reads) and everyone's reactions; `userId` adds the viewer's own reaction.
 */
export async function listComments(
  ctx: AppContext,
  userId: number | null,
  productId: number,
  page: number,
): Promise<CommentPage> {
  const { db } = ctx.database;
  await requireProduct(db, productId);
  const topLevel: ListedRow[] = await approvedComments(db)
    .where(and(eq(comments.productId, productId), eq(comments.status, 'approved'), isNull(comments.parentId)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1)
    .offset((page - 1) * COMMENTS_PAGE_SIZE);
  const shown = topLevel.slice(0, COMMENTS_PAGE_SIZE);
  const replies: ListedRow[] =
    shown.length === 0
      ? []
      : await approvedComments(db)
          .where(
            and(
              inArray(
                comments.parentId,
                shown.map((row) => row.id),
              ),
              eq(comments.status, 'approved'),
            ),
          )
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const ids = [...shown, ...replies].map((row) => row.id);
  const [counts, own] = await Promise.all([
    countReactions(db, commentReactions, ids),
    ownReactions(db, commentReactions, userId, ids),
  ]);
  const toReply = (row: ListedRow): CommentReply => ({
    id: row.id,
    author: commentAuthor(row),
    body: row.body,
    created_at: row.createdAt.toISOString(),
    likes: counts.get(row.id)?.likes ?? 0,
    dislikes: counts.get(row.id)?.dislikes ?? 0,
    reaction: own.get(row.id) ?? null,
  });
  const listed: Comment[] = shown.map((row) => ({
    ...toReply(row),
    replies: replies.filter((reply) => reply.parentId === row.id).map(toReply),
  }));
  return { comments: listed, page, has_more: topLevel.length > COMMENTS_PAGE_SIZE };
}

/**
 * Stores a comment as pending. A reply names an approved comment of the same title; a reply to a reply
 * is attached to that reply's top comment, so threads stay one level deep.
 */
export async function postComment(
  ctx: AppContext,
  auth: Authenticated,
  productId: number,
  input: PostComment,
): Promise<{ id: number; status: 'pending' }> {
  const { db } = ctx.database;
  await requireProduct(db, productId);
  let parentId: number | null = null;
  if (input.parent_id !== undefined) {
    const [parent] = await db
      .select({ id: comments.id, parentId: comments.parentId })
      .from(comments)
      .where(
        and(
          eq(comments.id, input.parent_id),
          eq(comments.productId, productId),
          eq(comments.status, 'approved'),
        ),
      );
    if (!parent) throw invalidFields({ parent_id: 'comment_not_found' });
    parentId = parent.parentId ?? parent.id;
  }
  await ctx.rateLimiter.consume(commentPosting, String(auth.user.id));
  const [row] = await db
    .insert(comments)
    .values({
      productId,
      userId: auth.user.id,
      profileId: auth.session.profileId,
      parentId,
      body: input.body,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: comments.id });
  if (!row) throw new Error('comment insert returned no row');
  return { id: row.id, status: 'pending' };
}

/** Only published (approved) comments can be liked or disliked. */
export async function toggleCommentReaction(
  ctx: AppContext,
  auth: Authenticated,
  commentId: number,
  reaction: ReactionKind,
): Promise<Reactions> {
  const { db } = ctx.database;
  const [comment] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.status, 'approved')));
  if (!comment) throw notFound('comment_not_found');
  return toggleReaction(db, commentReactions, auth.user.id, commentId, reaction, ctx.clock.now());
}
