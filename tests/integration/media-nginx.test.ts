import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPlayback, signedTrailer } from '~/server/media';
import { startNginx } from '../../scripts/nginx-local.mjs';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { serveOverHttp, type ServedApi } from './http-server';
import { insertProducts } from './social-fixtures';

const ASSET = 'testcard';

/**
 * Debian's real nginx with the repository's configuration (deploy/nginx) in front of the app: the files
 * of a signed URL come from disk through nginx, the decision from the app once per token, and a
 * tampered, expired or foreign URL gets the very answer the app gives on its own.
 */
describe(`signed HLS files through nginx on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let productId: number;
  beforeAll(async () => {
    app = await startAccountsApp();
    [productId = 0] = await insertProducts(app, ['media-nginx-film']);
    served = await serveOverHttp(app);
    nginx = await startNginx({
      appPort: Number(new URL(served.origin).port),
      dataMediaRoot: path.join(app.ctx.config.dataDir, 'media'),
      demoMediaRoot: path.join(app.ctx.config.mediaDir, 'demo'),
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await served?.close();
    await app?.close();
  });

  const play = (now = app.clock.now()) =>
    signedPlayback(app.ctx, { asset: ASSET, productId, sessionId: null }, now);
  const viaNginx = (url: string, init?: RequestInit) => fetch(`${nginx.origin}${url}`, init);
  const viaApp = (url: string, init?: RequestInit) => fetch(`${served.origin}${url}`, init);
  const authorizations = () => served.requests.filter((url) => url.includes('/authorize?'));

  /** Status, type and body of both answers, which must be the same. */
  async function sameAnswer(url: string, init?: RequestInit) {
    const [fromNginx, fromApp] = await Promise.all([viaNginx(url, init), viaApp(url, init)]);
    const answer = async (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    });
    const [a, b] = await Promise.all([answer(fromNginx), answer(fromApp)]);
    expect(a).toEqual(b);
    return { status: a.status, body: Buffer.from(a.body, 'base64') };
  }

  it('sends a signed segment from disk, asking the app once per token', async () => {
    const base = play().master.replace(/master\.m3u8$/, '');
    const before = served.requests.length;
    const segment = await viaNginx(`${base}v360/seg00000.mpegts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('server')).toMatch(/^nginx/);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('private, immutable');
    expect(segment.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(Date.parse(segment.headers.get('expires') ?? '')).toBe(Date.parse(play().expires_at));
    const fromApp = await viaApp(`${base}v360/seg00000.mpegts`);
    expect(segment.headers.get('etag')).toBe(fromApp.headers.get('etag'));
    expect(Buffer.from(await segment.arrayBuffer())).toEqual(Buffer.from(await fromApp.arrayBuffer()));

    const ranged = await viaNginx(`${base}v360/seg00001.mpegts`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const again = await viaNginx(`${base}v360/seg00000.mpegts`, {
      headers: { 'if-none-match': fromApp.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    // Three files through nginx, one question to the app (the direct fetch above is the fourth request).
    const asked = served.requests.slice(before);
    expect(asked.filter((url) => url.includes('/authorize?'))).toHaveLength(1);
    expect(asked.filter((url) => url.endsWith('.mpegts'))).toHaveLength(1);
  });

  it('playlists and the key still come from the app, through nginx', async () => {
    const stream = play();
    const { status, body } = await sameAnswer(stream.master);
    expect(status).toBe(200);
    expect(body.toString()).toContain('v360/index.m3u8');
    const variant = await sameAnswer(stream.master.replace('master.m3u8', 'v360/index.m3u8'));
    expect(variant.body.toString()).toContain(`URI="${stream.master.replace('master.m3u8', 'key')}"`);
    // No session behind this grant: the key is refused, by the app, in the viewer's language.
    const key = await sameAnswer(stream.master.replace('master.m3u8', 'key'), {
      headers: { 'accept-language': 'en' },
    });
    expect(key.status).toBe(403);
  });

  it('refuses a tampered link as the app does, in the viewer language', async () => {
    const token = play().master.split('/')[5]!;
    const [payload = '', signature = ''] = token.split('.');
    const flipped = `${payload}.${signature.slice(0, 3)}${signature[3] === 'A' ? 'B' : 'A'}${signature.slice(4)}`;
    const asked = authorizations().length;
    for (const lang of ['fa', 'en']) {
      const { status, body } = await sameAnswer(`/api/v1/media/hls/${flipped}/v360/seg00000.mpegts`, {
        headers: { 'accept-language': lang },
      });
      expect(status).toBe(403);
      expect(JSON.parse(body.toString())).toEqual({
        message:
          lang === 'en'
            ? 'The playback link is not valid; open the page again.'
            : 'پیوند پخش معتبر نیست؛ صفحه را دوباره باز کنید',
      });
    }
    // A refusal is never kept: each one is asked again.
    expect(authorizations().length - asked).toBe(2);
  });

  it('refuses an expired link as the app does', async () => {
    const expired = play(
      new Date(app.clock.now().getTime() - (app.ctx.config.mediaUrlTtlSeconds + 60) * 1000),
    );
    const { status, body } = await sameAnswer(expired.master.replace('master.m3u8', 'v720/seg00002.mpegts'), {
      headers: { 'accept-language': 'en' },
    });
    expect(status).toBe(403);
    expect(JSON.parse(body.toString())).toEqual({
      message: 'The playback link has expired; open the page again.',
    });
  });

  it('a trailer link reaches the trailer only, and unknown files are 404 on both paths', async () => {
    const trailer = signedTrailer(app.ctx, ASSET, productId, app.clock.now()).master;
    expect((await sameAnswer(trailer.replace('master.m3u8', 'v360/seg00000.mpegts'))).status).toBe(200);
    const full = trailer.replace('trailer/master.m3u8', 'v360/seg00000.mpegts');
    expect((await sameAnswer(full)).status).toBe(404);
    const base = play().master.replace(/master\.m3u8$/, '');
    expect((await sameAnswer(`${base}v360/seg09999.mpegts`)).status).toBe(404);
    expect((await sameAnswer(`${base}key.bin`)).status).toBe(404);
  });
});
