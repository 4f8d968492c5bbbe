import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageKey } from '~/server/core/storage';
import { signedPlayback } from '~/server/media';
import { startNginx } from '../../scripts/nginx-local.mjs';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { serveOverHttp, type ServedApi } from './http-server';
import { insertProducts } from './social-fixtures';

/** A package in the bucket only (the demo test card, stored as a packaging job publishes it). */
const ASSET = 'bucketcard';
const DEMO = 'testcard';

/**
 * Issue 28: nginx with deploy/nginx/media-bucket-server.conf in front of an app whose files are in a
 * bucket (fauxqs): once the app has said yes to a token, package files come from the bucket through
 * nginx (kept in its cache) and never through Node; refusals, and the demo packages that live with the
 * app, are the app's own answers.
 */
describe(`signed HLS files from the bucket through nginx on ${databaseUnderTest}`, () => {
  let s3: S3TestServer;
  let app: AccountsApp;
  let served: ServedApi;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let productId: number;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await startAccountsApp(await s3.bucket('nginx-media', 'site'));
    const demo = path.join(app.ctx.config.mediaDir, 'demo', DEMO);
    const files = readdirSync(demo, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    for (const entry of files) {
      const file = path.relative(demo, path.join(entry.parentPath, entry.name));
      // As packaging publishes: every file but the content key, package.json last.
      if (file === 'key.bin' || file === 'package.json') continue;
      await app.ctx.storage.put(packageKey(ASSET, file), readFileSync(path.join(demo, file)));
    }
    await app.ctx.storage.put(
      packageKey(ASSET, 'package.json'),
      readFileSync(path.join(demo, 'package.json')),
    );
    [productId = 0] = await insertProducts(app, ['media-bucket-film']);
    served = await serveOverHttp(app);
    nginx = await startNginx({
      appPort: Number(new URL(served.origin).port),
      bucket: { endpoint: s3.endpoint, path: '/nginx-media/site/' },
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await served?.close();
    await app?.close();
    await s3?.stop();
  });

  const play = (asset = ASSET) =>
    signedPlayback(app.ctx, { asset, productId, sessionId: null }, app.clock.now());
  const viaNginx = (url: string, init?: RequestInit) => fetch(`${nginx.origin}${url}`, init);
  const viaApp = (url: string, init?: RequestInit) => fetch(`${served.origin}${url}`, init);

  it('sends a signed segment from the bucket, asking the app once per token and never for the bytes', async () => {
    const base = play().master.replace(/master\.m3u8$/, '');
    const before = served.requests.length;
    const segment = await viaNginx(`${base}v360/seg00000.mpegts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('server')).toMatch(/^nginx/);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('private, immutable');
    expect(segment.headers.get('x-amz-request-id')).toBeNull();
    const bytes = Buffer.from(await segment.arrayBuffer());
    const ranged = await viaNginx(`${base}v360/seg00001.mpegts`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const subtitles = await viaNginx(`${base}subs/en.vtt`);
    expect(subtitles.status).toBe(200);
    expect(await subtitles.text()).toMatch(/^WEBVTT/);
    // Three files through nginx, one question to the app, not one byte of media.
    const asked = served.requests.slice(before);
    expect(asked.filter((url) => url.includes('/authorize?'))).toHaveLength(1);
    expect(asked.filter((url) => !url.includes('/authorize?'))).toEqual([]);

    // The app, asked directly, sends the same bytes from the bucket under the same validator.
    const fromApp = await viaApp(`${base}v360/seg00000.mpegts`);
    expect(Buffer.from(await fromApp.arrayBuffer()).equals(bytes)).toBe(true);
    expect(segment.headers.get('etag')).toBe(fromApp.headers.get('etag'));
    const again = await viaNginx(`${base}v360/seg00000.mpegts`, {
      headers: { 'if-none-match': fromApp.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('keeps one copy for every viewer: another token is asked about, the bucket is not', async () => {
    const first = await viaNginx(`${play().master.replace(/master\.m3u8$/, '')}v360/seg00002.mpegts`);
    const bytes = Buffer.from(await first.arrayBuffer());
    // Gone from the bucket: only nginx's copy can answer now.
    await app.ctx.storage.delete(packageKey(ASSET, 'v360/seg00002.mpegts'));
    const other = signedPlayback(
      app.ctx,
      { asset: ASSET, productId, sessionId: null },
      new Date(app.clock.now().getTime() + 1000),
    ).master.replace(/master\.m3u8$/, '');
    const before = served.requests.length;
    const segment = await viaNginx(`${other}v360/seg00002.mpegts`);
    expect(segment.status).toBe(200);
    expect(Buffer.from(await segment.arrayBuffer()).equals(bytes)).toBe(true);
    expect(served.requests.slice(before)).toEqual([expect.stringContaining('/authorize?')]);
  });

  it('a demo package, on the app disk only, comes from the app; refusals are the app answers', async () => {
    const demo = play(DEMO).master.replace(/master\.m3u8$/, '');
    const [fromNginx, fromApp] = await Promise.all([
      viaNginx(`${demo}v360/seg00000.mpegts`),
      viaApp(`${demo}v360/seg00000.mpegts`),
    ]);
    expect(fromNginx.status).toBe(200);
    expect(Buffer.from(await fromNginx.arrayBuffer())).toEqual(Buffer.from(await fromApp.arrayBuffer()));

    const base = play().master.replace(/master\.m3u8$/, '');
    const [payload = '', signature = ''] = base.split('/')[5]!.split('.');
    const flipped = `${payload}.${signature.slice(0, 3)}${signature[3] === 'A' ? 'B' : 'A'}${signature.slice(4)}`;
    const refused = await viaNginx(`/api/v1/media/hls/${flipped}/v360/seg00000.mpegts`, {
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'The playback link is not valid; open the page again.' });
    for (const file of ['v360/seg09999.mpegts', 'key.bin', 'package.json']) {
      expect((await viaNginx(`${base}${file}`)).status).toBe(404);
    }
  });
});
