import { text, timestamp } from 'drizzle-orm/pg-core';
import { inboxStatuses } from '../../shared/staff-constants';

/**
 * What the staff console's inboxes (contact messages, player problem reports) keep on each item: where
 * it stands and a note staff write for each other, never shown to the sender.
 */
export const inboxColumns = () => ({
  status: text('status', { enum: inboxStatuses }).notNull().default('new'),
  staffNote: text('staff_note').notNull().default(''),
  /** When staff last changed the status or the note; null while untouched. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
});
