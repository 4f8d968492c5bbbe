import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { dataDirSecret } from '../core/data-dir-secret';

/**
 * Direct-debit signatures at rest: AES-256-GCM with a random 12-byte nonce, stored as
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key is PAYMAN_SIGNATURE_KEY, else one generated in
 * DATA_DIR/payman-key; a database copy without the key holds no usable signature. The GCM tag makes a
 * tampered value fail to open rather than yield another signature.
 */

const keys = new WeakMap<Config, Buffer>();

function keyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    const secret = config.paymanSignatureKey ?? dataDirSecret(config.dataDir, 'payman-key');
    // Any configured text becomes exactly 32 bytes.
    key = createHash('sha256').update(secret).digest();
    keys.set(config, key);
  }
  return key;
}

export function seal(config: Config, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [nonce, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** Throws when the value was sealed under another key or altered. */
export function unseal(config: Config, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
