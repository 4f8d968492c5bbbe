#!/usr/bin/env node
// Restores a folder made by scripts/backup.mjs into this install's database and DATA_DIR.
//
//   npm run restore -- BACKUP_DIR [--force]
//
// Every checksum is checked before anything is written. The target is DATABASE_URL (an existing
// database, e.g. from createdb) or, unset, DATA_DIR/pglite; a backup restores into the kind of database
// it was taken from. A target that holds tables, an embedded database or files is left alone unless
// --force: then the database's objects are replaced (pg_restore --clean) or DATA_DIR/pglite is deleted,
// and the backup's files overwrite theirs (other files stay). Stop every server first; on the embedded
// database the script holds the server's lock. A backup from a newer release (a migration this code
// does not know) is refused; an older one is brought up to date by the next start or npm run migrate.
import { Blob } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import {
  BackupError,
  dataDirFiles,
  FORMAT,
  knownMigrations,
  main,
  MANIFEST,
  migrationLevel,
  pgliteMigrations,
  postgresMigrations,
  postgresTables,
  runPgTool,
  safeUrl,
  sha256,
  target,
  withPglite,
  withPostgres,
} from './backup-common.mjs';
import { lockDataDir } from './data-dir-lock.mjs';

const usage = 'usage: npm run restore -- BACKUP_DIR [--force]';

function parseArgs(args) {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('--')) throw new BackupError(usage);
  return { from: path.resolve(rest[0]), force };
}

function readManifest(from) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8'));
  } catch (error) {
    throw new BackupError(
      `${from} has no readable ${MANIFEST} (not a backup, or an unfinished one): ${error.message}`,
    );
  }
  if (manifest.format !== FORMAT || manifest.format_version !== 1) {
    throw new BackupError(`${from} is not a backup this version can read (format ${manifest.format})`);
  }
  return manifest;
}

/** Every file of the backup against its checksum; throws naming each one that differs or is missing. */
async function verify(from, manifest) {
  const expected = [
    { file: manifest.database.file, sha256: manifest.database.sha256 },
    ...manifest.data_dir.files.map((entry) => ({
      file: path.join('files', entry.path),
      sha256: entry.sha256,
    })),
  ];
  const bad = [];
  for (const { file, sha256: sum } of expected) {
    const full = path.join(from, file);
    if (!fs.existsSync(full)) bad.push(`${file} is missing`);
    else if ((await sha256(full)) !== sum) bad.push(`${file} does not match its checksum`);
  }
  if (bad.length > 0)
    throw new BackupError(`the backup is damaged, nothing was restored:\n  ${bad.join('\n  ')}`);
  return expected.length;
}

await main('restore', async (args) => {
  const { from, force } = parseArgs(args);
  const manifest = readManifest(from);
  const { kind, databaseUrl, dataDir, migrationsFolder } = target();
  const checked = await verify(from, manifest);

  const backupKind = manifest.database.kind;
  if (backupKind !== kind) {
    throw new BackupError(
      backupKind === 'postgres'
        ? 'this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into'
        : 'this backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore into',
    );
  }
  const known = knownMigrations(migrationsFolder);
  const level = manifest.database.migrations;
  if (level.latest === 'unknown' || level.applied > known.length) {
    throw new BackupError(
      `the backup was made by a newer release (${level.applied} migrations, this code knows ${known.length}): restore it with that release or a later one`,
    );
  }

  // What is already there: refused without --force, before anything is written.
  const occupied = [];
  if (kind === 'pglite') {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      lockDataDir(dataDir);
    } catch (error) {
      throw new BackupError(`${error.message} Stop the server, then restore.`, { cause: error });
    }
    if (fs.existsSync(path.join(dataDir, 'pglite')))
      occupied.push(`an embedded database in ${dataDir}/pglite`);
  } else {
    const tables = await withPostgres(databaseUrl, postgresTables);
    if (tables.length > 0) occupied.push(`${tables.length} tables in ${safeUrl(databaseUrl)}`);
  }
  const existingFiles = dataDirFiles(dataDir);
  if (existingFiles.length > 0) occupied.push(`${existingFiles.length} files in ${dataDir}`);
  if (occupied.length > 0 && !force) {
    throw new BackupError(
      `the target is not empty (${occupied.join('; ')}): nothing was restored. Restore into an empty database and DATA_DIR, or add --force to replace them.`,
    );
  }

  let restored;
  const dump = path.join(from, manifest.database.file);
  if (kind === 'postgres') {
    runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        dump,
      ],
      databaseUrl,
    );
    restored = migrationLevel(await withPostgres(databaseUrl, postgresMigrations), known);
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const blob = new Blob([fs.readFileSync(dump)]);
    restored = await withPglite(dir, async (db) => migrationLevel(await pgliteMigrations(db), known), blob);
  }
  if (restored.applied !== level.applied) {
    throw new BackupError(
      `the restored database has ${restored.applied} migrations where the backup recorded ${level.applied}`,
    );
  }

  for (const entry of manifest.data_dir.files) {
    const to = path.join(dataDir, entry.path);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(from, 'files', entry.path), to);
    fs.chmodSync(to, entry.mode);
  }

  const keys = manifest.data_dir.files.filter((entry) => entry.key).map((entry) => entry.path);
  const pending = known.length - restored.applied;
  console.log(
    `Restored the backup of ${manifest.created_at} (${manifest.app.name} ${manifest.app.version}):`,
  );
  console.log(`  ${checked} files matched their checksums`);
  console.log(
    `  ${kind === 'postgres' ? `PostgreSQL database ${safeUrl(databaseUrl)}` : `embedded database ${dataDir}/pglite`}${force && occupied.length > 0 ? ' (replaced)' : ''}: ${restored.applied} migrations (latest ${restored.latest})`,
  );
  console.log(
    `  ${manifest.data_dir.files.length} files into ${dataDir}; keys: ${keys.join(', ') || 'none'}${manifest.data_dir.segments ? '' : ' (the backup has no video segments: copy them back from the media disks)'}`,
  );
  for (const name of manifest.environment_secrets_not_included ?? []) {
    console.log(`  ${name} was set in the environment: set the same value before starting`);
  }
  console.log(
    pending > 0
      ? `  ${pending} newer migrations of this release are not applied yet: npm run migrate (or the next start) applies them`
      : '  the database is at this release’s migration level',
  );
});
