import { execFileSync, spawnSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/schema';
import type { SearchResult, TitleDetail } from '~/shared/catalog';
import type { PlayInfo } from '~/shared/playback';
import type { AudioAnswer, MediaJob, StaffTitle } from '~/shared/staff-catalogue';
import { FFMPEG, FFPROBE } from '../fixtures/test-pattern';
import type { AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import type { ServedApi } from './http-server';
import { startStaffMedia, type StaffMedia } from './staff-media-fixtures';

const bytes = (file: string) => new Uint8Array(readFileSync(file));

/**
 * A video uploaded with more audio tracks (issue 29): each track is sent first (a Persian dub here),
 * the video's upload names them and the language of its own sound, and the package plays every track
 * as an HLS audio rendition under the package's one key. The title (or episode) then records its
 * tracks: its page and cards say "Persian dub" and the dubbed filter finds it.
 */
describe(`staff upload of extra audio tracks on ${databaseUnderTest}`, () => {
  let media: StaffMedia;
  let app: AccountsApp;
  let served: ServedApi;
  let staff: string;
  let viewer: string;
  let work: string;
  let video: string;
  let dub: string;

  beforeAll(async () => {
    media = await startStaffMedia();
    ({ app, served, staff, viewer, work, video } = media);
    // Shorter than the picture: the packager pads it with silence.
    dub = path.join(work, 'dub.wav');
    execFileSync(FFMPEG, [
      '-v',
      'error',
      '-nostdin',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=660:duration=3',
      dub,
    ]);
  });
  afterAll(() => media?.close());

  const put = (url: string, body: BodyInit, headers: Record<string, string>, token = staff) =>
    app.as(token, url, { method: 'PUT', body, headers });

  async function sendDub(id: number, query = ''): Promise<AudioAnswer['audio']> {
    const res = await put(`/staff/catalogue/titles/${id}/audio?lang=fa&kind=dub${query}`, bytes(dub), {
      'content-type': 'audio/wav',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = (await res.json()) as AudioAnswer;
    expect(answer.message).toBe('صدا دریافت شد؛ با ویدیویی که بعد می‌فرستید بسته‌بندی می‌شود');
    return answer.audio;
  }

  it('packages the video with its Persian dub: both play, the title says so, the dubbed filter finds it', async () => {
    const title = await media.newTitle('uploaded-with-dub');
    const staged = await sendDub(title.id);
    expect(staged).toMatchObject({ lang: 'fa', kind: 'dub', bytes: readFileSync(dub).length });

    const res = await put(
      `/staff/catalogue/titles/${title.id}/video?audio=${staged.id}&audio_lang=en`,
      bytes(video),
      { 'content-type': 'video/mp4' },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    const { job } = (await res.json()) as { job: MediaJob };
    expect(job).toMatchObject({ audio_lang: 'en', audio: [{ lang: 'fa', kind: 'dub' }] });
    const done = await media.finished(job.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('ready');

    // The title records what it plays in, for its page, its cards and the filter.
    const detail = (await (await app.request(`/products/${title.id}`)).json()) as TitleDetail;
    expect(detail.audio_tracks).toEqual([
      { lang: 'en', kind: 'original' },
      { lang: 'fa', kind: 'dub' },
    ]);
    const dubbed = (await (await app.request('/search?dubbed=1')).json()) as SearchResult;
    expect(dubbed.items.map((item) => item.id)).toContain(title.id);

    // A viewer's player gets both renditions; the dub decrypts with the title's key to Persian AAC.
    const info = (await (await app.as(viewer, `/play-info/${title.id}`)).json()) as PlayInfo;
    const get = (url: string | URL) => fetch(new URL(url, served.origin));
    const masterUrl = new URL(info.stream.master, served.origin);
    const master = await (await get(masterUrl)).text();
    const renditions = [...master.matchAll(/^#EXT-X-MEDIA:TYPE=AUDIO,.*LANGUAGE="(\w+)".*URI="([^"]+)"$/gm)];
    expect(renditions.map((m) => m[1])).toEqual(['en', 'fa']);
    const dubUrl = new URL(renditions[1]![2]!, masterUrl);
    const playlist = await (await get(dubUrl)).text();
    const keyLine = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(playlist)!;
    const key = Buffer.from(await (await get(new URL(keyLine[1]!, dubUrl))).arrayBuffer());
    const segmentUri = playlist.split('\n').find((line) => line.endsWith('.mpegts'))!;
    const segment = Buffer.from(await (await get(new URL(segmentUri, dubUrl))).arrayBuffer());
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(keyLine[2]!, 'hex'));
    const file = path.join(work, 'dub.ts');
    writeFileSync(file, Buffer.concat([decipher.update(segment), decipher.final()]));
    const probed = spawnSync(FFPROBE, ['-v', 'error', '-show_streams', '-of', 'json', file], {
      encoding: 'utf8',
    });
    const streams = (
      JSON.parse(probed.stdout) as {
        streams: { codec_type: string; codec_name: string; tags?: { language?: string } }[];
      }
    ).streams;
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}:${s.tags?.language}`)).toEqual([
      'audio:aac:fas',
    ]);

    const [uploaded] = await app.ctx.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'title.video_upload'), eq(auditLog.targetId, String(title.id))));
    expect(uploaded!.after).toMatchObject({ audio_lang: 'en', audio: [{ lang: 'fa', kind: 'dub' }] });
  }, 120_000);

  it("an episode's dub is the episode's, and its series says it has one", async () => {
    const series = await media.newSeries('dubbed-series');
    const [first, second] = series.seasons[0]!.episodes.map((episode) => episode.id);
    // Sent for the first episode, it cannot be named by the second one's video.
    const forFirst = await sendDub(series.id, `&episode_id=${first}`);
    const mismatch = await put(
      `/staff/catalogue/titles/${series.id}/video?episode_id=${second}&audio=${forFirst.id}&audio_lang=fa`,
      bytes(video),
      { 'content-type': 'video/mp4', 'accept-language': 'en' },
    );
    expect(mismatch.status).toBe(422);

    const staged = await sendDub(series.id, `&episode_id=${second}`);
    const res = await put(
      `/staff/catalogue/titles/${series.id}/video?episode_id=${second}&audio=${staged.id}&audio_lang=ko`,
      bytes(video),
      { 'content-type': 'video/mp4' },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await media.finished(((await res.json()) as { job: MediaJob }).job.id)).status).toBe('ready');
    const detail = (await (await app.request(`/products/${series.id}`)).json()) as TitleDetail;
    expect(detail.seasons[0]!.episodes.map((episode) => episode.audio_tracks)).toEqual([
      [],
      [
        { lang: 'ko', kind: 'original' },
        { lang: 'fa', kind: 'dub' },
      ],
    ]);
    expect(detail.audio_tracks).toEqual([
      { lang: 'ko', kind: 'original' },
      { lang: 'fa', kind: 'dub' },
    ]);
  }, 120_000);

  it('refuses what is not audio, a track without the video’s language, twice, or not sent here', async () => {
    const title = await media.newTitle('audio-refusals');
    const other = await media.newTitle('audio-refusals-other');
    const en = { 'accept-language': 'en' };
    const picture = await put(`/staff/catalogue/titles/${title.id}/audio?lang=fa&kind=dub`, 'x', {
      'content-type': 'image/png',
      ...en,
    });
    expect(picture.status).toBe(422);
    expect(((await picture.json()) as { message: string }).message).toBe(
      'Send an audio file (WAV, MP3, AAC, M4A, FLAC or Opus).',
    );
    const remix = await put(`/staff/catalogue/titles/${title.id}/audio?lang=fa&kind=remix`, 'x', {
      'content-type': 'audio/wav',
    });
    expect(remix.status).toBe(422);
    const anonymous = await app.request(`/staff/catalogue/titles/${title.id}/audio?lang=fa&kind=dub`, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'audio/wav' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('connection')).toBe('close');
    const declared = await put(`/staff/catalogue/titles/${title.id}/audio?lang=fa&kind=dub`, 'x', {
      'content-type': 'audio/wav',
      'content-length': String(3 * 1024 ** 3),
      ...en,
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { message: string }).message).toBe('The file is larger than 2048 MB.');

    const staged = await sendDub(title.id);
    const videoTo = (id: number, query: string) =>
      put(`/staff/catalogue/titles/${id}/video?${query}`, bytes(video), {
        'content-type': 'video/mp4',
        ...en,
      });
    const errorsOf = async (res: Response) => {
      expect(res.status).toBe(422);
      return ((await res.json()) as { errors: Record<string, string[]> }).errors;
    };
    expect(await errorsOf(await videoTo(title.id, `audio=${staged.id}`))).toEqual({
      audio_lang: ['Say which language the video’s own sound is in.'],
    });
    const notHere = {
      audio: ['An audio track was not found: send it again (to this server) before the video.'],
    };
    expect(await errorsOf(await videoTo(other.id, `audio=${staged.id}&audio_lang=en`))).toEqual(notHere);
    expect(await errorsOf(await videoTo(title.id, `audio=${'0'.repeat(16)}&audio_lang=en`))).toEqual(notHere);
    const again = await sendDub(title.id);
    expect(await errorsOf(await videoTo(title.id, `audio=${staged.id},${again.id}&audio_lang=en`))).toEqual({
      audio: ['Two audio tracks have the same language and kind.'],
    });
    // Nothing was queued by the refusals.
    const edited = (await (await app.as(staff, `/staff/catalogue/titles/${title.id}`)).json()) as StaffTitle;
    expect(edited.media_jobs).toEqual([]);

    // A track no video named for a day is removed when the next one arrives. Its age is the file's
    // time, which only the local directory lets a test set (TEST_STORAGE=s3 stops here).
    if (app.ctx.storage.kind !== 'local') return;
    const staging = path.join(app.ctx.config.dataDir, 'uploads', 'audio');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of readdirSync(staging).filter((file) => file.startsWith(staged.id))) {
      utimesSync(path.join(staging, name), twoDaysAgo, twoDaysAgo);
    }
    await sendDub(title.id);
    expect(readdirSync(staging).filter((file) => file.startsWith(staged.id))).toEqual([]);
    expect(await errorsOf(await videoTo(title.id, `audio=${staged.id}&audio_lang=en`))).toEqual(notHere);
    expect(readdirSync(staging).filter((file) => file.startsWith(again.id))).toHaveLength(2);
  });
});
