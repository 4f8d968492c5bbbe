import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPlayback } from '~/server/media';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { serveOverHttp, type ServedApi } from './http-server';
import { insertProducts } from './social-fixtures';

/**
 * server.mjs's media door (src/server/web/media-door.ts) over real HTTP: package files and playlists of a
 * valid link are sent before the API, with conditional and range requests answered; everything the door
 * cannot send reaches the API and gets the API's answer. The API stamps X-Request-Id, the door does not.
 */
describe(`the media door on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let productId: number;
  beforeAll(async () => {
    app = await startAccountsApp();
    [productId = 0] = await insertProducts(app, ['media-door-film']);
    served = await serveOverHttp(app);
  });
  afterAll(async () => {
    await served?.close();
    await app?.close();
  });

  const base = (live?: { startsAt: Date; endsAt: Date }) =>
    signedPlayback(
      app.ctx,
      { asset: 'bars', productId, sessionId: null, live },
      app.clock.now(),
    ).master.replace(/master\.m3u8$/, '');
  const door = (url: string, init?: RequestInit) => fetch(`${served.origin}${url}`, init);
  const api = (url: string, init?: RequestInit) => app.request(url.replace(/^\/api\/v1/, ''), init);
  const fromDoor = (response: Response) => !response.headers.has('x-request-id');

  it('sends a segment with the headers and bytes the API sends, and answers conditional requests', async () => {
    const url = `${base()}v360/seg00003.mpegts`;
    const [sent, reference] = await Promise.all([door(url), api(url)]);
    expect(fromDoor(sent)).toBe(true);
    expect(fromDoor(reference)).toBe(false);
    for (const name of [
      'content-type',
      'cache-control',
      'etag',
      'last-modified',
      'accept-ranges',
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
    ]) {
      expect(sent.headers.get(name), name).toBe(reference.headers.get(name));
    }
    const bytes = Buffer.from(await sent.arrayBuffer());
    expect(bytes).toEqual(Buffer.from(await reference.arrayBuffer()));
    expect(Number(sent.headers.get('content-length'))).toBe(bytes.length);

    const etag = sent.headers.get('etag')!;
    const lastModified = sent.headers.get('last-modified')!;
    expect((await door(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await door(url, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await door(url, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    // An ETag that differs wins over a date that matches.
    const changed = await door(url, {
      headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified },
    });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();

    const range = await door(url, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await door(url, { headers: { range: 'bytes=-16' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 16));
    // If-Range naming another version: the whole (new) file instead of a piece of it.
    const stale = await door(url, { headers: { range: 'bytes=0-9', 'if-range': '"old-version"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(bytes.length);
    const current = await door(url, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(current.status).toBe(206);
    await current.arrayBuffer();

    const head = await door(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('leaves refusals to the API: tampered, expired and unknown files get its answers', async () => {
    const good = base();
    const tampered = good.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    for (const url of [`${tampered}v360/seg00000.mpegts`, `${good}v360/seg99999.mpegts`, `${good}key.bin`]) {
      const [sent, reference] = await Promise.all([
        door(url, { headers: { 'accept-language': 'en' } }),
        api(url, { headers: { 'accept-language': 'en' } }),
      ]);
      expect(fromDoor(sent), url).toBe(false);
      expect(sent.status, url).toBe(reference.status);
      expect(await sent.json()).toEqual(await reference.json());
    }
    app.clock.advance(app.ctx.config.mediaUrlTtlSeconds);
    try {
      const expired = await door(`${good}v360/seg00000.mpegts`, { headers: { 'accept-language': 'en' } });
      expect(expired.status).toBe(403);
      expect(await expired.json()).toEqual({
        message: 'The playback link has expired; open the page again.',
      });
    } finally {
      app.clock.advance(-app.ctx.config.mediaUrlTtlSeconds);
    }
  });

  it('one live window per segment for every viewer of a screening, each with its own key URL', async () => {
    const startsAt = new Date(app.clock.now().getTime() - 7_000);
    const live = { startsAt, endsAt: new Date(startsAt.getTime() + 3600_000) };
    const viewers = [
      base(live),
      signedPlayback(
        app.ctx,
        { asset: 'bars', productId, sessionId: null, ticketSessionId: 7, live },
        app.clock.now(),
      ).master.replace(/master\.m3u8$/, ''),
    ];
    const windows = await Promise.all(
      viewers.map(async (viewer) => {
        const response = await door(`${viewer}v360/index.m3u8`);
        expect(fromDoor(response)).toBe(true);
        expect(response.headers.get('cache-control')).toBe('private, no-cache');
        const text = await response.text();
        expect(text).toContain(`URI="${viewer}key"`);
        expect(text).toBe(await (await api(`${viewer}v360/index.m3u8`)).text());
        return text.replace(`${viewer}key`, 'KEY');
      }),
    );
    expect(windows[0]).toBe(windows[1]);
    // 7 s in: segments 0-3 of 2 s and 3 ahead of the schedule; the window moves on when segment 4
    // starts, 1 s later.
    expect(windows[0]).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(windows[0]!.trim().split('\n').at(-1)).toBe('seg00006.mpegts');
    app.clock.advance(1);
    try {
      const later = await (await door(`${viewers[0]}v360/index.m3u8`)).text();
      expect(later.trim().split('\n').at(-1)).toBe('seg00007.mpegts');
    } finally {
      app.clock.advance(-1);
    }
    // Before the start and after the end, the API answers as it always has.
    const over = {
      startsAt: new Date(startsAt.getTime() - 7200_000),
      endsAt: new Date(startsAt.getTime() - 60_000),
    };
    const ended = await door(`${base(over)}v360/index.m3u8`);
    expect(fromDoor(ended)).toBe(false);
    expect(ended.status).toBe(410);
  });

  it('streams from disk what it does not keep (MEDIA_CACHE_MB=0), whole or a range', async () => {
    const streaming = await startAccountsApp({ MEDIA_CACHE_MB: '0' });
    const servedStreaming = await serveOverHttp(streaming);
    try {
      const [film = 0] = await insertProducts(streaming, ['media-door-streamed']);
      const url = signedPlayback(
        streaming.ctx,
        { asset: 'bars', productId: film, sessionId: null },
        streaming.clock.now(),
      ).master.replace('master.m3u8', 'v720/seg00002.mpegts');
      const reference = Buffer.from(
        await (await streaming.request(url.replace(/^\/api\/v1/, ''))).arrayBuffer(),
      );
      const whole = await fetch(`${servedStreaming.origin}${url}`);
      expect(fromDoor(whole)).toBe(true);
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(reference);
      const range = await fetch(`${servedStreaming.origin}${url}`, { headers: { range: 'bytes=1000-' } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer())).toEqual(reference.subarray(1000));
    } finally {
      await servedStreaming.close();
      await streaming.close();
    }
  });
});
