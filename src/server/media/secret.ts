import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const secrets = new WeakMap<Config, string>();

/**
 * The HMAC secret of media URLs: MEDIA_SIGNING_SECRET, else one generated on first use and kept in
 * DATA_DIR/media-secret so links handed out before a restart still play. Synchronous because signing
 * is (it runs inside play-info responses); the file is read once per process.
 */
export function mediaSecret(config: Config): string {
  if (config.mediaSigningSecret) return config.mediaSigningSecret;
  const cached = secrets.get(config);
  if (cached) return cached;
  const file = path.join(config.dataDir, 'media-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      // `wx`: if another process wrote it first, fall through and use theirs.
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  secrets.set(config, secret);
  return secret;
}
