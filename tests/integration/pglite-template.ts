import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '~/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite database (absent on PostgreSQL runs). */
    pgliteTemplate?: string;
  }
}

/**
 * Vitest global setup of the integration tests: creates one migrated PGlite database for the whole run
 * and dumps it to a file, from which every test app's in-memory database starts (harness.ts). A new
 * PGlite runs initdb and then the migrations, seconds on a busy machine, over a hundred times per run;
 * loading the dump skips both. The app still runs its migrations on the copy, which finds nothing to do
 * unless a migration was added after the dump: then it applies that one.
 */
export default async function setup(project: TestProject) {
  if (process.env['TEST_DATABASE_URL']) return;
  const database = await PGlite.create();
  await migrate(drizzle(database), { migrationsFolder: migrationsFolder(process.cwd()) });
  const dump = await database.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `cinema-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}
