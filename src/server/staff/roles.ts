import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../shared/staff-constants';
import type { StaffMember } from '../../shared/staff-roles';
import type { Db } from '../db/client';
import { staffRoles, users } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { accountByUserName, rolesOf } from '../users';
import { recordAudit } from '../core/audit';

const grantor = alias(users, 'grantor');

/** Staff members with their roles, by name; `userIds` narrows the list (one member after a change). */
async function staffMembers(db: Db, userIds?: number[]): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      role: staffRoles.role,
      grantedAt: staffRoles.grantedAt,
      grantedBy: grantor.name,
    })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .leftJoin(grantor, eq(grantor.id, staffRoles.grantedBy))
    .where(userIds ? inArray(staffRoles.userId, userIds) : undefined)
    .orderBy(asc(users.name), asc(users.id), asc(staffRoles.role));
  const members = new Map<number, StaffMember>();
  for (const row of rows) {
    const member = members.get(row.userId) ?? {
      user_id: row.userId,
      name: row.name,
      user_name: row.phone ?? row.email ?? '',
      roles: [],
    };
    member.roles.push({ role: row.role, granted_at: row.grantedAt.toISOString(), granted_by: row.grantedBy });
    members.set(row.userId, member);
  }
  return [...members.values()];
}

export function listStaff(db: Db): Promise<StaffMember[]> {
  return staffMembers(db);
}

async function memberOf(db: Db, userId: number, name: string, userName: string): Promise<StaffMember> {
  const [member] = await staffMembers(db, [userId]);
  return member ?? { user_id: userId, name, user_name: userName, roles: [] };
}

/** The account a user name (phone in any spelling, or e-mail) names; 404 when none (or deleted). */
async function accountOf(db: Db, userName: string) {
  const user = await accountByUserName(db, userName);
  return { id: user.id, name: user.name, userName: user.phone ?? user.email ?? '' };
}

/**
 * Gives an account a role (role.grant in the audit log, with its roles before and after). Granting a
 * role it holds already changes nothing and writes no entry. `grantedBy` is null for the first-admin
 * script.
 */
export async function grantRole(
  db: Db,
  grantedBy: number | null,
  userName: string,
  role: StaffRole,
  now: Date,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, userName);
    const before = await rolesOf(tx, account.id);
    const added = await tx
      .insert(staffRoles)
      .values({ userId: account.id, role, grantedBy, grantedAt: now })
      .onConflictDoNothing()
      .returning({ role: staffRoles.role });
    if (added.length > 0) {
      await recordAudit(tx, {
        actorId: grantedBy,
        action: 'role.grant',
        targetType: 'user',
        targetId: account.id,
        before: { roles: before },
        after: { roles: await rolesOf(tx, account.id) },
      });
    }
    return memberOf(tx, account.id, account.name, account.userName);
  });
}

/**
 * Takes a role back (role.revoke). The last admin keeps the admin role, so the console always has
 * someone who can grant roles: 409 `last_admin`. Admins are locked in turn, so two admins revoking each
 * other at once cannot both succeed.
 */
export async function revokeRole(
  db: Db,
  actorId: number,
  userId: number,
  role: StaffRole,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw notFound('user_not_found');
    const before = await rolesOf(tx, userId);
    if (!before.includes(role)) throw notFound('role_not_held');
    if (role === 'admin') {
      const admins = await tx
        .select({ userId: staffRoles.userId })
        .from(staffRoles)
        .where(eq(staffRoles.role, 'admin'))
        .orderBy(asc(staffRoles.userId))
        .for('update');
      if (admins.length <= 1) throw new DomainError('conflict', 'last_admin');
    }
    await tx.delete(staffRoles).where(and(eq(staffRoles.userId, userId), eq(staffRoles.role, role)));
    await recordAudit(tx, {
      actorId,
      action: 'role.revoke',
      targetType: 'user',
      targetId: userId,
      before: { roles: before },
      after: { roles: await rolesOf(tx, userId) },
    });
    return memberOf(tx, userId, account.name, account.phone ?? account.email ?? '');
  });
}
