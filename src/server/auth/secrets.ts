import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords: scrypt (memory-hard). N=2^14, r=8 uses 16 MB and takes about 55 ms here; the parameters are
 * stored with each hash so they can be raised later without invalidating existing passwords.
 */
const PASSWORD_PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function deriveKey(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const N = params.N ?? PASSWORD_PARAMS.N;
  const r = params.r ?? PASSWORD_PARAMS.r;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MB) is too tight for raised parameters.
  const options = { ...params, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = PASSWORD_PARAMS;
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, PASSWORD_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await deriveKey(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a password nobody has, so an unknown user name costs as much time as a wrong password. */
let decoy: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}

/** An opaque token for a client (bearer token, remember_token): 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token; a stolen table yields no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Random text from `alphabet`, each character drawn uniformly by node:crypto. */
export function randomCode(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export function randomDigits(length: number): string {
  return randomCode('0123456789', length);
}
