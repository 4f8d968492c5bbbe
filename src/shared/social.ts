import { z } from 'zod';
import { productCardSchema } from './catalog';
import { idSchema, MAX_INT4 } from './ids';

/**
 * Favorites, reactions and comments (issue 4), under /api/v1. Calls marked (login) need
 * `Authorization: Bearer <token>` and answer 401 without it; the client then starts the login flow.
 *
 * - GET /me/favorite (login) → `{ favorites, favorite_list }` of the profile selected on this device;
 *   POST /me/favorite/{id} (login) toggles the product → `{ message, favorites, favorite_list }`.
 *   No selected profile: 409. Unknown product: 404.
 * - POST /products/{id}/like-toggle | /dislike-toggle (login) → `Reactions`; GET /products/{id}/reactions
 *   → `Reactions` (`reaction` null when anonymous). Like and dislike are exclusive; one per account.
 * - POST /comments/{id}/like-toggle | /dislike-toggle (login) → `Reactions` (approved comments only).
 * - GET /products/{id}/comments?page → approved comments, newest first, 10 a page, replies (approved,
 *   oldest first) nested one level. POST /products/{id}/comments (login) `{ body, parent_id? }` → 201
 *   `{ message, comment: { id, status: 'pending' } }`; a reply to a reply attaches to its top comment.
 *   At most 5 comments per account in 10 minutes (429).
 * - Staff (role moderator, else 403): GET /staff/comments?status&page, POST
 *   /staff/comments/{id}/approve | /reject → `{ message, comment: { id, status } }`, POST
 *   /staff/comments/decisions `{ ids, status }` → `{ message, comments }` (all or none).
 */

export const COMMENTS_PAGE_SIZE = 10;
export const MAX_COMMENT_LENGTH = 2000;

export const favoritesSchema = z
  .object({
    /** Product ids, most recently added first. */
    favorites: z.array(z.number().int()),
    /** The same titles as the catalogue's cards, in the request language. */
    favorite_list: z.array(productCardSchema),
  })
  .meta({ id: 'Favorites' });
export type Favorites = z.infer<typeof favoritesSchema>;

export const favoriteToggledSchema = favoritesSchema
  .extend({ message: z.string() })
  .meta({ id: 'FavoriteToggled' });
export type FavoriteToggled = z.infer<typeof favoriteToggledSchema>;

/** A viewer's reaction to a title or a comment; like and dislike exclude each other (and the database's column). */
export const reactionKinds = ['like', 'dislike'] as const;
export type ReactionKind = (typeof reactionKinds)[number];

export const reactionsSchema = z
  .object({
    likes: z.number().int(),
    dislikes: z.number().int(),
    /** The viewer's own reaction; null when none or anonymous. */
    reaction: z.enum(reactionKinds).nullable(),
  })
  .meta({ id: 'Reactions' });
export type Reactions = z.infer<typeof reactionsSchema>;

const commentFields = {
  id: z.number().int(),
  /** The name of the profile that wrote it. */
  author: z.string(),
  /** Plain text; escape it when rendering. */
  body: z.string(),
  created_at: z.string(),
  ...reactionsSchema.shape,
};

export const replySchema = z.object(commentFields).meta({ id: 'CommentReply' });
export type CommentReply = z.infer<typeof replySchema>;

export const commentSchema = z
  .object({ ...commentFields, replies: z.array(replySchema) })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = z
  .object({ comments: z.array(commentSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'CommentPage' });
export type CommentPage = z.infer<typeof commentPageSchema>;

/** A comment's moderation state (the database column takes its values from here). */
export const commentStatuses = ['pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof commentStatuses)[number];
export const commentStatusSchema = z.enum(commentStatuses);

export const postCommentSchema = z
  .object({
    body: z.string().trim().min(1).max(MAX_COMMENT_LENGTH),
    parent_id: idSchema.optional(),
  })
  .meta({ id: 'PostComment' });
export type PostComment = z.infer<typeof postCommentSchema>;

export const commentStateSchema = z
  .object({
    message: z.string(),
    comment: z.object({ id: z.number().int(), status: commentStatusSchema }),
  })
  .meta({ id: 'CommentState' });
export type CommentState = z.infer<typeof commentStateSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_INT4)
    .default(1)
    .meta({ param: { name: 'page', in: 'query' }, example: 1 }),
});

export const staffQuerySchema = pageQuerySchema.extend({
  status: commentStatusSchema.default('pending').meta({ param: { name: 'status', in: 'query' } }),
});

export const staffCommentSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    product_title: z.string(),
    en_product_title: z.string(),
    parent_id: z.number().int().nullable(),
    user_id: z.number().int(),
    author: z.string(),
    body: z.string(),
    status: commentStatusSchema,
    created_at: z.string(),
    moderated_at: z.string().nullable(),
  })
  .meta({ id: 'StaffComment' });
export type StaffComment = z.infer<typeof staffCommentSchema>;

/** POST /staff/comments/decisions: one decision for up to a page of comments at once. */
export const commentDecisionsSchema = z
  .object({
    ids: z.array(idSchema).min(1).max(50),
    status: z.enum(['approved', 'rejected']),
  })
  .meta({ id: 'CommentDecisions' });
export type CommentDecisions = z.input<typeof commentDecisionsSchema>;

export const commentDecisionsResultSchema = z
  .object({
    message: z.string(),
    comments: z.array(z.object({ id: z.number().int(), status: commentStatusSchema })),
  })
  .meta({ id: 'CommentDecisionsResult' });
export type CommentDecisionsResult = z.infer<typeof commentDecisionsResultSchema>;

export const staffCommentPageSchema = z
  .object({ comments: z.array(staffCommentSchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'StaffCommentPage' });
export type StaffCommentPage = z.infer<typeof staffCommentPageSchema>;
