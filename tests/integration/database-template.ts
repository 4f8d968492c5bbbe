import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '~/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a file holding the dump of an empty, migrated database. */
    pgliteTemplate?: string;
    /** PostgreSQL runs: an empty, migrated database on TEST_DATABASE_URL's server to copy. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest global setup of the integration tests: migrates one empty database for the whole run, from which
 * every test app's database starts (harness.ts): on PGlite a dump that the app's in-memory database
 * loads, on PostgreSQL a template database that CREATE DATABASE copies. A new PGlite runs initdb and the
 * migrations, seconds on a busy machine, and there are over a hundred test apps per run; loading the dump
 * skips both. The app still runs its migrations on the copy, which finds nothing to do.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `template_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: os.tmpdir(),
      appRoot: process.cwd(),
    });
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await PGlite.create();
  await migrate(drizzle(database), { migrationsFolder: migrationsFolder(process.cwd()) });
  const dump = await database.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `cinema-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}
