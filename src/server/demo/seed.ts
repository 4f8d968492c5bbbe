import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { demoCafesStep } from './cafes';
import { demoCatalogueStep } from './catalogue';
import { demoCommerceStep } from './commerce';
import { demoGiftsStep } from './gifts';
import { demoPlaybackStep } from './playback';
import { demoShopStep } from './shop';
import { demoCommentsStep, demoStaffStep } from './social';
import { demoStaffRolesStep } from './staff';
import { demoViewerStep } from './viewer';
import { contactMessages, demoSeedSteps, users } from '../db/schema';
import type { SeedStep } from './step';

/** The demo data `npm start` puts in a fresh database, in order; later features append their steps. */
export const demoSeed: readonly SeedStep[] = [
  demoViewerStep,
  demoCatalogueStep,
  demoStaffStep,
  demoStaffRolesStep,
  demoCommentsStep,
  demoPlaybackStep,
  demoCommerceStep,
  demoShopStep,
  demoCafesStep,
  demoGiftsStep,
];

/** Tables holding what real people wrote: a database with rows here is not a demo one. */
const userDataTables = [contactMessages, users];

async function holdsUserData(db: Db): Promise<boolean> {
  for (const table of userDataTables) {
    if ((await db.select().from(table).limit(1)).length > 0) return true;
  }
  return false;
}

/**
 * Applies the steps a demo database has not had yet and returns their names. A database that was
 * never seeded but already holds user data is left alone. Each step claims its row in
 * demo_seed_steps inside its own transaction, so instances starting together apply it once.
 */
export async function seedDemoData(
  db: Db,
  clock: Clock,
  steps: readonly SeedStep[] = demoSeed,
): Promise<string[]> {
  if (steps.length === 0) return [];
  const done = new Set(
    (await db.select({ name: demoSeedSteps.name }).from(demoSeedSteps)).map((row) => row.name),
  );
  const pending = steps.filter((step) => !done.has(step.name));
  if (pending.length === 0 || (done.size === 0 && (await holdsUserData(db)))) return [];
  const applied: string[] = [];
  for (const step of pending) {
    await db.transaction(async (tx) => {
      const now = clock.now();
      const claimed = await tx
        .insert(demoSeedSteps)
        .values({ name: step.name, appliedAt: now })
        .onConflictDoNothing()
        .returning({ name: demoSeedSteps.name });
      if (claimed.length === 0) return;
      await step.run(tx, now);
      applied.push(step.name);
    });
  }
  return applied;
}
