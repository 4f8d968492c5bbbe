import type { Config } from '../../config';
import { log } from '../log';
import { localStorage } from './local';
import type { Storage } from './storage';

export * from './keys';
export * from './storage';

/**
 * The storage the configuration names (STORAGE_URL, decision record 0047): the local directory
 * DATA_DIR when unset, else the bucket. The AWS SDK is loaded only then, so `npm start` never pays
 * for it.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 'storage' | 'mode'>): Promise<Storage> {
  if (config.storage.kind === 'local') {
    // Allowed (one machine, or instances sharing its disk), but said: a second machine would not see
    // these files. Not refused, decision record 0047 says why.
    if (config.mode === 'production') {
      log.warn(
        { storage: config.dataDir },
        'STORAGE_URL is unset: packaged titles, uploads and artwork are kept on this machine only (DATA_DIR); instances on other machines cannot serve them',
      );
    }
    return localStorage(config.dataDir);
  }
  const { s3Storage } = await import('./s3');
  return s3Storage(config.storage);
}
export { migrateStorage, type MigrationSummary } from './migrate';
