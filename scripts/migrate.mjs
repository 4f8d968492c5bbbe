// npm run migrate: applies the committed migrations to the configured database (DATABASE_URL, or the
// embedded PGlite in DATA_DIR) and exits: the release step before new instances start. It runs the
// build the server runs (DIST_DIR, default dist) with the server's configuration; it never seeds demo
// data (decision record 0033).
import { openBuiltRuntime } from './lib.mjs';

function fail(message) {
  console.error(`migrate: ${message}`);
  process.exit(1);
}

const {
  runtime: { migrateDatabase },
  config,
} = await openBuiltRuntime(fail, { createDataDir: true });
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
