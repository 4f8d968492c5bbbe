import { eq } from 'drizzle-orm';
import type { Config } from './config';
import { migrateStorage, openStorage, type MigrationSummary } from './core/storage';
import { openDatabase, type Database } from './db/client';
import { mediaKeys } from './db/schema';

/**
 * `npm run storage:migrate` (scripts/storage-migrate.mjs, decision record 0047): the kept files of
 * DATA_DIR into the bucket STORAGE_URL names, each checked; the content keys of packages made before
 * issue 28 (key.bin beside their segments) into the database (media_keys), so those packages play
 * from the bucket too and no key is ever in it.
 */
export async function migrateDataDirToStorage(
  config: Config,
  onFile?: (key: string, outcome: 'copied' | 'unchanged' | 'failed') => void,
  /** The database the keys go into; opened (and closed) here when not given. */
  open?: Database,
): Promise<MigrationSummary> {
  if (config.storage.kind !== 's3') {
    throw new Error('STORAGE_URL: not set: name the bucket to copy DATA_DIR into (s3://bucket/prefix?...)');
  }
  const from = await openStorage({ ...config, storage: { kind: 'local' }, mode: 'demo' });
  const to = await openStorage(config);
  const database = open ?? (await openDatabase(config));
  try {
    return await migrateStorage(from, to, {
      onFile,
      async onContentKey(asset, key) {
        if (key.length !== 16) throw new Error(`a content key is 16 bytes, not ${key.length}`);
        const hex = key.toString('hex');
        await database.db.insert(mediaKeys).values({ asset, key: hex }).onConflictDoNothing();
        const [row] = await database.db
          .select({ key: mediaKeys.key })
          .from(mediaKeys)
          .where(eq(mediaKeys.asset, asset));
        if (row?.key !== hex) throw new Error(`the database has another content key for ${asset}`);
      },
    });
  } finally {
    await to.close();
    if (!open) await database.close();
  }
}
