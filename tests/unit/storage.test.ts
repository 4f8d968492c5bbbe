import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { log } from '../../src/server/core/log';
import { openStorage, StorageNotFound, StorageRangeError, type Storage } from '../../src/server/core/storage';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';

/**
 * The storage contract (issue 28, decision record 0047), one suite run against both implementations:
 * the local directory and S3-compatible object storage (fauxqs, started here on 127.0.0.1).
 */

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes in 64 KiB chunks, made as they are read: a streamed body never held whole. */
function streamOf(seed: Buffer, total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(65536, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = seed[(sent + i) % seed.length]!;
      sent += size;
      this.push(chunk);
    },
  });
}

function expected(seed: Buffer, total: number): Buffer {
  const all = Buffer.alloc(total);
  for (let i = 0; i < total; i++) all[i] = seed[i % seed.length]!;
  return all;
}

let dataDir: string;
let s3: S3TestServer;
const storages: Record<'local' | 's3', Storage> = {} as never;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
  s3 = await startS3Server();
  storages.local = await openStorage(loadConfig({ DATA_DIR: dataDir }));
  storages.s3 = await openStorage(
    loadConfig({ DATA_DIR: dataDir, ...(await s3.bucket('contract', 'tenant/a')) }),
  );
});

afterAll(async () => {
  await storages.local?.close();
  await storages.s3?.close();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('storage contract: %s', (kind) => {
  const store = () => storages[kind];

  it('is the implementation the configuration names', () => {
    expect(store().kind).toBe(kind);
    expect(store().location).toBe(kind === 'local' ? dataDir : 's3://contract/tenant/a/');
  });

  it('stores a small body byte for byte, from bytes, text, a Node stream and a web stream', async () => {
    const bytes = randomBytes(5000);
    const put = await store().put('media/small/a.bin', bytes);
    expect(put).toMatchObject({ key: 'media/small/a.bin', size: 5000 });
    expect(sha(await store().read('media/small/a.bin'))).toBe(sha(bytes));
    const read = await store().get('media/small/a.bin');
    expect(read).toMatchObject({ size: 5000, start: 0, end: 4999 });
    expect(sha(await bytesOf(read.body))).toBe(sha(bytes));

    await store().put('media/small/b.vtt', 'WEBVTT\n\nسلام');
    expect((await store().read('media/small/b.vtt')).toString('utf8')).toBe('WEBVTT\n\nسلام');
    await store().put('media/small/c.bin', Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]));
    expect(sha(await store().read('media/small/c.bin'))).toBe(sha(bytes));
    await store().put(
      'media/small/d.bin',
      Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>,
    );
    expect(sha(await store().read('media/small/d.bin'))).toBe(sha(bytes));
  });

  it('streams a body larger than one multipart part (13 MiB) in and out intact', async () => {
    const seed = randomBytes(4099);
    const total = 13 * 2 ** 20 + 12345;
    const put = await store().put('uploads/sources/big.source', streamOf(seed, total));
    expect(put.size).toBe(total);
    // S3 names a multipart object's ETag after its parts: "<md5 of the parts' md5s>-<parts>".
    if (kind === 's3') expect(put.etag).toMatch(/-2"$/);
    const read = await store().get('uploads/sources/big.source');
    expect(read.size).toBe(total);
    const back = await bytesOf(read.body);
    expect(back.length).toBe(total);
    expect(sha(back)).toBe(sha(expected(seed, total)));
  });

  it('reads ranges: the first bytes, the middle, a suffix, an open end; a start past the end is refused', async () => {
    const bytes = randomBytes(10_000);
    await store().put('media/ranges/seg00001.mpegts', bytes);
    const part = async (range: Parameters<Storage['get']>[1]) => {
      const read = await store().get('media/ranges/seg00001.mpegts', range);
      return { start: read.start, end: read.end, size: read.size, bytes: await bytesOf(read.body) };
    };
    const first = await part({ start: 0, end: 99 });
    expect(first).toMatchObject({ start: 0, end: 99, size: 10_000 });
    expect(first.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    const middle = await part({ start: 4000, end: 5999 });
    expect(middle).toMatchObject({ start: 4000, end: 5999 });
    expect(middle.bytes.equals(bytes.subarray(4000, 6000))).toBe(true);
    const suffix = await part({ suffix: 500 });
    expect(suffix).toMatchObject({ start: 9500, end: 9999 });
    expect(suffix.bytes.equals(bytes.subarray(9500))).toBe(true);
    const openEnd = await part({ start: 9990 });
    expect(openEnd).toMatchObject({ start: 9990, end: 9999 });
    expect(openEnd.bytes.equals(bytes.subarray(9990))).toBe(true);
    const pastEnd = await part({ start: 9000, end: 20_000 });
    expect(pastEnd).toMatchObject({ start: 9000, end: 9999 });
    expect(pastEnd.bytes.equals(bytes.subarray(9000))).toBe(true);
    await expect(store().get('media/ranges/seg00001.mpegts', { start: 10_000 })).rejects.toBeInstanceOf(
      StorageRangeError,
    );
  });

  it('states size, an ETag and the time; a new body gives a new ETag', async () => {
    const before = Date.now() - 2000;
    await store().put('media/stat/master.m3u8', '#EXTM3U\n');
    const info = await store().stat('media/stat/master.m3u8');
    expect(info.size).toBe(8);
    expect(info.etag).toMatch(/^"[^"]+"$/);
    expect(info.modified.getTime()).toBeGreaterThanOrEqual(before);
    expect(info.modified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    await store().put('media/stat/master.m3u8', '#EXTM3U\n#EXT-X-VERSION:3\n');
    const after = await store().stat('media/stat/master.m3u8');
    expect(after.size).toBe(25);
    expect(after.etag).not.toBe(info.etag);
    expect(await store().exists('media/stat/master.m3u8')).toBe(true);
  });

  it('says a missing key is not found, with a typed error, and deleting it is no error', async () => {
    const key = 'media/none/package.json';
    await expect(store().get(key)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store().stat(key)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store().read(key)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store().copy(key, 'media/none/other.json')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store().download(key, path.join(dataDir, 'tmp', `${kind}-none`))).rejects.toBeInstanceOf(
      StorageNotFound,
    );
    expect(await store().exists(key)).toBe(false);
    await store().delete(key);
    // A folder is not an object.
    await store().put('media/folder/x/y.txt', 'y');
    await expect(store().stat('media/folder/x')).rejects.toBeInstanceOf(StorageNotFound);
    expect(await store().exists('media/folder/x')).toBe(false);
  });

  it('lists everything under a folder and nothing beside it, in key order', async () => {
    await store().put('media/t1-aa/v720/seg00002.mpegts', 'bb');
    await store().put('media/t1-aa/v720/seg00001.mpegts', 'a');
    await store().put('media/t1-aa/package.json', '{}');
    await store().put('media/t1-aab/package.json', '{"other":1}');
    const listed = await store().list('media/t1-aa/');
    expect(listed.map((object) => [object.key, object.size])).toEqual([
      ['media/t1-aa/package.json', 2],
      ['media/t1-aa/v720/seg00001.mpegts', 1],
      ['media/t1-aa/v720/seg00002.mpegts', 2],
    ]);
    expect(await store().list('media/nothing-here/')).toEqual([]);
    await expect(store().list('media/t1-aa')).rejects.toThrow(/ends with \//);
  });

  it('deletes a folder and only that folder', async () => {
    await store().put('media/gone/a.m3u8', 'a');
    await store().put('media/gone/v480/seg00001.mpegts', 'b');
    await store().put('media/gone-not/a.m3u8', 'kept');
    expect(await store().deletePrefix('media/gone/')).toBe(2);
    expect(await store().list('media/gone/')).toEqual([]);
    expect((await store().read('media/gone-not/a.m3u8')).toString()).toBe('kept');
    await store().delete('media/gone-not/a.m3u8');
    expect(await store().exists('media/gone-not/a.m3u8')).toBe(false);
    await expect(store().deletePrefix('')).rejects.toThrow(/folder/);
  });

  it('keeps concurrent puts apart, and of racing puts to one key keeps one whole body', async () => {
    const bodies = Array.from({ length: 8 }, () => randomBytes(300_000));
    await Promise.all(bodies.map((body, i) => store().put(`media/many/f${i}.bin`, body)));
    for (const [i, body] of bodies.entries()) {
      expect(sha(await store().read(`media/many/f${i}.bin`))).toBe(sha(body));
    }
    await Promise.all(
      bodies.slice(0, 5).map((body) => store().put('media/many/same.bin', streamOf(body, body.length))),
    );
    const winner = sha(await store().read('media/many/same.bin'));
    expect(bodies.slice(0, 5).map(sha)).toContain(winner);
    expect((await store().list('media/many/')).map((object) => object.key)).toHaveLength(9);
  });

  it('leaves nothing behind when the body fails, and passes its error on', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error('upload_too_large'));
        else this.push(Buffer.alloc(65536, sent));
      },
    });
    await expect(store().put('uploads/sources/failed.source', failing)).rejects.toThrow('upload_too_large');
    expect(await store().exists('uploads/sources/failed.source')).toBe(false);
    expect((await store().list('uploads/sources/')).map((object) => object.key)).not.toContain(
      'uploads/sources/failed.source',
    );
  });

  it('copies inside the storage, and downloads to a local file', async () => {
    const bytes = randomBytes(20_000);
    await store().put('uploads/artwork/p.source', bytes);
    const copied = await store().copy('uploads/artwork/p.source', 'uploads/artwork/q.source');
    expect(copied.size).toBe(20_000);
    expect(sha(await store().read('uploads/artwork/q.source'))).toBe(sha(bytes));
    const file = path.join(dataDir, 'tmp', `${kind}-download`, 'p.source');
    await store().download('uploads/artwork/p.source', file);
    expect(sha(await readFile(file))).toBe(sha(bytes));
  });

  it('publishes a finished package folder: every file, the manifest among them, the folder gone', async () => {
    const folder = path.join(dataDir, 'tmp', `${kind}-package`);
    await mkdir(path.join(folder, 'v720'), { recursive: true });
    await writeFile(path.join(folder, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(path.join(folder, 'v720', 'seg00001.mpegts'), randomBytes(1000));
    await writeFile(path.join(folder, 'package.json'), '{"id":"t9-pub"}');
    expect(await store().publishFolder(folder, 'media/t9-pub/', 'package.json')).toBe(3);
    expect((await store().list('media/t9-pub/')).map((object) => object.key)).toEqual([
      'media/t9-pub/master.m3u8',
      'media/t9-pub/package.json',
      'media/t9-pub/v720/seg00001.mpegts',
    ]);
    expect((await store().read('media/t9-pub/package.json')).toString()).toBe('{"id":"t9-pub"}');
    expect(existsSync(folder)).toBe(false);
  });

  it('refuses keys that could leave the storage', async () => {
    for (const key of [
      '../secret',
      'media/../../etc/passwd',
      '/etc/passwd',
      'media//x',
      'media/./x',
      'a\\b',
      '',
    ]) {
      await expect(store().put(key, 'x')).rejects.toThrow(/not a storage key/);
      await expect(store().read(key)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('the local directory keeps the paths of DATA_DIR', () => {
  it('stores a key as the file of that path, and reads files put there before', async () => {
    await storages.local.put('media/t5-old/package.json', '{"id":"t5-old"}');
    expect(await readFile(path.join(dataDir, 'media', 't5-old', 'package.json'), 'utf8')).toBe(
      '{"id":"t5-old"}',
    );
    await mkdir(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'avatars', 'u1.webp'), 'webp');
    expect(await text((await storages.local.get('uploads/avatars/u1.webp')).body)).toBe('webp');
    expect(storages.local.localPath('uploads/avatars/u1.webp')).toBe(
      path.join(dataDir, 'uploads', 'avatars', 'u1.webp'),
    );
    expect(storages.s3.localPath('uploads/avatars/u1.webp')).toBeUndefined();
  });
});

describe('STORAGE_URL and its variables are checked at start', () => {
  const refused = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/x', ...env });

  it('reads a bucket, its prefix, endpoint, region and path style', () => {
    const config = loadConfig({
      STORAGE_URL:
        's3://media-bucket/cinema/prod?endpoint=https://s3.example.com/&region=eu-central-1&forcePathStyle=1',
      STORAGE_ACCESS_KEY_ID: 'AKIA1',
      STORAGE_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'media-bucket',
      prefix: 'cinema/prod/',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    expect(
      loadConfig({ STORAGE_URL: 's3://media-bucket', AWS_REGION: 'me-central-1' }).storage,
    ).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'me-central-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('refuses a malformed value, naming the variable', () => {
    expect(refused({ STORAGE_URL: 'https://bucket.s3.amazonaws.com' })).toThrow(
      /STORAGE_URL: STORAGE_URL must look like s3:\/\//,
    );
    expect(refused({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/STORAGE_URL: .*not a bucket name/);
    expect(refused({ STORAGE_URL: 's3://bucket?endpont=http://x' })).toThrow(
      /STORAGE_URL: .*unknown parameter endpont/,
    );
    expect(refused({ STORAGE_URL: 's3://bucket?endpoint=minio:9000' })).toThrow(
      /STORAGE_URL: .*endpoint must be/,
    );
    expect(refused({ STORAGE_URL: 's3://bucket?forcePathStyle=yes' })).toThrow(
      /STORAGE_URL: .*forcePathStyle/,
    );
    expect(refused({ STORAGE_URL: 's3://key:secret@bucket' })).toThrow(
      /STORAGE_URL: .*STORAGE_ACCESS_KEY_ID/,
    );
    expect(refused({ STORAGE_URL: 's3://bucket', STORAGE_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      /STORAGE_SECRET_ACCESS_KEY: required when STORAGE_ACCESS_KEY_ID is set/,
    );
    expect(refused({ STORAGE_ACCESS_KEY_ID: 'AKIA1', STORAGE_SECRET_ACCESS_KEY: 's' })).toThrow(
      /STORAGE_URL: required when STORAGE_ACCESS_KEY_ID is set/,
    );
  });
});

describe('production mode without a bucket', () => {
  it('starts on DATA_DIR (one machine is a valid install) and says in the log that other machines cannot see it', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    try {
      const production = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://cinema.example',
        MEDIA_SIGNING_SECRET: 'a-media-signing-secret-of-32-characters-or-more',
        PAYMAN_SIGNATURE_KEY: 'a-payman-signature-key-of-32-characters-or-more',
        SANDBOX_BANK: '1',
      });
      const storage = await openStorage(production);
      expect(storage.kind).toBe('local');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        { storage: dataDir },
        expect.stringMatching(/^STORAGE_URL is unset: /),
      );
      await openStorage(loadConfig({ DATA_DIR: dataDir }));
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
