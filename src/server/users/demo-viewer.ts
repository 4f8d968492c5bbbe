import { hashPassword } from '../auth/secrets';
import { profiles, users } from '../db/schema';
import type { SeedStep } from '../db/seed';

/** The demo account named in the README: log in with 09120000000 and this password. */
export const DEMO_VIEWER = {
  phone: '+989120000000',
  password: 'demo-pass-1404',
  name: 'بیننده نمایشی',
  memberName: 'کودک',
} as const;

export const demoViewerStep: SeedStep = {
  name: 'demo-viewer',
  async run(tx, now) {
    const [user] = await tx
      .insert(users)
      .values({
        name: DEMO_VIEWER.name,
        phone: DEMO_VIEWER.phone,
        passwordHash: await hashPassword(DEMO_VIEWER.password),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A real person may already own the number; the demo then does without its viewer.
    if (!user) return;
    await tx.insert(profiles).values([
      { userId: user.id, name: DEMO_VIEWER.name, avatarId: 1, isMain: true, createdAt: now },
      { userId: user.id, name: DEMO_VIEWER.memberName, avatarId: 5, isMain: false, createdAt: now },
    ]);
  },
};
