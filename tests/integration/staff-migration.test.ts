import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest } from './harness';

/** Plain SQL on the database under test: PGlite in memory, or a fresh database on TEST_DATABASE_URL. */
interface Sql {
  run(statement: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function openSql(): Promise<Sql> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const lite = new PGlite();
    return {
      run: async (statement) => (await lite.query<Record<string, unknown>>(statement)).rows,
      close: () => lite.close(),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  return {
    run: async (statement) => [...(await client.unsafe(statement))],
    close: async () => {
      await client.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const folder = path.resolve('src/server/db/migrations');

async function apply(sql: Sql, file: string): Promise<void> {
  const text = await readFile(path.join(folder, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await sql.run(statement);
  }
}

describe(`migration 0011: users.is_staff becomes staff roles, on ${databaseUnderTest}`, () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await openSql();
  });
  afterAll(() => sql.close());

  it('makes every account that was staff an admin, and nobody else staff', async () => {
    const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
    const index = files.findIndex((file) => file.startsWith('0011_'));
    for (const file of files.slice(0, index)) await apply(sql, file);
    await sql.run(
      `INSERT INTO users (name, phone, is_staff) VALUES ('staff', '+989120000001', true), ('viewer', '+989120000000', false)`,
    );
    await apply(sql, files[index]!);
    const roles = await sql.run(
      `SELECT u.phone, r.role, r.granted_by FROM staff_roles r JOIN users u ON u.id = r.user_id`,
    );
    expect(roles).toEqual([{ phone: '+989120000001', role: 'admin', granted_by: null }]);
    const columns = await sql.run(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'is_staff'`,
    );
    expect(columns).toEqual([]);
  });
});
