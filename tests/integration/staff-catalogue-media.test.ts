import { spawnSync } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceKey } from '~/server/core/storage';
import { auditLog, mediaJobs } from '~/server/db/schema';
import { DomainError } from '~/server/errors';
import { startMediaPackaging, uploadVideo } from '~/server/media/packaging-jobs';
import type { PlayInfo } from '~/shared/playback';
import type { MediaJob, StaffTitle } from '~/shared/staff-catalogue';
import { checkHlsVersion } from '../fixtures/hls-version-rules';
import { FFPROBE } from '../fixtures/test-pattern';
import type { AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import type { ServedApi } from './http-server';
import { startStaffMedia, type StaffMedia } from './staff-media-fixtures';

/**
 * From an uploaded file to a title that plays (issue 17): the source is streamed to disk, packaged in
 * the background by scripts/package-hls.mjs with its progress readable meanwhile, attached to the
 * title, and then a viewer's play-info leads to a playlist, a key and a segment that decrypts to H.264
 * and AAC. The source is ffmpeg's test pattern, 4 seconds, so the whole chain takes seconds.
 */
describe(`staff video upload and packaging on ${databaseUnderTest}`, () => {
  let media: StaffMedia;
  let app: AccountsApp;
  let served: ServedApi;
  let staff: string;
  let viewer: string;
  let work: string;
  let source: string;

  beforeAll(async () => {
    media = await startStaffMedia();
    ({ app, served, staff, viewer, work, video: source } = media);
  });
  afterAll(() => media?.close());

  function upload(id: number, body: BodyInit, headers: Record<string, string>, query = '') {
    return app.as(staff, `/staff/catalogue/titles/${id}/video${query}`, {
      method: 'PUT',
      body,
      headers,
      duplex: 'half',
    } as RequestInit);
  }

  it('packages an uploaded video in the background and the title plays it, encrypted', async () => {
    const title = await media.newTitle('uploaded-test-pattern');
    const body = Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>;
    const res = await upload(title.id, body as unknown as BodyInit, { 'content-type': 'video/mp4' });
    expect(res.status, await res.clone().text()).toBe(202);
    const { job, message } = (await res.json()) as { job: MediaJob; message: string };
    expect(message).toBe('ویدیو دریافت شد و در پس‌زمینه بسته‌بندی می‌شود');
    expect(job).toMatchObject({ status: 'queued', progress: 0, source_bytes: statSync(source).size });

    const seen: number[] = [];
    const done = await media.finished(job.id, seen);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    // Progress only moves forward.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const edited = (await (await app.as(staff, `/staff/catalogue/titles/${title.id}`)).json()) as StaffTitle;
    expect(edited.asset).toBe(job.asset);
    expect(edited.media_jobs[0]).toMatchObject({ id: job.id, status: 'ready' });

    const play = await app.as(viewer, `/play-info/${title.id}`);
    expect(play.status, await play.clone().text()).toBe(200);
    const info = (await play.json()) as PlayInfo;
    expect(info.duration).toBeGreaterThan(3.5);
    const get = (url: string) => fetch(new URL(url, served.origin));
    const master = await (await get(info.stream.master)).text();
    const variantUri = master.split('\n').find((line) => line.endsWith('index.m3u8'))!;
    const variantUrl = new URL(variantUri, new URL(info.stream.master, served.origin));
    const playlist = await (await get(variantUrl.toString())).text();
    // The packager declares the lowest protocol version its playlist needs, not ffmpeg's 6.
    const version = checkHlsVersion(playlist);
    expect(version.declared, playlist).toBe(version.required);
    const keyLine = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(playlist);
    expect(keyLine, playlist).not.toBeNull();
    const key = Buffer.from(await (await get(new URL(keyLine![1]!, variantUrl).toString())).arrayBuffer());
    expect(key.length).toBe(16);
    const segmentUri = playlist.split('\n').find((line) => line.endsWith('.mpegts'))!;
    const segment = Buffer.from(await (await get(new URL(segmentUri, variantUrl).toString())).arrayBuffer());
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(keyLine![2]!, 'hex'));
    const clear = Buffer.concat([decipher.update(segment), decipher.final()]);
    expect(clear[0]).toBe(0x47);
    const file = path.join(work, 'segment.ts');
    writeFileSync(file, clear);
    const probed = spawnSync(FFPROBE, ['-v', 'error', '-show_streams', '-of', 'json', file], {
      encoding: 'utf8',
    });
    const streams = (JSON.parse(probed.stdout) as { streams: { codec_type: string; codec_name: string }[] })
      .streams;
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    // The segment on disk is not playable without the key.
    expect(segment[0] === 0x47 && segment[188] === 0x47).toBe(false);

    const trail = await app.ctx.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'title'), eq(auditLog.targetId, String(title.id))));
    expect(trail.map((entry) => entry.action).sort()).toEqual([
      'title.create',
      'title.media',
      'title.video_upload',
    ]);
  }, 120_000);

  it("attaches a series episode's video to that episode, which then plays", async () => {
    const series = await media.newSeries('uploaded-series');
    const second = series.seasons[0]!.episodes[1]!.id;
    const body = Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>;
    const res = await upload(
      series.id,
      body as unknown as BodyInit,
      { 'content-type': 'video/mp4' },
      `?episode_id=${second}`,
    );
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: MediaJob };
    expect(job.episode_id).toBe(second);
    expect((await media.finished(job.id)).status).toBe('ready');

    const edited = (await (await app.as(staff, `/staff/catalogue/titles/${series.id}`)).json()) as StaffTitle;
    expect(edited.asset).toBeNull();
    expect(edited.seasons[0]!.episodes.map((episode) => episode.asset)).toEqual([null, job.asset]);
    const play = await app.as(viewer, `/play-info/${series.id}?episode=${second}`);
    expect(play.status, await play.clone().text()).toBe(200);
    expect(((await play.json()) as PlayInfo).episode?.id).toBe(second);
  }, 120_000);

  it('marks a job failed, with the reason, when the upload is not a video ffmpeg can read', async () => {
    const title = await media.newTitle('not-a-video');
    const res = await upload(title.id, randomBytes(4096), { 'content-type': 'video/mp4' });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: MediaJob };
    const done = await media.finished(job.id);
    expect(done.status).toBe('failed');
    expect(done.error).toBeTruthy();
    const edited = (await (await app.as(staff, `/staff/catalogue/titles/${title.id}`)).json()) as StaffTitle;
    expect(edited.asset).toBeNull();
    expect((await app.as(viewer, `/play-info/${title.id}`)).status).toBe(204);
  }, 120_000);

  it('starts over, at the next start, a packaging this server did not finish; leaves others alone', async () => {
    const title = await media.newTitle('interrupted');
    const job = (asset: string) => ({
      productId: title.id,
      status: 'packaging' as const,
      progress: 40,
      asset,
      sourceBytes: statSync(source).size,
      instance: app.ctx.storage.location,
    });
    const [mine, elsewhere] = await app.ctx.database.db
      .insert(mediaJobs)
      .values([job(`t${title.id}-mine`), job(`t${title.id}-elsewhere`)])
      .returning();
    // Only the first one's source is in this storage.
    await app.ctx.storage.put(sourceKey(mine!.asset), createReadStream(source));
    const stop = startMediaPackaging(app.ctx);
    try {
      expect((await media.finished(mine!.id)).status).toBe('ready');
      const [untouched] = await app.ctx.database.db
        .select()
        .from(mediaJobs)
        .where(eq(mediaJobs.id, elsewhere!.id));
      expect(untouched).toMatchObject({ status: 'packaging', progress: 40 });
    } finally {
      await stop();
    }
    const edited = (await (await app.as(staff, `/staff/catalogue/titles/${title.id}`)).json()) as StaffTitle;
    expect(edited.asset).toBe(mine!.asset);
  }, 120_000);

  it('refuses what is not a video, too large, or an episode of another title, in both languages', async () => {
    const title = await media.newTitle('refusals');
    const picture = await upload(title.id, 'x', { 'content-type': 'image/png', 'accept-language': 'en' });
    expect(picture.status).toBe(422);
    expect(((await picture.json()) as { message: string }).message).toBe(
      'Send a video file (MP4, MOV, MKV, WebM or TS).',
    );
    const persian = await upload(title.id, 'x', { 'content-type': 'text/plain' });
    expect(((await persian.json()) as { message: string }).message).toMatch(/^پروندهٔ ویدیو بفرستید/);

    // Refused before the body is read: the connection closes rather than draining what was sent.
    const anonymous = await app.request(`/staff/catalogue/titles/${title.id}/video`, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'video/mp4' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('connection')).toBe('close');

    // Content-Length says it at once; nothing is read.
    const declared = await upload(title.id, 'x', {
      'content-type': 'video/mp4',
      'content-length': String(9 * 1024 ** 3),
      'accept-language': 'en',
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { message: string }).message).toBe('The file is larger than 8192 MB.');

    // A stream without a length is cut off as soon as it passes the limit.
    const chunks = Readable.toWeb(Readable.from([randomBytes(4096), randomBytes(4096)]));
    const refused = await uploadVideo(
      app.ctx,
      1,
      {
        productId: title.id,
        episodeId: null,
        contentType: 'video/mp4',
        contentLength: undefined,
        body: chunks as ReadableStream<Uint8Array>,
      },
      5000,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('too_large');

    const other = await media.newTitle('other-series', {
      kind: 'series',
      category: 'tv-series',
      seasons: [
        {
          number: 1,
          title: 'فصل ۱',
          en_title: 'Season 1',
          episodes: [{ number: 1, title: 'ق', en_title: 'E' }],
        },
      ],
    });
    const foreignEpisode = other.seasons[0]!.episodes[0]!.id;
    const wrongEpisode = await upload(
      title.id,
      'x',
      { 'content-type': 'video/mp4', 'accept-language': 'en' },
      `?episode_id=${foreignEpisode}`,
    );
    expect(wrongEpisode.status).toBe(422);
    expect(((await wrongEpisode.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      episode_id: ['This episode does not belong to this series.'],
    });
    expect(readFileSync(source).length).toBeGreaterThan(0);
  });
});
