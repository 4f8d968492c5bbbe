import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { findPostgresBin, startPostgres } from '../../scripts/lib.mjs';
import { distDir } from '../../playwright.config';
import { startServer, stopServer } from './server-process';

/**
 * `npm run migrate` (scripts/migrate.mjs) as an operator runs it before starting new instances: against
 * the tests' build, on an empty PGlite data directory and on an empty PostgreSQL server. It applies
 * every migration once, seeds nothing, and keeps off a data directory a server has open.
 */

const journal = JSON.parse(fs.readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as {
  entries: unknown[];
};

function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/migrate.mjs'], {
      env: { ...process.env, DIST_DIR: distDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test.describe('npm run migrate', () => {
  // Each test starts processes (a server, PostgreSQL) that take their time on a busy machine.
  test.setTimeout(180_000);

  test('migrates an empty PGlite DATA_DIR once, seeds nothing, and keeps off a DATA_DIR a server has open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-migrate-'));
    try {
      const first = await migrate({ DATA_DIR: dataDir });
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain('migrate: the PGlite database is up to date');
      const again = await migrate({ DATA_DIR: dataDir });
      expect(again.code, again.output).toBe(0);

      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        const applied = await db.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]!.n).toBe(journal.entries.length);
        // The demo seed (its admin with the README's password) is the server's, never the release step's.
        const users = await db.query<{ n: number }>('select count(*)::int as n from users');
        expect(users.rows[0]!.n).toBe(0);
      } finally {
        await db.close();
      }

      const server = await startServer(dataDir, { env: { SEED_DEMO: '0' } });
      try {
        const refused = await migrate({ DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('already uses');
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('migrates an empty PostgreSQL database with the production configuration', async () => {
    const binDir = findPostgresBin();
    expect(binDir, 'PostgreSQL binaries (initdb, postgres) are needed').toBeTruthy();
    const server = await startPostgres(binDir!, { log: () => {} });
    try {
      const env = {
        DATABASE_URL: server.url,
        PUBLIC_URL: 'https://migrate.example',
        SANDBOX_BANK: '1',
        MEDIA_SIGNING_SECRET: 'migrate-test-media-signing-secret-0123456789',
        PAYMAN_SIGNATURE_KEY: 'migrate-test-payman-signature-key-0123456789',
      };
      const [one, two] = await Promise.all([migrate(env), migrate(env)]);
      expect(one.code, one.output).toBe(0);
      expect(two.code, two.output).toBe(0);
      expect(one.output).toContain('migrate: the PostgreSQL database is up to date');
      const sql = postgres(server.url, { max: 1, onnotice: () => {} });
      try {
        const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
        expect(applied!['n']).toBe(journal.entries.length);
        const [users] = await sql`select count(*)::int as n from users`;
        expect(users!['n']).toBe(0);
      } finally {
        await sql.end();
      }
    } finally {
      await server.stop();
    }
  });
});
