import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '~/server/db/client';

/**
 * Two instances started at the same moment on an empty PostgreSQL database both come up, and each
 * migration is applied once. PostgreSQL only: an embedded PGlite belongs to one process, so two
 * instances never share it (server.mjs refuses a second server on a DATA_DIR).
 */
describe('migrations on an empty PostgreSQL database', () => {
  it('run once when two instances start at the same moment; both come up', async () => {
    const adminUrl = process.env['TEST_DATABASE_URL']!;
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = { databaseUrl: url.toString(), dataDir: '/nonexistent', appRoot: path.resolve('.') };
    try {
      const opened = await Promise.allSettled([openDatabase(config), openDatabase(config)]);
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual([
        'up',
        'up',
      ]);

      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder(config.appRoot), 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const db = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [row] = await db`select count(*)::int as n from drizzle.__drizzle_migrations`;
        expect(row!['n']).toBe(journal.entries.length);
      } finally {
        await db.end();
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
