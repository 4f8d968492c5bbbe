// What scripts/backup.mjs and scripts/restore.mjs share: where the database and DATA_DIR are (read from
// the environment the way src/server/config.ts reads it), the PostgreSQL client tools, checksums, the
// migration level of a database, and the files of DATA_DIR a backup carries. Node built-ins plus the
// database drivers the server itself uses; no TypeScript, so it runs from a production install.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { findPostgresBin } from './lib.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const MANIFEST = 'manifest.json';
export const FORMAT = 'cinema-stream-backup';

/** A failure worth one line to the operator (exit code 1), not a stack trace. */
export class BackupError extends Error {}

/** The database and data directory this install uses, resolved as server.mjs and config.ts do. */
export function target(env = process.env) {
  const appRoot = path.resolve(env.APP_ROOT ?? root);
  const databaseUrl = env.DATABASE_URL || '';
  if (databaseUrl && !databaseUrl.startsWith('postgres')) {
    throw new BackupError(`DATABASE_URL must be a postgres:// URL or unset (the embedded database)`);
  }
  return {
    kind: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    dataDir: path.resolve(appRoot, env.DATA_DIR || './data'),
    migrationsFolder: path.join(appRoot, 'src/server/db/migrations'),
  };
}

/** The database URL without its password, for messages and the manifest. */
export function safeUrl(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** pg_dump or pg_restore: beside the server binaries (PG_BINDIR, pg_config, Debian's layout), else PATH. */
export function pgTool(name) {
  const dir = findPostgresBin([name]);
  return dir ? path.join(dir, name) : name;
}

/**
 * Runs a PostgreSQL client tool on `databaseUrl` (its stderr becomes the message of a failure). The
 * password goes in PGPASSWORD, not on the command line, where every user of the machine could read it.
 */
export function runPgTool(name, args, databaseUrl) {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  try {
    execFileSync(pgTool(name), [...args, `--dbname=${url}`], { stdio: ['ignore', 'ignore', 'pipe'], env });
  } catch (error) {
    const detail = error.stderr?.toString().trim() || error.message;
    throw new BackupError(`${name} failed: ${detail}`);
  }
}

export async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** The migrations this code knows, oldest first (drizzle's journal: `when` is what it records applied). */
export function knownMigrations(migrationsFolder) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  return journal.entries.map((entry) => ({ tag: entry.tag, when: Number(entry.when) }));
}

const migrationsQuery = `select created_at from drizzle.__drizzle_migrations order by created_at`;

/**
 * How far a database is migrated: how many migrations it applied and the tag of the newest (`unknown`
 * when this code's journal does not name it: a newer release made it).
 */
export function migrationLevel(rows, known) {
  const applied = rows.map((row) => Number(row.created_at));
  const newest = applied.at(-1);
  return {
    applied: applied.length,
    latest: newest === undefined ? null : (known.find((entry) => entry.when === newest)?.tag ?? 'unknown'),
    latest_when: newest ?? null,
  };
}

/** Opens the embedded database in `dir` (optionally loading a dump first) and runs `use` on it. */
export async function withPglite(dir, use, loadDataDir) {
  const db = await PGlite.create(dir, loadDataDir ? { loadDataDir } : {});
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

export async function pgliteMigrations(db) {
  const exists = await db.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0]?.t) return [];
  return (await db.query(migrationsQuery)).rows;
}

/** Runs `use` with a one-connection postgres.js client on `url`. */
export async function withPostgres(url, use) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await use(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function postgresMigrations(sql) {
  const [exists] = await sql.unsafe(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists?.t) return [];
  return sql.unsafe(migrationsQuery);
}

/** Tables a PostgreSQL database holds outside the system schemas (none: an empty database). */
export async function postgresTables(sql) {
  const rows = await sql.unsafe(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * The files of DATA_DIR a backup carries, relative to it: everything but the embedded database (dumped
 * on its own), the server's lock and half-packaged videos; without segments, the packages keep their
 * playlists and `key.bin` and drop the `.mpegts` segments (copies of which live on the media disks).
 */
export function dataDirFiles(dataDir, { segments = true } = {}) {
  const files = [];
  const visit = (relative) => {
    const full = path.join(dataDir, relative);
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (relative === '' && (entry.name === 'pglite' || entry.name === 'server.pid')) continue;
      if (entry.name.endsWith('.partial')) continue;
      if (entry.isDirectory()) visit(name);
      else if (entry.isFile() && (segments || !entry.name.endsWith('.mpegts'))) files.push(name);
    }
  };
  if (fs.existsSync(dataDir)) visit('');
  return files.sort();
}

/** Secrets in DATA_DIR without which signed links, sealed signatures or packaged titles are lost. */
export function isKey(file) {
  return file === 'media-secret' || file === 'payman-key' || path.basename(file) === 'key.bin';
}

/** Runs a script's main; a BackupError is one line on stderr and exit code 1. */
export async function main(script, run) {
  try {
    await run(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`${script}: ${error.message}`);
    process.exit(1);
  }
}
