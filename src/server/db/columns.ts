import { bigint, text, timestamp } from 'drizzle-orm/pg-core';
import { inboxStatuses } from '../../shared/staff-constants';

/*
 * Columns that many tables share, defined once. Every schema module imports them from here (never
 * from schema.ts, the barrel that re-exports the schema modules), so the schema has no import circle.
 */

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A moment, with its time zone kept (every time is stored in UTC). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** An amount in the currency's minor unit (IRR rials, USD cents), as a JavaScript number. */
export const money = (name: string) => bigint(name, { mode: 'number' });

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
