import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

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
