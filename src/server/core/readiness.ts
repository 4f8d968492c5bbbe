import fs from 'node:fs';
import path from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { migrationsFolder } from '../db/client';
import { databaseOutage, isDatabaseUnavailable } from './outage';

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

/** The newest applied migration's timestamp, or 'late' when the database did not answer in time. */
async function newestAppliedMigration(ctx: AppContext): Promise<number | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READINESS_DEADLINE_MS);
  });
  try {
    const answer = await Promise.race([
      ctx.database.db.select({ newest: max(appliedMigrations.createdAt) }).from(appliedMigrations),
      deadline,
    ]);
    return answer === 'late' ? answer : Number(answer[0]?.newest ?? 0);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return 'late';
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should be sent requests: not draining, and the database answers within
 * READINESS_DEADLINE_MS with every migration this build ships applied (drizzle applies migrations in
 * the order of these timestamps, so the newest applied is the one to compare).
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  if (draining.has(ctx)) return { ready: false, reason: 'draining' };
  const newest = await newestAppliedMigration(ctx);
  if (newest === 'late') return { ready: false, reason: 'database_unavailable' };
  if (newest < newestShippedMigration(ctx.config.appRoot)) {
    return { ready: false, reason: 'migrations_pending' };
  }
  return { ready: true };
}

/** Whether a request only reads (and may be answered with an outage while its reads still wait). */
export function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** How long a read may take before the database is asked whether it answers at all. */
export const READ_PATIENCE_MS = 3_000;

/**
 * `read` (a page render, an API GET), or the outage error when it is still waiting after
 * READ_PATIENCE_MS and the database does not answer within READINESS_DEADLINE_MS. A stopped database
 * fails reads at once; this bounds one that stopped answering on connections already open (frozen,
 * or a network dropping packets), where a query waits for TCP to give up. A slow read on a database
 * that answers is left to finish. Writes are not raced: their outcome is only known when they end.
 */
export async function boundedRead<T>(ctx: AppContext, read: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A ping that fails otherwise says nothing about this read: it is left to finish.
      void newestAppliedMigration(ctx).then(
        (newest) => newest === 'late' && reject(databaseOutage()),
        () => {},
      );
    }, READ_PATIENCE_MS);
  });
  // Whichever loses the race settles unobserved.
  stalled.catch(() => {});
  read.catch(() => {});
  try {
    return await Promise.race([read, stalled]);
  } finally {
    clearTimeout(timer);
  }
}
