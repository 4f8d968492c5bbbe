// npm run migrate: applies the committed migrations to the configured database (DATABASE_URL, or the
// embedded PGlite in DATA_DIR) and exits: the release step before new instances start. It runs the
// build the server runs (DIST_DIR, default dist) with the server's configuration; it never seeds demo
// data (decision record 0033).
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.env.APP_ROOT ??= root;

function fail(message) {
  console.error(`migrate: ${message}`);
  process.exit(1);
}

const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
const runtime = path.join(dist, 'server/runtime.mjs');
if (!fs.existsSync(runtime)) fail(`no build at ${dist}: run \`npm run build\` first`);

if (!(process.env.DATABASE_URL || '').startsWith('postgres')) {
  // PGlite is single-process: not while a server has the same files open.
  const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    lockDataDir(dataDir);
  } catch (error) {
    fail(error.message);
  }
}

const { loadConfig, migrateDatabase } = await import(runtime);
let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error.message);
}
try {
  await migrateDatabase(config);
} catch (error) {
  console.error(error);
  fail('the migrations did not apply');
}
console.log(
  `migrate: the ${config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'} database is up to date`,
);
process.exit(0);
