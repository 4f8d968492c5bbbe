import { z } from 'zod';
import { idTextSchema } from './ids';
import { pageQuerySchema } from './social';
import { staffRoles } from './staff-constants';

/**
 * The console's roles and audit sections (admin only):
 * - GET /staff/roles → `StaffMembers`: every account holding a role, with its roles.
 * - POST /staff/roles `{ user_name, role }` → `{ message, member }`; granting a held role changes nothing.
 * - DELETE /staff/roles/{user_id}/{role} → `{ message, member }`; the last admin's admin role stays (409).
 * - GET /staff/audit?action&actor&target_type&target_id&page → `AuditPage`, newest first. `action` is
 *   exact, or a prefix when it ends with a dot (`comment.`).
 */

export const staffRoleSchema = z.enum(staffRoles);

export const staffMemberSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    user_name: z.string(),
    roles: z.array(
      z.object({
        role: staffRoleSchema,
        granted_at: z.string(),
        /** Null when the first-admin script or the migration from is_staff granted it. */
        granted_by: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMembersSchema = z
  .object({ staff: z.array(staffMemberSchema) })
  .meta({ id: 'StaffMembers' });
export type StaffMembers = z.infer<typeof staffMembersSchema>;

export const grantRoleSchema = z
  .object({ user_name: z.string().trim().min(1).max(120), role: staffRoleSchema })
  .meta({ id: 'GrantRole' });
export type GrantRole = z.input<typeof grantRoleSchema>;

export const roleParamSchema = z.object({
  user_id: idTextSchema.meta({ param: { name: 'user_id', in: 'path' } }),
  role: staffRoleSchema.meta({ param: { name: 'role', in: 'path' } }),
});

export const staffMemberResponseSchema = z
  .object({ message: z.string(), member: staffMemberSchema })
  .meta({ id: 'StaffMemberChange' });
export type StaffMemberResponse = z.infer<typeof staffMemberResponseSchema>;

export const AUDIT_PAGE_SIZE = 25;

const filterText = (name: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(80)
    .optional()
    .meta({ param: { name, in: 'query' } });

export const auditQuerySchema = pageQuerySchema.extend({
  action: filterText('action'),
  actor: idTextSchema.optional().meta({ param: { name: 'actor', in: 'query' } }),
  target_type: filterText('target_type'),
  target_id: filterText('target_id'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor_id: z.number().int().nullable(),
    /** The actor's name and user name now; null when there was none or the account is gone. */
    actor: z.string().nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({ entries: z.array(auditEntrySchema), page: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
