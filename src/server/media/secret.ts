import type { Config } from '../config';
import { dataDirSecret } from '../core/data-dir-secret';

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
  const secret = dataDirSecret(config.dataDir, 'media-secret');
  secrets.set(config, secret);
  return secret;
}
