import { createDecipheriv } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packagePrefix, sourceKey } from '~/server/core/storage';
import { mediaJobs, mediaKeys } from '~/server/db/schema';
import { startMediaPackaging } from '~/server/media/packaging-jobs';
import type { PlayInfo } from '~/shared/playback';
import type { MediaJob, StaffTitle } from '~/shared/staff-catalogue';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';
import { makeTestPattern } from '../fixtures/test-pattern';
import { startAccountsApp, type AccountsApp } from './accounts';
import { insertTitle } from './playback-fixtures';
import type { TestApp } from './harness';
import { serveOverHttp, type ServedApi } from './http-server';
import { grantStaffRoles } from './staff-fixtures';

/**
 * Issue 28: two instances on other machines (each its own DATA_DIR) share one PostgreSQL and one bucket
 * (fauxqs). A video uploaded through A, whose packaging A never starts (it went down), is packaged by
 * B from the bucket, and plays through either: playlists, segments and the key, none of it on their
 * disks, and the content key never in the bucket. PostgreSQL only: PGlite is one process's database.
 */
describe('a video uploaded through one instance plays through another (one database, one bucket)', () => {
  let s3: S3TestServer;
  let a: AccountsApp;
  let b: Awaited<ReturnType<AccountsApp['startSibling']>>;
  let servedA: ServedApi;
  let servedB: ServedApi;
  let bDataDir: string;
  let work: string;
  let source: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    const bucket = await s3.bucket('two-instances', 'cinema');
    a = await startAccountsApp(bucket);
    bDataDir = mkdtempSync(path.join(os.tmpdir(), 'instance-b-'));
    b = await a.startSibling({ DATA_DIR: bDataDir });
    servedA = await serveOverHttp(a);
    servedB = await serveOverHttp({ ctx: b.ctx, api: b.api } as TestApp);
    work = mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
    source = makeTestPattern(path.join(work, 'source.mp4'));
  });
  afterAll(async () => {
    await servedB?.close();
    await servedA?.close();
    await b?.close();
    await a?.close();
    await s3?.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(bDataDir, { recursive: true, force: true });
  });

  it('is packaged by B from the bucket and plays through A and B alike', async () => {
    expect(a.ctx.storage.kind).toBe('s3');
    expect(b.ctx.config.dataDir).not.toBe(a.ctx.config.dataDir);
    const staff = await a.signUp('09127790001');
    await grantStaffRoles(a, staff.me.id, 'catalogue');
    const viewer = (await a.signUp('09127790002')).token;
    const created = await a.as(staff.token, '/staff/catalogue/titles', {
      json: {
        kind: 'film',
        slug: 'two-instances',
        title: 'دو سرور',
        en_title: 'Two servers',
        synopsis: 'الگوی آزمون.',
        en_synopsis: 'A test pattern.',
        category: 'short',
        is_free: true,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const title = ((await created.json()) as { title: StaffTitle }).title;

    // A receives the upload and goes down before packaging it (its packaging is stopped).
    await startMediaPackaging(a.ctx)();
    const body = Readable.toWeb(createReadStream(source)) as unknown as BodyInit;
    const uploaded = await a.as(staff.token, `/staff/catalogue/titles/${title.id}/video`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'video/mp4' },
      duplex: 'half',
    } as RequestInit);
    expect(uploaded.status, await uploaded.clone().text()).toBe(202);
    const { job } = (await uploaded.json()) as { job: MediaJob };
    expect(await b.ctx.storage.exists(sourceKey(job.asset))).toBe(true);
    expect((await b.ctx.storage.stat(sourceKey(job.asset))).size).toBe(statSync(source).size);
    expect(existsSync(path.join(a.ctx.config.dataDir, 'uploads'))).toBe(false);

    // B, started, finds the job open on the shared storage and packages it from the bucket.
    const stopB = startMediaPackaging(b.ctx);
    try {
      await expect
        .poll(
          async () =>
            (
              (await await b
                .request(`/staff/catalogue/media-jobs/${job.id}`, {
                  headers: { authorization: `Bearer ${staff.token}` },
                })
                .then((res) => res.json())) as MediaJob
            ).status,
          { timeout: 110_000, interval: 200 },
        )
        .toBe('ready');
    } finally {
      await stopB();
    }
    const stored = (await a.ctx.storage.list(packagePrefix(job.asset))).map((file) => file.key);
    expect(stored).toContain(`${packagePrefix(job.asset)}master.m3u8`);
    expect(stored).toContain(`${packagePrefix(job.asset)}package.json`);
    // The key is in the database, never in the bucket; the source is gone; no disk holds the package.
    expect(stored.filter((key) => key.endsWith('key.bin'))).toEqual([]);
    const [keyRow] = await a.ctx.database.db.select().from(mediaKeys).where(eq(mediaKeys.asset, job.asset));
    expect(keyRow?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(await a.ctx.storage.exists(sourceKey(job.asset))).toBe(false);
    for (const dataDir of [a.ctx.config.dataDir, bDataDir]) {
      expect(existsSync(path.join(dataDir, 'media', job.asset))).toBe(false);
    }
    expect(existsSync(path.join(bDataDir, 'packaging', `${job.asset}.partial`))).toBe(false);

    // Played through B: play-info, master, variant, key and a segment, all answered by B.
    const play = await b.request(`/play-info/${title.id}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(play.status, await play.clone().text()).toBe(200);
    const info = (await play.json()) as PlayInfo;
    const viaB = (url: string | URL) => fetch(new URL(url, servedB.origin));
    const master = await (await viaB(info.stream.master)).text();
    const variantUri = master.split('\n').find((line) => line.endsWith('index.m3u8'))!;
    const variantUrl = new URL(variantUri, new URL(info.stream.master, servedB.origin));
    const playlist = await (await viaB(variantUrl)).text();
    const keyLine = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(playlist);
    expect(keyLine, playlist).not.toBeNull();
    const key = Buffer.from(await (await viaB(new URL(keyLine![1]!, variantUrl))).arrayBuffer());
    expect(key.toString('hex')).toBe(keyRow!.key);
    const segmentPath = new URL(
      playlist.split('\n').find((line) => line.endsWith('.mpegts'))!,
      variantUrl,
    ).pathname;
    const segment = Buffer.from(await (await viaB(segmentPath)).arrayBuffer());
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(keyLine![2]!, 'hex'));
    const clear = Buffer.concat([decipher.update(segment), decipher.final()]);
    expect(clear[0]).toBe(0x47);
    expect(clear[188]).toBe(0x47);

    // The same link through A (which never had the files): the same bytes, a range, the same key.
    const fromA = await fetch(new URL(segmentPath, servedA.origin));
    expect(fromA.status).toBe(200);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(segment)).toBe(true);
    const ranged = await fetch(new URL(segmentPath, servedA.origin), { headers: { range: 'bytes=188-375' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(segment.subarray(188, 376))).toBe(true);
    const keyFromA = await fetch(new URL(new URL(keyLine![1]!, variantUrl).pathname, servedA.origin));
    expect(Buffer.from(await keyFromA.arrayBuffer()).equals(key)).toBe(true);

    // A third instance that keeps nothing in memory streams each answer from the bucket, whole or a range.
    const c = await a.startSibling({ DATA_DIR: bDataDir, MEDIA_CACHE_MB: '0' });
    const servedC = await serveOverHttp({ ctx: c.ctx, api: c.api } as TestApp);
    try {
      const whole = await fetch(new URL(segmentPath, servedC.origin));
      expect(whole.headers.get('content-length')).toBe(String(segment.length));
      expect(Buffer.from(await whole.arrayBuffer()).equals(segment)).toBe(true);
      const part = await fetch(new URL(segmentPath, servedC.origin), { headers: { range: 'bytes=-188' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(
        `bytes ${segment.length - 188}-${segment.length - 1}/${segment.length}`,
      );
      expect(Buffer.from(await part.arrayBuffer()).equals(segment.subarray(-188))).toBe(true);
    } finally {
      await servedC.close();
      await c.close();
    }
  }, 150_000);
  it('a job whose instance died mid-way is taken over by a running instance within a minute', async () => {
    // B runs (its start-up look found nothing open) when A dies while packaging: the job stays
    // `packaging`, its source in the bucket, and A's lock went with its connection.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stopB = startMediaPackaging(b.ctx);
    try {
      // B's start-up look is over before the job exists.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const titleId = await insertTitle(a);
      const asset = `t${titleId}-orphan`;
      await a.ctx.storage.put(sourceKey(asset), createReadStream(source));
      const [job] = await a.ctx.database.db
        .insert(mediaJobs)
        .values({
          productId: titleId,
          status: 'packaging',
          progress: 30,
          asset,
          sourceBytes: statSync(source).size,
          instance: a.ctx.storage.location,
        })
        .returning();
      const rowOf = async () =>
        (await a.ctx.database.db.select().from(mediaJobs).where(eq(mediaJobs.id, job!.id)))[0]!;
      const statusOf = async () => (await rowOf()).status;
      // Untouched until the next minute's look (taking it over starts it again from 0).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await rowOf()).toMatchObject({ status: 'packaging', progress: 30 });
      vi.advanceTimersByTime(60_000);
      await expect.poll(statusOf, { timeout: 110_000, interval: 200 }).toBe('ready');
      expect(await a.ctx.storage.exists(`${packagePrefix(asset)}package.json`)).toBe(true);
    } finally {
      await stopB();
      vi.useRealTimers();
    }
  }, 150_000);
});
