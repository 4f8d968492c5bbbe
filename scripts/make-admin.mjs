#!/usr/bin/env node
// Makes the first staff admin (issue 17): gives an existing account the `admin` role, straight in the
// database, with an audit entry (role.grant, no actor). Later admins and every other role are granted in
// the staff console (/admin/roles). See docs/decisions/0028-staff-console.md.
//
//   node scripts/make-admin.mjs PHONE_OR_EMAIL     the account as it logs in (09121234567, a@b.c)
//
// With DATABASE_URL (PostgreSQL) it connects like any client, whether the server runs or not. Without it
// the database is the embedded PGlite in DATA_DIR (default ./data), which one process at a time may
// open: the script takes the server's DATA_DIR lock, so it refuses while the server runs (stop the
// server, run this, start it again) and a server cannot start while it runs.

import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.mjs';

const usage = 'usage: node scripts/make-admin.mjs PHONE_OR_EMAIL';

/** The user name as the server keeps it: +989xxxxxxxxx for an Iranian mobile, a lower-case e-mail. */
function normalizedUserName(raw) {
  const value = raw
    .trim()
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  if (value.includes('@')) return value.toLowerCase();
  const digits = value.replace(/[\s-]/g, '');
  const national = /^(?:\+98|0098|98|0)?(9\d{9})$/.exec(digits);
  return national ? `+98${national[1]}` : null;
}

/**
 * Grants the admin role to the account in one transaction through `sql(text, params)`, which answers
 * rows. Returns what happened, for the one line printed.
 */
async function grantAdmin(sql, userName) {
  const [table] = await sql(`select to_regclass('public.staff_roles') as name`);
  if (!table?.name)
    return {
      refused:
        'the database has no staff_roles table yet: start the server once (it applies the migrations), stop it if it uses PGlite, and run this again',
    };
  const [user] = await sql(
    'select id, name from users where (phone = $1 or email = $1) and deleted_at is null',
    [userName],
  );
  if (!user) return { refused: `no account logs in as ${userName}: sign up on the site first` };
  const added = await sql(
    `insert into staff_roles (user_id, role) values ($1, 'admin') on conflict do nothing returning role`,
    [user.id],
  );
  if (added.length === 0) return { done: `${userName} (${user.name}) is already an admin` };
  const roles = (await sql('select role from staff_roles where user_id = $1 order by role', [user.id])).map(
    (row) => row.role,
  );
  await sql(
    `insert into audit_log (actor_id, action, target_type, target_id, before, after)
     values (null, 'role.grant', 'user', $1, $2, $3)`,
    [
      String(user.id),
      JSON.stringify({ roles: roles.filter((role) => role !== 'admin') }),
      JSON.stringify({ roles }),
    ],
  );
  return { done: `${userName} (${user.name}) is now an admin: log in and open /admin` };
}

async function onPostgres(url, userName) {
  const { default: postgres } = await import('postgres');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await client.begin((tx) => grantAdmin((text, params = []) => tx.unsafe(text, params), userName));
  } finally {
    await client.end();
  }
}

async function onPglite(dataDir, userName) {
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
    return { refused: `there is no database in ${dataDir}: start the server once so it makes one` };
  }
  let release;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    return { refused: `${error.message} Stop the server, run this again, then start the server.` };
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await client.transaction((tx) =>
        grantAdmin(async (text, params = []) => (await tx.query(text, params)).rows, userName),
      );
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

const [raw, extra] = process.argv.slice(2);
if (!raw || extra !== undefined) {
  console.error(`${usage}\nenvironment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data)`);
  process.exit(2);
}
const userName = normalizedUserName(raw);
if (!userName) {
  console.error(`make-admin: "${raw}" is neither an Iranian mobile number nor an e-mail address`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || '';
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const outcome = databaseUrl.startsWith('postgres')
  ? await onPostgres(databaseUrl, userName)
  : await onPglite(dataDir, userName);
if (outcome.refused) {
  console.error(`make-admin: ${outcome.refused}`);
  process.exit(1);
}
console.log(outcome.done);
