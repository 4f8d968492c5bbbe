import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { distDir } from '../../playwright.config';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';

/**
 * `npm run storage:migrate` (scripts/storage-migrate.mjs) as an operator runs it, against the tests'
 * build: a DATA_DIR with a package made before the bucket (its key.bin beside it) into a fauxqs bucket,
 * every file checked, the key into the embedded database, and a second run that copies nothing.
 */

function storageMigrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/storage-migrate.mjs'], {
      env: { ...process.env, DIST_DIR: distDir, DATABASE_URL: '', STORAGE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test.describe('npm run storage:migrate', () => {
  test.setTimeout(180_000);
  let s3: S3TestServer;
  let dataDir: string;

  test.beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-storage-migrate-'));
  });

  test.afterAll(async () => {
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('copies DATA_DIR into the bucket, checks it, records the old key in the database, and resumes', async () => {
    const write = (key: string, bytes: Buffer) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, key), bytes);
    };
    const segment = randomBytes(200_000);
    const contentKey = randomBytes(16);
    write('media/t8-old/package.json', Buffer.from('{"id":"t8-old"}'));
    write('media/t8-old/v720/seg00001.mpegts', segment);
    write('media/t8-old/key.bin', contentKey);
    write('uploads/avatars/u3.webp', randomBytes(1500));

    const refused = await storageMigrate({ DATA_DIR: dataDir });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('storage:migrate: STORAGE_URL: not set');

    const bucketEnv = await s3.bucket('operator-bucket', 'cinema');
    const first = await storageMigrate({ DATA_DIR: dataDir, ...bucketEnv });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('copied and checked: 3 files');
    expect(first.output).toContain('content keys recorded in the database (not copied): 1');

    const again = await storageMigrate({ DATA_DIR: dataDir, ...bucketEnv });
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('copied and checked: 0 files');
    expect(again.output).toContain('already there and equal: 3');

    // The bucket holds the segment byte for byte under the prefix, and no key.
    const base = `${s3.endpoint}/operator-bucket/cinema`;
    const fetched = Buffer.from(
      await (await fetch(`${base}/media/t8-old/v720/seg00001.mpegts`)).arrayBuffer(),
    );
    expect(createHash('sha256').update(fetched).digest('hex')).toBe(
      createHash('sha256').update(segment).digest('hex'),
    );
    expect((await fetch(`${base}/media/t8-old/key.bin`)).status).toBe(404);

    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      const rows = await db.query<{ key: string }>("select key from media_keys where asset = 't8-old'");
      expect(rows.rows).toEqual([{ key: contentKey.toString('hex') }]);
    } finally {
      await db.close();
    }
  });
});
