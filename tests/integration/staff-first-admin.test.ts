import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startAccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** scripts/make-admin.mjs as a person runs it, with this environment. */
function makeAdmin(args: string[], env: Record<string, string>): Promise<Outcome> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return run(process.execPath, ['scripts/make-admin.mjs', ...args], { env: { ...inherited, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Outcome) => error,
  );
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** PGlite: refused while a server holds DATA_DIR, then the account is an admin once it is stopped. */
async function onPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'first-admin-'));
  dirs.push(dataDir);
  expect(await makeAdmin(['09121110000'], { DATA_DIR: dataDir })).toMatchObject({ code: 1 });

  const app = await startAccountsApp({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const { me } = await app.signUp('09121110000', { name: 'نخستین مدیر' });
  await app.close();

  // A running server holds DATA_DIR/server.pid (this test process stands in for it).
  await writeFile(path.join(dataDir, 'server.pid'), String(process.pid));
  const refused = await makeAdmin(['09121110000'], { DATA_DIR: dataDir });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Stop the server, run this again, then start the server.');
  await rm(path.join(dataDir, 'server.pid'));

  expect((await makeAdmin(['۰۹۱۲۱۱۱۹۹۹۹'], { DATA_DIR: dataDir })).stderr).toContain(
    'no account logs in as +989121119999',
  );
  const made = await makeAdmin(['۰۹۱۲۱۱۱۰۰۰۰'], { DATA_DIR: dataDir });
  expect(made).toMatchObject({ code: 0 });
  expect(made.stdout.trim()).toBe('+989121110000 (نخستین مدیر) is now an admin: log in and open /admin');
  expect((await makeAdmin(['09121110000'], { DATA_DIR: dataDir })).stdout).toContain('is already an admin');

  const again = await startAccountsApp({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const login = await (await again.login('09121110000', 'secret-pass-1')).json();
    expect(login.me.staff_roles).toEqual(['admin']);
    const audit = await (
      await again.as(login.token, `/staff/audit?action=role.grant&target_id=${me.id}`)
    ).json();
    expect(audit.entries).toEqual([
      expect.objectContaining({
        actor_id: null,
        actor: null,
        before: { roles: [] },
        after: { roles: ['admin'] },
      }),
    ]);
  } finally {
    await again.close();
  }
  expect(await makeAdmin([], { DATA_DIR: dataDir })).toMatchObject({ code: 2 });
  expect(await makeAdmin(['12345'], { DATA_DIR: dataDir })).toMatchObject({ code: 1 });
}

/** PostgreSQL: one more client, so the server may keep running. */
async function onPostgres() {
  const app = await startAccountsApp();
  try {
    const { token } = await app.signUp('09121110001');
    const url = (app.ctx.config.databaseUrl ?? '').toString();
    const made = await makeAdmin(['09121110001'], { DATABASE_URL: url });
    expect(made.stdout).toContain('is now an admin');
    expect((await (await app.as(token, '/me')).json()).me.staff_roles).toEqual(['admin']);
    expect((await app.as(token, '/staff/roles')).status).toBe(200);
  } finally {
    await app.close();
  }
}

describe(`the first-admin script on ${databaseUnderTest}`, () => {
  // On PGlite two server starts and three runs of the script each open the database from its files,
  // a few seconds apiece on a busy machine.
  it(
    'gives an existing account the admin role, audited, the way this database allows',
    { timeout: 90_000 },
    async () => {
      await (databaseUnderTest === 'pglite' ? onPglite() : onPostgres());
    },
  );
});
