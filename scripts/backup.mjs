#!/usr/bin/env node
// Backs up the database and the files of DATA_DIR (the keys among them) into one folder with a
// manifest: what it holds, when, the app's version and migration level, and a checksum of every file.
//
//   npm run backup -- [--out DIR] [--without-segments]
//
// DIR (default backups/cinema-<time>) must not exist or be empty. PostgreSQL (DATABASE_URL) is dumped
// with pg_dump while the servers run (one consistent snapshot); the embedded database (DATA_DIR/pglite)
// only while no server uses DATA_DIR: PGlite is single-process, and the script holds the server's lock
// until it is done, so no server starts meanwhile. --without-segments leaves out the video segments of
// packaged titles (large, and copied to the media disks anyway), never their key.bin.
// Restore with scripts/restore.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  BackupError,
  dataDirFiles,
  FORMAT,
  isKey,
  knownMigrations,
  main,
  MANIFEST,
  migrationLevel,
  pgliteMigrations,
  postgresMigrations,
  root,
  runPgTool,
  safeUrl,
  sha256,
  target,
  withPglite,
  withPostgres,
} from './backup-common.mjs';
import { lockDataDir } from './data-dir-lock.mjs';

const usage = 'usage: npm run backup -- [--out DIR] [--without-segments]';

function parseArgs(args) {
  const options = { out: undefined, segments: true };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1]) options.out = args[++i];
    else if (args[i] === '--without-segments') options.segments = false;
    else throw new BackupError(`unknown argument "${args[i]}"\n${usage}`);
  }
  return options;
}

function appVersion() {
  const { name, version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    // not a git checkout (an unpacked release): the version says enough
  }
  return { name, version, commit };
}

function emptyOutput(out) {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new BackupError(`${out} is not empty: name a new folder with --out`);
  }
  // It holds the keys: readable by its owner only.
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });
  fs.chmodSync(out, 0o700);
}

await main('backup', async (args) => {
  const options = parseArgs(args);
  const { kind, databaseUrl, dataDir, migrationsFolder } = target();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(options.out ?? path.join(root, 'backups', `cinema-${stamp}`));
  const known = knownMigrations(migrationsFolder);
  const createdAt = new Date().toISOString();

  let database;
  if (kind === 'postgres') {
    emptyOutput(out);
    const file = 'database.pgdump';
    // Custom format: compressed, and pg_restore can clean or pick from it. No owners or grants, so it
    // restores into a database owned by another role.
    runPgTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(out, file)}`],
      databaseUrl,
    );
    const rows = await withPostgres(databaseUrl, postgresMigrations);
    database = { kind, source: safeUrl(databaseUrl), file, migrations: migrationLevel(rows, known) };
  } else {
    const dir = path.join(dataDir, 'pglite');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      throw new BackupError(`there is no embedded database in ${dir} (is DATA_DIR or DATABASE_URL right?)`);
    }
    try {
      lockDataDir(dataDir);
    } catch (error) {
      throw new BackupError(`${error.message} Stop the server, then back up.`, { cause: error });
    }
    emptyOutput(out);
    const file = 'pglite.tar.gz';
    const migrations = await withPglite(dir, async (db) => {
      const level = migrationLevel(await pgliteMigrations(db), known);
      const dump = await db.dumpDataDir('gzip');
      fs.writeFileSync(path.join(out, file), Buffer.from(await dump.arrayBuffer()));
      return level;
    });
    database = { kind, source: dir, file, migrations };
  }
  database.sha256 = await sha256(path.join(out, database.file));
  database.size = fs.statSync(path.join(out, database.file)).size;

  const files = [];
  for (const relative of dataDirFiles(dataDir, options)) {
    const from = path.join(dataDir, relative);
    const to = path.join(out, 'files', relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    const { mode, size } = fs.statSync(from);
    files.push({ path: relative, size, mode: mode & 0o777, sha256: await sha256(to), key: isKey(relative) });
  }

  const manifest = {
    format: FORMAT,
    format_version: 1,
    created_at: createdAt,
    app: appVersion(),
    database,
    data_dir: { source: dataDir, segments: options.segments, files },
    // Secrets set in the environment are not files: they belong with the environment file.
    environment_secrets_not_included: ['MEDIA_SIGNING_SECRET', 'PAYMAN_SIGNATURE_KEY'].filter(
      (name) => process.env[name],
    ),
  };
  // Written last: a folder without its manifest is an unfinished backup, and restore refuses it.
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  const keys = files.filter((file) => file.key).map((file) => file.path);
  console.log(`Backed up to ${out}:`);
  console.log(
    `  ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database ${database.source}, ${database.migrations.applied} migrations (latest ${database.migrations.latest}), ${database.size} bytes`,
  );
  console.log(
    `  ${files.length} files of ${dataDir}${options.segments ? '' : ' (without video segments)'}; keys: ${keys.join(', ') || 'none'}`,
  );
  for (const name of manifest.environment_secrets_not_included) {
    console.log(
      `  ${name} is set in the environment and not in this backup: keep it with your environment file`,
    );
  }
});
