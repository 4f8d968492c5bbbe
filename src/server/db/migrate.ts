import type { Config } from '../config';
import { openDatabase } from './client';

/**
 * `npm run migrate` (scripts/migrate.mjs), the release step: the committed migrations applied to the
 * configured database, under the lock every instance takes for them, and nothing else: no demo data,
 * no jobs (decision record 0033).
 */
export async function migrateDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'appRoot'>,
): Promise<void> {
  const database = await openDatabase(config);
  await database.close();
}
