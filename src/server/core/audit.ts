import { and, desc, eq, like } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '../../shared/staff-roles';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';

/** One change as the audit log keeps it; `before`/`after` are the API's view of the thing changed. */
export interface AuditEntry {
  /** The staff member who made it; null only for the first-admin script. */
  actorId: number | null;
  /** `<target>.<verb>`: comment.approve, role.grant, payment.refund, order.status, ... */
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

/**
 * Writes one entry of the trail. Call it with the transaction that makes the change, so the entry and
 * the change are kept or lost together.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** GET /staff/audit: entries matching every filter given, newest first, with the actor's name. */
export async function readAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { action, actor, target_type: targetType, target_id: targetId, page } = query;
  const filters = [
    action === undefined
      ? undefined
      : action.endsWith('.')
        ? like(auditLog.action, `${action.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(auditLog.action, action),
    actor === undefined ? undefined : eq(auditLog.actorId, actor),
    targetType === undefined ? undefined : eq(auditLog.targetType, targetType),
    targetId === undefined ? undefined : eq(auditLog.targetId, targetId),
  ];
  const rows = await db
    .select({ entry: auditLog, actorName: users.name, phone: users.phone, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(({ entry, actorName, phone, email }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor_id: entry.actorId,
      actor: actorName === null ? null : [actorName, phone ?? email].filter(Boolean).join(' · '),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
    })),
    page,
    has_more: rows.length > AUDIT_PAGE_SIZE,
  };
}
