import fs from 'node:fs';
import path from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { migrationsFolder } from '../db/client';
import { isDatabaseUnavailable } from '../db/outage';

/** How long readiness waits for the database: a load balancer's check must not hang with it. */
export const READINESS_DEADLINE_MS = 1_500;

/** Drizzle's record of applied migrations (its migrator writes it; not part of our schema). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

export type NotReadyReason = 'draining' | 'database_unavailable' | 'migrations_pending';
export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason };

const draining = new WeakSet<AppContext>();

/**
 * From now on this instance says it is not ready, so a load balancer stops sending it new requests
 * while the ones in flight finish (server.mjs calls it first thing on SIGTERM).
 */
export function startDraining(ctx: AppContext): void {
  draining.add(ctx);
}

/** The timestamp of the newest migration this build ships (drizzle's `when`), read once. */
const newestShipped = new Map<string, number>();
function newestShippedMigration(appRoot: string): number {
  let newest = newestShipped.get(appRoot);
  if (newest === undefined) {
    const journalFile = path.join(migrationsFolder(appRoot), 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
    newestShipped.set(appRoot, newest);
  }
  return newest;
}

/**
 * Whether this instance should be sent requests: not draining, and the database answers within
 * READINESS_DEADLINE_MS with every migration this build ships applied (drizzle applies migrations in
 * the order of these timestamps, so the newest applied is the one to compare).
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  if (draining.has(ctx)) return { ready: false, reason: 'draining' };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READINESS_DEADLINE_MS);
  });
  try {
    const answer = await Promise.race([
      ctx.database.db.select({ newest: max(appliedMigrations.createdAt) }).from(appliedMigrations),
      deadline,
    ]);
    if (answer === 'late') return { ready: false, reason: 'database_unavailable' };
    const newest = Number(answer[0]?.newest ?? 0);
    if (newest < newestShippedMigration(ctx.config.appRoot)) {
      return { ready: false, reason: 'migrations_pending' };
    }
    return { ready: true };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ready: false, reason: 'database_unavailable' };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
