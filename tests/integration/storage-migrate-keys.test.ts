import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openStorage } from '../../src/server/core/storage';
import { mediaKeys } from '../../src/server/db/schema';
import { migrateDataDirToStorage } from '../../src/server/storage-migration';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';
import { startTestApp, type TestApp } from './harness';

/**
 * `npm run storage:migrate` end to end on the app's database (decision record 0047): a package made
 * before issue 28 has its key.bin beside its segments; after the migration the key is in media_keys
 * and the package is in the bucket without it.
 */
let app: TestApp;
let s3: S3TestServer;

beforeAll(async () => {
  app = await startTestApp();
  s3 = await startS3Server();
});

afterAll(async () => {
  await app?.close();
  await s3?.stop();
});

describe('storage:migrate with the database', () => {
  it('puts a package in the bucket and its content key in the database, not in the bucket', async () => {
    const dataDir = app.ctx.config.dataDir;
    const key = randomBytes(16);
    const folder = path.join(dataDir, 'media', 't4-old');
    await mkdir(path.join(folder, 'v720'), { recursive: true });
    await writeFile(path.join(folder, 'package.json'), '{"id":"t4-old"}');
    await writeFile(path.join(folder, 'v720', 'seg00001.mpegts'), randomBytes(4000));
    await writeFile(path.join(folder, 'key.bin'), key);
    const config = { ...app.ctx.config, storage: loadConfig(await s3.bucket('keys-migrated')).storage };

    const summary = await migrateDataDirToStorage(config, undefined, app.ctx.database);
    expect(summary).toMatchObject({ copied: 2, contentKeys: ['t4-old'], failed: [] });
    const [row] = await app.ctx.database.db.select().from(mediaKeys).where(eq(mediaKeys.asset, 't4-old'));
    expect(row?.key).toBe(key.toString('hex'));
    const bucket = await openStorage(config);
    expect((await bucket.list('media/t4-old/')).map((object) => object.key)).toEqual([
      'media/t4-old/package.json',
      'media/t4-old/v720/seg00001.mpegts',
    ]);
    await bucket.close();

    // A second run finds everything there; another key for the same asset would be refused.
    await writeFile(path.join(folder, 'key.bin'), randomBytes(16));
    const again = await migrateDataDirToStorage(config, undefined, app.ctx.database);
    expect(again).toMatchObject({ copied: 0, unchanged: 2 });
    expect(again.failed).toEqual([
      { key: 'media/t4-old/key.bin', reason: 'the database has another content key for t4-old' },
    ]);
  });

  it('refuses to run without a bucket, naming STORAGE_URL', async () => {
    await expect(migrateDataDirToStorage(app.ctx.config, undefined, app.ctx.database)).rejects.toThrow(
      /^STORAGE_URL: not set/,
    );
  });
});
