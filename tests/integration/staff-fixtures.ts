import type { StaffRole } from '~/shared/staff-constants';
import { staffRoles } from '~/server/db/schema';
import type { AccountsApp } from './accounts';
import { newViewer, type Viewer } from './commerce-fixtures';
import type { TestApp } from './harness';

/** Makes a test account staff with these roles, as the console's role page or the first-admin script would. */
export async function grantStaffRoles(app: Pick<TestApp, 'ctx'>, userId: number, ...roles: StaffRole[]) {
  await app.ctx.database.db
    .insert(staffRoles)
    .values(roles.map((role) => ({ userId, role })))
    .onConflictDoNothing();
}

/** A newly signed-up viewer made staff with these roles: who a console test acts as. */
export async function newStaffMember(app: AccountsApp, ...roles: StaffRole[]): Promise<Viewer> {
  const member = await newViewer(app);
  await grantStaffRoles(app, member.userId, ...roles);
  return member;
}
