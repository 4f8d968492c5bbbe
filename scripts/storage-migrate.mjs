// npm run storage:migrate: copies the kept files of DATA_DIR (media/: packaged titles and artwork;
// uploads/: sources awaiting packaging, avatars, staged audio) into the bucket STORAGE_URL names, and
// checks each one read back from the bucket (size and SHA-256). Content keys of packages made before
// issue 28 (media/<asset>/key.bin) go into the database (media_keys), never into the bucket. Run it
// again at will: files already in the bucket and equal are skipped, so an interrupted copy goes on
// where it stopped. Decision record 0047. It runs the build the server runs (DIST_DIR, default dist)
// with the service's environment (DATA_DIR, STORAGE_URL and its credentials, DATABASE_URL).
import { openBuiltRuntime } from './lib.mjs';

function fail(message) {
  console.error(`storage:migrate: ${message}`);
  process.exit(1);
}

const {
  runtime: { migrateDataDirToStorage },
  config,
} = await openBuiltRuntime(fail);
let done = 0;
const summary = await migrateDataDirToStorage(config, (key, outcome) => {
  done += 1;
  if (outcome === 'failed' || done % 500 === 0)
    console.log(`storage:migrate: ${done} files... (${outcome} ${key})`);
}).catch((error) => fail(error.message));

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
console.log(`storage:migrate: ${config.dataDir} → s3://${config.storage.bucket}/${config.storage.prefix}`);
console.log(`  copied and checked: ${summary.copied} files, ${mib(summary.bytes)}`);
console.log(`  already there and equal: ${summary.unchanged}`);
console.log(`  content keys recorded in the database (not copied): ${summary.contentKeys.length}`);
if (summary.skippedPartial > 0) {
  console.log(`  left out, half-written or half-packaged: ${summary.skippedPartial}`);
}
if (summary.failed.length > 0) {
  console.log(`  FAILED: ${summary.failed.length}`);
  for (const { key, reason } of summary.failed) console.log(`    ${key}: ${reason}`);
  fail('some files were not copied; run it again (copied files are skipped)');
}
console.log('storage:migrate: every file is in the bucket; start the instances with STORAGE_URL');
process.exit(0);
