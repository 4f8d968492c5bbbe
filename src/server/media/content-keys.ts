import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db, DbTransaction } from '../db/client';
import { mediaKeys } from '../db/schema';
import { CONTENT_KEY_FILE } from '../core/storage';
import type { PackageHome } from './packages';

/**
 * Content keys (AES-128, 16 bytes) stay out of the storage (issue 28, decision record 0050): a package
 * made by a packaging job has its key in the database (media_keys), so the package can sit in a bucket
 * that nginx or a CDN reads without the key ever being there. Packages made before, and the committed
 * demo packages, still carry key.bin in their folder on this machine's disk.
 */

/** Keys never change for an asset (a new package is a new asset), so each is read once. */
const known = new Map<string, Buffer>();

/** Records a package's key; the same key again is nothing, another one is refused (a new asset id). */
export async function saveContentKey(db: Db | DbTransaction, asset: string, key: Buffer): Promise<void> {
  if (key.length !== 16) throw new Error(`a content key is 16 bytes, not ${key.length}`);
  await db
    .insert(mediaKeys)
    .values({ asset, key: key.toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ key: mediaKeys.key }).from(mediaKeys).where(eq(mediaKeys.asset, asset));
  if (row?.key !== key.toString('hex')) throw new Error(`${asset} already has another content key`);
}

/** The key of a package: from the database, else its key.bin when the package is on this disk. */
export async function contentKey(ctx: AppContext, asset: string, home: PackageHome): Promise<Buffer | null> {
  const kept = known.get(asset);
  if (kept) return kept;
  const [row] = await ctx.database.db
    .select({ key: mediaKeys.key })
    .from(mediaKeys)
    .where(eq(mediaKeys.asset, asset));
  const file = home.storage.localPath(`${home.prefix}${CONTENT_KEY_FILE}`);
  const key = row ? Buffer.from(row.key, 'hex') : file ? await readFile(file).catch(() => null) : null;
  if (key) known.set(asset, key);
  return key;
}
