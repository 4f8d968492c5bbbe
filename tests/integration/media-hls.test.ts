import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { products, sessions } from '~/server/db/schema';
import { signedPlayback, signedTrailer, type PlaybackGrant } from '~/server/media';
import { mediaSecret } from '~/server/media/secret';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';

const ASSET = 'testcard';

describe(`signed HLS delivery on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let productId: number;
  let freeProductId: number;
  let sessionId: number;
  let loginToken: string;
  beforeAll(async () => {
    app = await startAccountsApp();
    [productId = 0, freeProductId = 0] = await insertProducts(app, ['media-hls-film', 'media-hls-free']);
    await app.ctx.database.db.update(products).set({ isFree: true }).where(eq(products.id, freeProductId));
    const { me, token } = await app.signUp('09125550101');
    loginToken = token;
    const [row] = await app.ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, me.id));
    sessionId = row!.id;
  });
  afterAll(() => app.close());

  /** Requests a signed URL as the player would (relative URIs resolved against the playlist). */
  const get = (url: string, init?: RequestInit) => app.request(url.replace(/^\/api\/v1/, ''), init);
  const resolve = (uri: string, base: string) => new URL(uri, `http://player${base}`).pathname;
  const play = (grant: Partial<PlaybackGrant> = {}) =>
    signedPlayback(app.ctx, { asset: ASSET, productId, sessionId, ...grant }, app.clock.now());
  const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

  it('master → variant → segment, with the right types and cache rules', async () => {
    const stream = play();
    expect(stream.master).toMatch(/^\/api\/v1\/media\/hls\/[\w-]+\.[\w-]+\/master\.m3u8$/);
    expect(Date.parse(stream.expires_at) - app.clock.now().getTime()).toBe(4 * 3600 * 1000);
    const master = await get(stream.master);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('private, max-age=60');
    const masterText = await master.text();
    expect(masterText).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(masterText).toMatch(
      /TYPE=SUBTITLES,GROUP-ID="subs",NAME="فارسی",LANGUAGE="fa".*URI="subs\/fa\.m3u8"/,
    );
    // The smallest variant comes first, so hls.js starts low and the first frame comes quickly.
    expect(uris(masterText)).toEqual(['v360/index.m3u8', 'v720/index.m3u8']);

    const variantUrl = resolve('v360/index.m3u8', stream.master);
    const variant = await (await get(variantUrl)).text();
    const token = stream.master.split('/')[5];
    expect(variant).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="/api/v1/media/hls/${token}/key",IV=0x`);
    expect(variant).toContain('#EXT-X-ENDLIST');
    const [first = ''] = uris(variant);
    const segment = await get(resolve(first, variantUrl));
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('private, max-age=14400, immutable');
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length % 16).toBe(0);
    // Encrypted: the clear MPEG-TS sync byte pattern is gone.
    expect([bytes[0], bytes[188], bytes[376]]).not.toEqual([0x47, 0x47, 0x47]);

    const ranged = await get(resolve(first, variantUrl), { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const outside = await get(resolve(first, variantUrl), { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(200);
  });

  it('a package with two audio tracks: each audio rendition plays under the same link and key', async () => {
    const stream = play({ asset: 'dubbed' });
    const master = await (await get(stream.master)).text();
    const audioUris = [...master.matchAll(/^#EXT-X-MEDIA:TYPE=AUDIO,.*LANGUAGE="(\w+)".*URI="([^"]+)"$/gm)];
    expect(audioUris.map((m) => [m[1], m[2]])).toEqual([
      ['en', 'audio/en-original/index.m3u8'],
      ['fa', 'audio/fa-dub/index.m3u8'],
    ]);
    const token = stream.master.split('/')[5];
    for (const [, , uri] of audioUris) {
      const playlistUrl = resolve(uri!, stream.master);
      const playlist = await get(playlistUrl);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const text = await playlist.text();
      // The same key as the picture: one key per package.
      expect(text).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="/api/v1/media/hls/${token}/key",IV=0x`);
      const segment = await get(resolve(uris(text)[0]!, playlistUrl));
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
    }
    // A trailer link opens no audio rendition.
    const trailer = signedTrailer(app.ctx, 'dubbed', productId, app.clock.now());
    const refused = await get(resolve('../audio/fa-dub/index.m3u8', trailer.master));
    expect(refused.status).toBe(404);
  });

  it('subtitles, their playlists and the seek thumbnails with their sprite', async () => {
    const stream = play();
    expect(stream.subtitles.map((s) => s.lang)).toEqual(['fa', 'en']);
    const fa = await get(stream.subtitles[0]!.url);
    expect(fa.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await fa.text()).toMatch(
      /^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000\n[\s\S]*«زیرنویس فارسی»/,
    );
    const subsPlaylist = await get(resolve('subs/en.m3u8', stream.master));
    expect(await subsPlaylist.text()).toContain('\nen.vtt\n');
    const thumbs = await (await get(stream.thumbnails!)).text();
    const sprite = /^(sprite\.jpg)#xywh=0,0,160,90$/m.exec(thumbs);
    expect(sprite).not.toBeNull();
    const image = await get(resolve(sprite![1]!, stream.thumbnails!));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('an expired link is refused with a 403 and a message in the request language', async () => {
    const stream = play();
    app.clock.advance(4 * 3600);
    try {
      const fa = await get(stream.master);
      expect(fa.status).toBe(403);
      expect(await fa.json()).toEqual({ message: 'پیوند پخش منقضی شده است؛ صفحه را دوباره باز کنید' });
      const en = await get(resolve('v360/seg00000.mpegts', stream.master), {
        headers: { 'accept-language': 'en' },
      });
      expect(en.status).toBe(403);
      expect(await en.json()).toEqual({ message: 'The playback link has expired; open the page again.' });
    } finally {
      app.clock.advance(-4 * 3600);
    }
  });

  it('a tampered link is refused with a 403', async () => {
    const stream = play();
    const other = play({ productId: productId + 1, sessionId: sessionId + 1 });
    const parts = stream.master.split('/');
    const prefix = parts.slice(0, 5).join('/');
    const token = parts[5] ?? '';
    const [payload = '', signature = ''] = token.split('.');
    const [otherPayload] = other.master.split('/')[5]!.split('.');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const bad of [
      `${otherPayload}.${signature}`,
      `${flip(payload, 5)}.${signature}`,
      `${payload}.${flip(signature, 3)}`,
      `${payload}.`,
      payload,
    ]) {
      const response = await get(`${prefix}/${bad}/master.m3u8`);
      expect(response.status, bad).toBe(403);
      expect(await response.json()).toEqual({ message: 'پیوند پخش معتبر نیست؛ صفحه را دوباره باز کنید' });
    }
  });

  it('nothing else under the media path is listable or guessable', async () => {
    const base = play().master.replace(/\/master\.m3u8$/, '');
    for (const file of [
      '',
      '/',
      '/key.bin',
      '/package.json',
      '/v360',
      '/v360/',
      '/v360/seg99999.mpegts',
      '/v1080/index.m3u8',
      '/v360/..%2F..%2Fkey.bin',
      '/subs/de.vtt',
      '/trailer/',
      '/master.m3u8/',
    ]) {
      const response = await get(`${base}${file}`);
      expect(response.status, file).toBe(404);
    }
    expect((await get('/api/v1/media/hls')).status).toBe(404);
    expect((await get('/api/v1/media/hls/')).status).toBe(404);
    const unknown = signedPlayback(
      app.ctx,
      { asset: 'no-such-asset', productId, sessionId },
      app.clock.now(),
    );
    expect((await get(unknown.master)).status).toBe(404);
  });

  it('a trailer link opens the clear trailer ladder and nothing else', async () => {
    const trailer = signedTrailer(app.ctx, ASSET, productId, app.clock.now());
    expect(trailer.master).toMatch(/\/trailer\/master\.m3u8$/);
    const master = await get(trailer.master);
    expect(master.status).toBe(200);
    const text = await master.text();
    expect(text).not.toContain('SUBTITLES');
    const variantUrl = resolve(uris(text)[0]!, trailer.master);
    const variant = await (await get(variantUrl)).text();
    expect(variant).not.toContain('EXT-X-KEY');
    const segment = new Uint8Array(await (await get(resolve(uris(variant)[0]!, variantUrl))).arrayBuffer());
    expect([segment[0], segment[188]]).toEqual([0x47, 0x47]);
    const base = trailer.master.replace(/\/trailer\/master\.m3u8$/, '');
    for (const file of ['/master.m3u8', '/v360/index.m3u8', '/key', '/subs/fa.vtt', '/thumbs/sprite.jpg']) {
      expect((await get(`${base}${file}`)).status, file).toBe(404);
    }
  });

  it('the key endpoint refuses a session without access to the title', async () => {
    const stream = play();
    const variant = await (await get(resolve('v360/index.m3u8', stream.master))).text();
    const keyUrl = /URI="([^"]+)"/.exec(variant)![1]!;
    const refused = await get(keyUrl, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ message: 'You are not allowed to play this title.' });
    const anonymous = play({ sessionId: null });
    expect((await get(anonymous.master.replace(/master\.m3u8$/, 'key'))).status).toBe(403);
  });

  it('hands the key of a free title to a live session, and stops when the session ends', async () => {
    const keyUrl = play({ productId: freeProductId }).master.replace(/master\.m3u8$/, 'key');
    const key = await get(keyUrl);
    expect(key.status).toBe(200);
    expect(key.headers.get('content-type')).toBe('application/octet-stream');
    expect(key.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await key.arrayBuffer())).toEqual(await readFile(`media/demo/${ASSET}/key.bin`));
    const logout = await app.as(loginToken, '/auth/logout', { method: 'POST' });
    expect(logout.status).toBeLessThan(300);
    expect((await get(keyUrl)).status).toBe(403);
  });

  it('a screening gets live windows from the clock, and is refused before and after', async () => {
    const startsAt = new Date(app.clock.now().getTime() + 60_000);
    const endsAt = new Date(startsAt.getTime() + 3600_000);
    const stream = play({ live: { startsAt, endsAt } });
    expect(stream.subtitles).toEqual([]);
    expect(stream.thumbnails).toBeNull();

    const early = await get(stream.master, { headers: { 'accept-language': 'en' } });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({
      message: 'The screening has not started yet.',
      starts_at: startsAt.toISOString(),
    });

    app.clock.advance(60 + 75); // 75 s in: the second pass over the 60 s package, 15 s into it
    try {
      const master = await get(stream.master);
      expect(master.status).toBe(200);
      expect(master.headers.get('cache-control')).toBe('private, no-cache');
      const masterText = await master.text();
      expect(masterText).not.toContain('SUBTITLES');
      expect(uris(masterText)).toEqual(['v360/index.m3u8', 'v720/index.m3u8']);
      for (const rendition of ['v360', 'v720']) {
        const variant = await (await get(resolve(`${rendition}/index.m3u8`, stream.master))).text();
        expect(variant).not.toContain('#EXT-X-ENDLIST');
        expect(variant).toContain('#EXT-X-MEDIA-SEQUENCE:32\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
        expect(variant).toContain(
          `#EXT-X-KEY:METHOD=AES-128,URI="/api/v1/media/hls/${stream.master.split('/')[5]}/key"`,
        );
        expect(uris(variant)).toEqual([
          'seg00002.mpegts',
          'seg00003.mpegts',
          'seg00004.mpegts',
          'seg00005.mpegts',
          'seg00006.mpegts',
          'seg00007.mpegts',
          // Ahead of the schedule, so every player can show the frame the schedule names for now.
          'seg00008.mpegts',
          'seg00009.mpegts',
          'seg00010.mpegts',
        ]);
        expect(variant).toContain(
          `#EXT-X-PROGRAM-DATE-TIME:${new Date(startsAt.getTime() + 74_000).toISOString()}`,
        );
      }
      app.clock.advance(3600);
      const ended = await get(resolve('v360/index.m3u8', stream.master));
      expect(ended.status).toBe(410);
      expect(await ended.json()).toEqual({ message: 'این اکران به پایان رسیده است' });
    } finally {
      app.clock.advance(-(60 + 75 + 3600));
    }
  });

  it('keeps its signing secret in DATA_DIR across restarts (the demo: production requires one)', () => {
    const dataDir = app.ctx.config.dataDir;
    const first = mediaSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(mediaSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    expect(mediaSecret(loadConfig({ DATA_DIR: dataDir, MEDIA_SIGNING_SECRET: 'x'.repeat(32) }))).toBe(
      'x'.repeat(32),
    );
  });
});
