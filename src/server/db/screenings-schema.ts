import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locales } from '../../lib/locale';
import { createdAt } from './columns';
import { products } from './catalog-schema';
import { users } from './users-schema';

/**
 * "Remind me" of a screening (issue 30): one row per person and screening, so a second press, or a
 * second instance sending at the same moment, can never make a second reminder. Its message is a notice
 * (notify-schema.ts), queued once when due (src/server/screenings/reminders.ts).
 */
export const screeningReminders = pgTable(
  'screening_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language the viewer asked in, the reminder's language. */
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('screening_reminders_once_idx').on(table.productId, table.userId),
    index('screening_reminders_user_idx').on(table.userId),
  ],
);

/**
 * Who has a screening's waiting room open (issue 30): a ticket holder's page says so every few seconds,
 * and the room shows how many did lately, never who. One row per person and screening, overwritten.
 */
export const screeningPresence = pgTable(
  'screening_presence',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.userId] }),
    index('screening_presence_seen_idx').on(table.productId, table.seenAt),
  ],
);
