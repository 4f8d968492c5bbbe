import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A random secret of 32 bytes (base64url) generated on first use and kept in `dataDir/fileName`, so
 * what it signed or sealed before a restart stays valid. Every instance sharing DATA_DIR shares it;
 * instances on separate disks need the secret configured instead.
 */
export function dataDirSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: if another process wrote it first, fall through and use theirs.
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
