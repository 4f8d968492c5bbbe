import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from './catalog-schema';
import { commentStatuses, reactionKinds } from '../../shared/social';
import { profiles, users } from './users-schema';

/** What viewers add to titles: comments (moderated before anyone sees them) and like/dislike reactions. */

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile that wrote it, shown as the author; the account's name once that profile is deleted. */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Replies are one level deep: a reply always points at a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Trimmed plain text as written; pages escape it when rendering. */
    body: text('body').notNull(),
    status: text('status', { enum: commentStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // A title's page: its approved top-level comments, newest first.
    index('comments_product_listing_idx')
      .on(table.productId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'approved' and ${table.parentId} is null`),
    index('comments_parent_idx').on(table.parentId),
    // The moderation queue, oldest first within a status.
    index('comments_status_idx').on(table.status, table.createdAt),
    index('comments_user_idx').on(table.userId),
  ],
);

/**
 * One reaction per user account (not per profile: a household shares one opinion per account, and a
 * like is not multiplied by adding profiles) and target. Counts are COUNT(*) over the target index.
 */
function reactionTable(name: string, targetColumn: string, target: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      targetId: integer(targetColumn).notNull().references(target, { onDelete: 'cascade' }),
      reaction: text('reaction', { enum: reactionKinds }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.userId, table.targetId] }),
      index(`${name}_target_idx`).on(table.targetId, table.reaction),
    ],
  );
}

export const productReactions = reactionTable('product_reactions', 'product_id', () => products.id);
export const commentReactions = reactionTable('comment_reactions', 'comment_id', () => comments.id);
export type ReactionTable = typeof productReactions;
