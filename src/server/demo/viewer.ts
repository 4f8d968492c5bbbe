import type { StaffRole } from '../../shared/staff-constants';
import { hashPassword } from '../auth/secrets';
import type { DbTransaction } from '../db/client';
import { profiles, staffRoles, users } from '../db/schema';
import type { SeedStep } from './step';

/** The demo account named in the README: log in with 09120000000 and this password. */
export const DEMO_VIEWER = {
  phone: '+989120000000',
  password: 'demo-pass-1404',
  name: 'بیننده نمایشی',
  memberName: 'کودک',
} as const;

export interface DemoAccount {
  phone: string;
  password: string;
  name: string;
  /** Member profiles besides the main one: name and default avatar. */
  members?: readonly { name: string; avatarId: number }[];
  staffRoles?: readonly StaffRole[];
}

/**
 * Creates a demo account with its main profile and members; returns its id, or null when a real
 * person already owns the number (the demo then does without that account).
 */
export async function insertDemoAccount(
  tx: DbTransaction,
  now: Date,
  account: DemoAccount,
): Promise<number | null> {
  const [user] = await tx
    .insert(users)
    .values({
      name: account.name,
      phone: account.phone,
      passwordHash: await hashPassword(account.password),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return null;
  if (account.staffRoles?.length) {
    await tx
      .insert(staffRoles)
      .values(account.staffRoles.map((role) => ({ userId: user.id, role, grantedAt: now })));
  }
  await tx.insert(profiles).values([
    { userId: user.id, name: account.name, avatarId: 1, isMain: true, createdAt: now },
    ...(account.members ?? []).map((member) => ({
      userId: user.id,
      name: member.name,
      avatarId: member.avatarId,
      isMain: false,
      createdAt: now,
    })),
  ]);
  return user.id;
}

export const demoViewerStep: SeedStep = {
  name: 'demo-viewer',
  async run(tx, now) {
    await insertDemoAccount(tx, now, {
      ...DEMO_VIEWER,
      members: [{ name: DEMO_VIEWER.memberName, avatarId: 5 }],
    });
  },
};
