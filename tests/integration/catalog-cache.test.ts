import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogueVersion } from '~/server/catalog';
import { catalogueVersion } from '~/server/catalog/cache';
import { products } from '~/server/db/schema';
import {
  cacheKeyOf,
  lookup,
  lookupOrRender,
  remember,
  responseOf,
  serveCached,
  type RequestFacts,
} from '~/server/web/response-cache';
import type { Widget, WidgetPage } from '~/shared/catalog';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

const IRANIAN = '5.160.0.1';
const GERMAN = '85.214.132.117';

/**
 * The response cache (src/server/web/response-cache.ts) and the catalogue's cached API reads: what is
 * shared, with whom, and for how long. The pages' side (banner per visitor, nothing of a signed-in
 * viewer in a kept page) is in tests/e2e/catalog-cache.spec.ts against the real server.
 */
describe(`the catalogue's caches on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SEED_DEMO: '1', TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  function facts(
    url: string,
    init: { address?: string; headers?: Record<string, string> } = {},
  ): RequestFacts {
    return {
      method: 'GET',
      url,
      headers: new Headers(init.headers),
      locate: () => app.ctx.geo.locate(init.address ?? IRANIAN),
    };
  }

  it('keys shared pages by the consent banner, title pages by country, API reads by language', () => {
    expect(cacheKeyOf(facts('/', { address: GERMAN }))).not.toBe(
      cacheKeyOf(facts('/', { address: IRANIAN })),
    );
    // Every visitor outside the EEA sees the same home page.
    expect(cacheKeyOf(facts('/en/search?q=x', { address: IRANIAN }))).toBe(
      cacheKeyOf(facts('/en/search?q=x', { address: '8.8.8.8' })),
    );
    // A title page says whether the visitor's country may watch.
    expect(cacheKeyOf(facts('/movies/3', { address: IRANIAN }))).not.toBe(
      cacheKeyOf(facts('/movies/3', { address: '8.8.8.8' })),
    );
    expect(
      cacheKeyOf(facts('/api/v1/core/get-home-widgets', { headers: { 'accept-language': 'en' } })),
    ).not.toBe(cacheKeyOf(facts('/api/v1/core/get-home-widgets')));
    expect(cacheKeyOf(facts('/search?q=a'))).not.toBe(cacheKeyOf(facts('/search?q=b')));
    expect(cacheKeyOf(facts('/en/series/12-shahrzad'))).not.toBeNull();
    // Pictures are the same for everyone in every language.
    expect(
      cacheKeyOf(facts('/api/v1/media/artwork/a-poster-240.avif', { headers: { 'accept-language': 'en' } })),
    ).toBe(cacheKeyOf(facts('/api/v1/media/artwork/a-poster-240.avif')));
  });

  it('keeps every landing file, and one entry however a link is tagged for a campaign', () => {
    const landing = cacheKeyOf(facts('/en/landing2'));
    expect(landing).not.toBeNull();
    expect(cacheKeyOf(facts('/en/landing2?utm_source=x&utm_campaign=y'))).toBe(landing);
    expect(cacheKeyOf(facts('/search?utm_medium=mail&q=a&UTM_TERM=b'))).toBe(
      cacheKeyOf(facts('/search?q=a')),
    );
    expect(cacheKeyOf(facts('/no-such-landing'))).toBeNull();
  });

  it('never shares what may belong to a viewer', () => {
    for (const url of [
      '/account',
      '/en/profiles',
      '/partials/viewer-rows?lang=fa',
      '/lives/play/5',
      '/lives/play',
      '/en/lives/play?code=1234',
      '/api/v1/products/3',
      '/api/v1/me/favorite',
      '/contact',
    ]) {
      expect(cacheKeyOf(facts(url)), url).toBeNull();
    }
    expect(cacheKeyOf(facts('/', { headers: { authorization: 'Bearer x' } }))).toBeNull();
    expect(cacheKeyOf(facts('/', { headers: { cookie: 'a=b' } }))).toBeNull();
    expect(cacheKeyOf({ ...facts('/search'), method: 'POST' })).toBeNull();
  });

  it('keeps only shareable 200 answers, and forgets them when the catalogue changes', async () => {
    const version = catalogueVersion(app.ctx);
    const page = (init: ResponseInit) => new Response('<p>page</p>', init);
    expect(await remember(app.ctx, 'k404', page({ status: 404 }), version)).toBeNull();
    expect(
      await remember(app.ctx, 'kcookie', page({ headers: { 'set-cookie': 'session=1' } }), version),
    ).toBeNull();
    expect(
      await remember(
        app.ctx,
        'kprivate',
        page({ headers: { 'cache-control': 'private, no-store' } }),
        version,
      ),
    ).toBeNull();
    expect(
      await remember(app.ctx, 'kept', page({ headers: { 'x-request-id': 'one' } }), version),
    ).not.toBeNull();
    const entry = lookup(app.ctx, 'kept')!;
    expect(entry.body.toString()).toBe('<p>page</p>');
    // Headers of one answer are not replayed to the next.
    expect(entry.headers.map(([name]) => name)).not.toContain('x-request-id');

    bumpCatalogueVersion(app.ctx);
    expect(lookup(app.ctx, 'kept')).toBeUndefined();
    // A render that started before the change is not kept as current.
    await remember(app.ctx, 'late', page({}), version);
    expect(lookup(app.ctx, 'late')).toBeUndefined();
  });

  it('renders once for concurrent misses of the same key', async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return remember(app.ctx, 'once', new Response('x'), catalogueVersion(app.ctx));
    };
    const entries = await Promise.all(
      Array.from({ length: 20 }, () => lookupOrRender(app.ctx, 'once', render)),
    );
    expect(renders).toBe(1);
    expect(new Set(entries).size).toBe(1);
  });

  it('drops the least recently used answers past its size bound', async () => {
    const version = catalogueVersion(app.ctx);
    const mib = 'x'.repeat(2 ** 20);
    await remember(app.ctx, 'big-0', new Response(mib), version);
    await remember(app.ctx, 'big-1', new Response(mib), version);
    for (let i = 2; i < 60; i++) {
      lookup(app.ctx, 'big-0'); // used again: stays
      await remember(app.ctx, `big-${i}`, new Response(mib), version);
    }
    expect(lookup(app.ctx, 'big-0')).toBeDefined();
    expect(lookup(app.ctx, 'big-1')).toBeUndefined();
    expect(lookup(app.ctx, 'big-59')).toBeDefined();
  });

  it('serves home rows pre-serialized, with an ETag, public for a short while, 304 when unchanged', async () => {
    const first = await app.request('/core/get-home-widgets');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    expect(first.headers.get('vary')).toBe('Accept-Language, Accept-Language-site, Authorization');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request('/core/get-home-widgets', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const english = await app.request('/core/get-home-widgets', {
      headers: { 'accept-language': 'en', 'if-none-match': etag },
    });
    expect(english.status).toBe(200);
    const row = await app.request('/widgetV4/newest?page=2');
    expect(row.headers.get('etag')).toMatch(/^"/);
    expect(((await row.json()) as WidgetPage).page).toBe(2);
  });

  it('shows a catalogue change once the catalogue version moves', async () => {
    const titleOf = async () => {
      const { widgets } = (await (await app.request('/core/get-home-widgets')).json()) as {
        widgets: Widget[];
      };
      return widgets.find((widget) => widget.id === 'curated-editors-picks')!.items[0]!.title;
    };
    expect(await titleOf()).toBe('فروشنده');
    await app.ctx.database.db
      .update(products)
      .set({ titleFa: 'فروشنده (نسخه نو)' })
      .where(eq(products.slug, 'the-salesman'));
    // Cached: a write that does not bump the version stays unseen until the TTL.
    expect(await titleOf()).toBe('فروشنده');
    bumpCatalogueVersion(app.ctx);
    expect(await titleOf()).toBe('فروشنده (نسخه نو)');
  });

  it('answers from the cache on the socket: per banner state, compressed once, 304 for a known ETag', async () => {
    const version = catalogueVersion(app.ctx);
    const banner = (eea: boolean) =>
      new Response(`<main>home</main>${eea ? '<aside id="consent-banner"></aside>' : ''}`.repeat(100), {
        headers: { 'content-type': 'text/html' },
      });
    await remember(app.ctx, cacheKeyOf(facts('/about', { address: GERMAN }))!, banner(true), version);
    await remember(app.ctx, cacheKeyOf(facts('/about', { address: IRANIAN }))!, banner(false), version);
    await remember(app.ctx, cacheKeyOf(facts('/', { address: GERMAN }))!, banner(true), version);

    const server = http.createServer((req, res) => {
      if (!serveCached(app.ctx, req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const fetchAs = (address: string, headers: Record<string, string> = {}) =>
        fetch(`${origin}/about`, { headers: { 'x-forwarded-for': address, ...headers } });
      const german = await fetchAs(GERMAN);
      expect(await german.text()).toContain('consent-banner');
      const iranian = await fetchAs(IRANIAN);
      expect(await iranian.text()).not.toContain('consent-banner');
      // Not kept: left to Astro.
      expect((await fetch(`${origin}/en/about`)).status).toBe(599);

      const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${origin}/about`,
            { headers: { 'x-forwarded-for': GERMAN, 'accept-encoding': 'gzip, br' } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      });
      expect(raw.encoding).toBe('br');
      expect(brotliDecompressSync(raw.body).toString()).toContain('consent-banner');

      const etag = german.headers.get('etag')!;
      expect((await fetchAs(GERMAN, { 'if-none-match': etag })).status).toBe(304);
      expect((await fetchAs(IRANIAN, { 'if-none-match': etag })).status).toBe(200);
      // A request with credentials is not answered from the cache.
      expect((await fetchAs(GERMAN, { authorization: 'Bearer x' })).status).toBe(599);
      // `//about` is not the home page of a host named "about".
      const doubled = await new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: new URL(origin).port,
              path: '//about',
              headers: { 'x-forwarded-for': GERMAN },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
      expect(doubled).toBe(599);
    } finally {
      server.close();
    }
  });

  it('gives the same cached answer as a web Response to the middleware, compressed when asked', async () => {
    const key = cacheKeyOf(facts('/api/v1/core/get-home-widgets'))!;
    const version = catalogueVersion(app.ctx);
    const entry = (await remember(app.ctx, key, await app.request('/core/get-home-widgets'), version))!;
    const plain = responseOf(app.ctx, key, entry, new Request('http://x/'));
    expect(plain.headers.get('vary')).toBe(
      'Accept-Language, Accept-Language-site, Authorization, Accept-Encoding',
    );
    const body = await plain.text();
    expect(JSON.parse(body)).toHaveProperty('widgets');
    const compressed = responseOf(
      app.ctx,
      key,
      entry,
      new Request('http://x/', { headers: { 'accept-encoding': 'br;q=0, gzip' } }),
    );
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    const known = responseOf(
      app.ctx,
      key,
      entry,
      new Request('http://x/', { headers: { 'if-none-match': entry.etag } }),
    );
    expect(known.status).toBe(304);

    const file = '/api/v1/media/artwork/a-separation-poster-240.avif';
    const pictureKey = cacheKeyOf(facts(file))!;
    const picture = (await remember(
      app.ctx,
      pictureKey,
      await app.request(file.replace('/api/v1', '')),
      version,
    ))!;
    expect(picture.expires - Date.now()).toBeGreaterThan(86_400_000);
    const sent = responseOf(
      app.ctx,
      pictureKey,
      picture,
      new Request('http://x/', { headers: { 'accept-encoding': 'br' } }),
    );
    // Already compressed: sent as it is.
    expect(sent.headers.get('content-encoding')).toBeNull();
    expect(sent.headers.get('content-type')).toBe('image/avif');
  });
});
