import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { migrateStorage, openStorage, type Storage } from '../../src/server/core/storage';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';

/** `npm run storage:migrate`'s copy (decision record 0047): DATA_DIR into a bucket, checked, resumable. */

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let dataDir: string;
let s3: S3TestServer;
let local: Storage;
let bucket: Storage;
const files = new Map<string, Buffer>();
const contentKey = randomBytes(16);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-migrate-'));
  const write = async (key: string, bytes: Buffer, kept = true) => {
    await mkdir(path.dirname(path.join(dataDir, key)), { recursive: true });
    await writeFile(path.join(dataDir, key), bytes);
    if (kept) files.set(key, bytes);
  };
  await write('media/t1-abc/package.json', Buffer.from('{"id":"t1-abc"}'));
  await write('media/t1-abc/master.m3u8', Buffer.from('#EXTM3U\n'));
  // Larger than one multipart part.
  await write('media/t1-abc/v720/seg00001.mpegts', randomBytes(9 * 2 ** 20 + 7));
  await write('media/t1-abc/subs/fa.vtt', Buffer.from('WEBVTT\n\nسلام\n'));
  await write('media/artwork/p1-poster-400.webp', randomBytes(3000));
  await write('uploads/avatars/u7.webp', randomBytes(2000));
  await write('uploads/sources/t2-def.source', randomBytes(50_000));
  // Not kept in the bucket: the content key, a package being made, the database, the secrets.
  await write('media/t1-abc/key.bin', contentKey, false);
  await write('media/.t3-ghi.partial/master.m3u8', Buffer.from('#EXTM3U\n'), false);
  await write('pglite/base/1', randomBytes(100), false);
  await write('media-secret', Buffer.from('secret'), false);
  s3 = await startS3Server();
  local = await openStorage(loadConfig({ DATA_DIR: dataDir }));
  bucket = await openStorage(loadConfig({ DATA_DIR: dataDir, ...(await s3.bucket('migrated', 'cinema')) }));
});

afterAll(async () => {
  await bucket?.close();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function bucketFiles(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const object of await bucket.list('')) found.set(object.key, sha(await bucket.read(object.key)));
  return found;
}

const expectedFiles = () => new Map([...files].map(([key, bytes]) => [key, sha(bytes)]));

describe('storage:migrate', () => {
  it('copies every kept file byte for byte, records content keys instead of copying them, skips the rest', async () => {
    const keys: [string, string][] = [];
    const summary = await migrateStorage(local, bucket, {
      onContentKey: async (asset, key) => void keys.push([asset, key.toString('hex')]),
    });
    expect(summary).toMatchObject({
      copied: files.size,
      unchanged: 0,
      contentKeys: ['t1-abc'],
      skippedPartial: 1,
      failed: [],
    });
    expect(summary.bytes).toBe([...files.values()].reduce((sum, bytes) => sum + bytes.length, 0));
    expect(keys).toEqual([['t1-abc', contentKey.toString('hex')]]);
    expect(await bucketFiles()).toEqual(expectedFiles());
    expect(await bucket.exists('media/t1-abc/key.bin')).toBe(false);
  });

  it('goes on where it stopped: equal files are skipped, a missing or damaged one is copied again', async () => {
    const again = await migrateStorage(local, bucket, { onContentKey: async () => {} });
    expect(again).toMatchObject({ copied: 0, unchanged: files.size, failed: [] });

    await bucket.delete('uploads/avatars/u7.webp');
    // Damaged in place: same size, other bytes (an interrupted or tampered copy).
    await bucket.put('media/artwork/p1-poster-400.webp', randomBytes(3000));
    const copied: string[] = [];
    const resumed = await migrateStorage(local, bucket, {
      onContentKey: async () => {},
      onFile: (key, outcome) => outcome === 'copied' && copied.push(key),
    });
    expect(resumed).toMatchObject({ copied: 2, unchanged: files.size - 2, failed: [] });
    expect(copied.sort()).toEqual(['media/artwork/p1-poster-400.webp', 'uploads/avatars/u7.webp']);
    expect(await bucketFiles()).toEqual(expectedFiles());
  });

  it('reports a content key it has nowhere to record as a failure, and never copies it', async () => {
    const summary = await migrateStorage(local, bucket);
    expect(summary.failed).toEqual([
      {
        key: 'media/t1-abc/key.bin',
        reason: 'media/t1-abc/key.bin: a content key, and nowhere to record it',
      },
    ]);
    expect(await bucket.exists('media/t1-abc/key.bin')).toBe(false);
  });
});
