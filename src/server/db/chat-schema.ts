import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { products } from './catalog-schema';
import { profiles, users } from './users-schema';

/**
 * A screening's chat (issue 30, docs/decisions/0048): one row per screening whose chat staff changed
 * (closed, slow mode); a screening without a row has an open chat without slow mode.
 */
export const chatRooms = pgTable('chat_rooms', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  closed: boolean('closed').notNull().default(false),
  /** Seconds a viewer waits between two messages; 0 is off. */
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  updatedAt: createdAt(),
});

/** One message; a moderator's deletion keeps the row (the audit names it) and hides it from everyone. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile it was written as: its name and avatar are shown beside it. */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('chat_messages_room_idx').on(table.productId, table.id),
    index('chat_messages_user_idx').on(table.userId, table.productId, table.createdAt),
  ],
);

/** A viewer muted for one screening by a moderator. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedBy: integer('muted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.userId] })],
);

/** A viewer's report of a message: once per viewer and message; staff read them beside the chat. */
export const chatReports = pgTable(
  'chat_reports',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);
