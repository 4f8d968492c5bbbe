import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; domain code sees only this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from this or any other instance on the database,
   * with the notice's payload, and also after a lost listening connection is back (payload null:
   * notices may have been missed meanwhile). Resolves once listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<void>;
  /**
   * Runs `task` while holding the database-wide lock `name`, so no other instance runs a task under
   * that name meanwhile (PostgreSQL: an advisory lock on a connection set aside for it, released
   * after, or by PostgreSQL when the connection is lost). `wait: false` answers false at once, without
   * running it, while another holds the lock. PGlite has one process per database: it always runs.
   */
  exclusively(name: string, task: () => Promise<void>, options?: { wait?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

export function migrationsFolder(appRoot: string): string {
  return path.join(appRoot, 'src/server/db/migrations');
}

/** How often a waiting instance asks for a lock again: polling keeps the query deadline harmless. */
const LOCK_POLL_MS = 200;

async function advisoryLock(
  client: postgres.Sql,
  name: string,
  task: () => Promise<void>,
  wait: boolean,
): Promise<boolean> {
  const connection = await client.reserve();
  try {
    for (;;) {
      const [row] = await connection`select pg_try_advisory_lock(hashtext(${name})) as locked`;
      if (row?.['locked']) break;
      if (!wait) return false;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      await task();
    } finally {
      await connection`select pg_advisory_unlock(hashtext(${name}))`;
    }
    return true;
  } finally {
    connection.release();
  }
}

/**
 * A database that does not answer fails a request within seconds instead of holding it (and a pool
 * connection) for half a minute; src/server/core/outage.ts makes the error a 503 (decision record
 * 0035). A stopped server refuses connections at once; these bound the slower ways of not answering.
 */
const requestDeadlines = {
  /** Seconds to open a connection (TCP, TLS, authentication); postgres.js waits 30 by default. */
  connect_timeout: 3,
  /**
   * Seconds a connection waits before trying again after its last attempt failed. A query waits for
   * it too: postgres.js's default grows to 20 s (3^n / 100), which held pages 9-16 s while the
   * database was down. A tenth of a second more per attempt, at most one second.
   */
  backoff: (attempt: number) => Math.min(attempt / 10, 1),
  connection: {
    /** The server cancels a statement running longer (a lock held elsewhere, a plan gone wrong). */
    statement_timeout: 5_000,
    /** ...and ends a session left idle inside a transaction this long, which releases its locks. */
    idle_in_transaction_session_timeout: 15_000,
  },
} satisfies postgres.Options<Record<string, postgres.PostgresType>>;

/** Migrations may run longer than any request should: on a connection of their own, with no deadline. */
async function migrateWithoutDeadline(url: string, folder: string): Promise<void> {
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: folder });
  } finally {
    await migrator.end({ timeout: 5 });
  }
}

/**
 * Opens PostgreSQL when `DATABASE_URL` is a postgres:// URL, otherwise the embedded PGlite in
 * `DATA_DIR/pglite` (or in memory for `memory://`), and applies the committed migrations. An in-memory
 * database may start from `pgliteTemplate`, the dump of one already migrated (tests: no initdb per app).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'appRoot'>,
  options: { pgliteTemplate?: Blob } = {},
): Promise<Database> {
  const folder = migrationsFolder(config.appRoot);
  if (config.databaseUrl?.startsWith('postgres')) {
    const url = config.databaseUrl;
    const client = postgres(url, { max: 10, onnotice: () => {}, ...requestDeadlines });
    const db = drizzlePostgres(client, { schema });
    // Instances started together on an empty database would race through the same migrations.
    await advisoryLock(client, 'cinema:migrations', () => migrateWithoutDeadline(url, folder), true);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: async (channel, onNotify) => {
        let listened = false;
        await client.listen(channel, onNotify, () => {
          // Listening again is a reconnect: notices sent meanwhile were lost.
          if (listened) onNotify(null);
          listened = true;
        });
      },
      exclusively: (name, task, { wait = false } = {}) => advisoryLock(client, name, task, wait),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const inMemory = config.databaseUrl === 'memory://';
  const dir = path.join(config.dataDir, 'pglite');
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const client = await (inMemory
    ? PGlite.create({ loadDataDir: options.pgliteTemplate })
    : PGlite.create(dir));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onNotify) => {
      await client.listen(channel, (payload) => onNotify(payload));
    },
    exclusively: async (_name, task) => {
      await task();
      return true;
    },
    close: () => client.close(),
  };
}

/** A transaction handle; what demo seed steps and multi-statement domain functions write through. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
