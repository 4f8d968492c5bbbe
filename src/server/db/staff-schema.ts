import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { staffRoles as roleNames } from '../../shared/staff-constants';
import { users } from './users-schema';

/**
 * The staff console (issue 17, docs/decisions/0028-staff-console.md): who holds which staff role, and
 * the trail of every change staff make.
 */

/** One row per role a user holds; granting is idempotent by the key. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roleNames }).notNull(),
    /** Null when the first-admin script or the migration from users.is_staff granted it. */
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

/**
 * Who changed what, when, with the state before and after. No foreign keys: the trail outlives the
 * accounts and rows it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for changes made outside a staff session (the first-admin script). */
    actorId: integer('actor_id'),
    /** `<target>.<verb>`: comment.approve, role.grant, payment.refund, order.status, ... */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_action_idx').on(table.action, table.at),
  ],
);
