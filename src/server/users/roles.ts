import { asc, eq } from 'drizzle-orm';
import type { StaffRole } from '../../shared/staff-constants';
import type { Db } from '../db/client';
import { staffRoles } from '../db/schema';

/** The staff roles a user holds, in a stable order; empty for a viewer. */
export async function rolesOf(db: Db, userId: number): Promise<StaffRole[]> {
  const rows = await db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(eq(staffRoles.userId, userId))
    .orderBy(asc(staffRoles.role));
  return rows.map((row) => row.role);
}
