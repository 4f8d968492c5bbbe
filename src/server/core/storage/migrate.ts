import { createHash } from 'node:crypto';
import { CONTENT_KEY_FILE, STORED_FOLDERS } from './keys';
import { isNotFound, type Storage, type StoredObject } from './storage';

/**
 * Copies the kept files of one storage into another (`npm run storage:migrate`: DATA_DIR into a
 * bucket, decision record 0047) and checks each: size and SHA-256 read back from the target. Run it
 * again and it goes on where it stopped: a file already there with the same size and checksum is
 * skipped. Content keys (key.bin in packages made before issue 28) are never copied: each is handed
 * to `onContentKey` (the command records it in the database) and left out of the target.
 */
export interface MigrationSummary {
  copied: number;
  /** Already in the target, equal. */
  unchanged: number;
  bytes: number;
  /** Content keys recorded instead of copied, by asset. */
  contentKeys: string[];
  /** Half-written files and half-made packages: never copied. */
  skippedPartial: number;
  failed: { key: string; reason: string }[];
}

export interface MigrationOptions {
  onContentKey?: (asset: string, key: Buffer) => Promise<void>;
  /** Told of every file as it is done. */
  onFile?: (key: string, outcome: 'copied' | 'unchanged' | 'failed') => void;
  /** Files copied at once. */
  concurrency?: number;
}

async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of (await storage.get(key)).body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A package's content key, `media/<asset>/key.bin`: the asset, else null. */
const contentKeyAsset = (key: string) =>
  new RegExp(`^media/([^/]+)/${CONTENT_KEY_FILE.replace('.', '\\.')}$`).exec(key)?.[1] ?? null;

/** A package being made (`media/.<asset>.partial/`) or any other hidden file. */
const isPartial = (key: string) => key.split('/').some((part) => part.startsWith('.'));

export async function migrateStorage(
  from: Storage,
  to: Storage,
  options: MigrationOptions = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = {
    copied: 0,
    unchanged: 0,
    bytes: 0,
    contentKeys: [],
    skippedPartial: 0,
    failed: [],
  };
  const files: StoredObject[] = [];
  for (const folder of STORED_FOLDERS) files.push(...(await from.list(folder)));

  async function one(file: StoredObject): Promise<void> {
    const asset = contentKeyAsset(file.key);
    if (asset !== null) {
      const key = await from.read(file.key);
      if (!options.onContentKey) throw new Error(`${file.key}: a content key, and nowhere to record it`);
      await options.onContentKey(asset, key);
      summary.contentKeys.push(asset);
      return;
    }
    if (isPartial(file.key)) {
      summary.skippedPartial += 1;
      return;
    }
    const sourceSha = await sha256Of(from, file.key);
    const there = await to.stat(file.key).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (there?.size === file.size && (await sha256Of(to, file.key)) === sourceSha) {
      summary.unchanged += 1;
      options.onFile?.(file.key, 'unchanged');
      return;
    }
    const put = await to.put(file.key, (await from.get(file.key)).body);
    const copiedSha = await sha256Of(to, file.key);
    if (put.size !== file.size || copiedSha !== sourceSha) {
      throw new Error(`stored ${put.size} bytes (sha256 ${copiedSha}), expected ${file.size} (${sourceSha})`);
    }
    summary.copied += 1;
    summary.bytes += file.size;
    options.onFile?.(file.key, 'copied');
  }

  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      try {
        await one(file);
      } catch (error) {
        summary.failed.push({ key: file.key, reason: (error as Error).message });
        options.onFile?.(file.key, 'failed');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  summary.contentKeys.sort();
  summary.failed.sort((a, b) => (a.key < b.key ? -1 : 1));
  return summary;
}
