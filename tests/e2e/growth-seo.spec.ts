import { expect, test, type APIRequestContext } from '@playwright/test';
import { localPath, locales } from '~/lib/locale';
import { structuredDataProblems, typesIn } from '../fixtures/structured-data-rules';
import { productIdOf } from './player-helpers';
import { shopIdOf } from './shop-helpers';

/**
 * What a search engine finds (issue 16): the sitemap index and its children list every title and the
 * site's pages in both languages with alternates and nothing private; every kind of page carries sound
 * structured data; private pages say noindex.
 */

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

async function sitemapUrls(request: APIRequestContext): Promise<Map<string, string>> {
  const robots = await (await request.get('/robots.txt')).text();
  const index = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(index, 'robots.txt names the sitemap').toBeTruthy();
  const indexResponse = await request.get(pathOf(index!));
  expect(indexResponse.headers()['content-type']).toContain('application/xml');
  const urls = new Map<string, string>();
  for (const child of locsOf(await indexResponse.text())) {
    const xml = await (await request.get(pathOf(child))).text();
    for (const entry of xml.match(/<url>.*?<\/url>/g) ?? []) urls.set(pathOf(locsOf(entry)[0]!), entry);
  }
  return urls;
}

test('the sitemap lists every title in both languages with alternates, and nothing private', async ({
  request,
}) => {
  const urls = await sitemapUrls(request);
  const search = await request.get('/api/v1/search');
  const { total } = (await search.json()) as { total: number };
  const titles = [...urls.keys()].filter((path) =>
    /^\/(?:movies|series|music|lives|festivals)\/\d+$/.test(path),
  );
  expect(titles.length).toBe(total);
  for (const path of titles) {
    const entry = urls.get(path)!;
    for (const locale of locales) {
      const twin = localPath(path, locale);
      expect(urls.has(twin), twin).toBe(true);
      expect(entry).toMatch(new RegExp(`hreflang="${locale}" href="https?://[^/"]+${twin}"`));
    }
    expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  }
  for (const path of urls.keys()) {
    expect(path, 'private pages stay out').not.toMatch(
      /\/(?:account|play|playtest|play-preview|login|profiles|payments|partials)(?:\/|$)/,
    );
  }
  expect([...urls.keys()]).toEqual(
    expect.arrayContaining(['/', '/en', '/about', '/en/landing1', '/subscribe', '/gift']),
  );
  // Issue 24 (17): the shop, its categories and goods, and the cafes are there too.
  const listed = [...urls.keys()];
  for (const pattern of [
    /^\/shop$/,
    /^\/en\/shop\?category=[a-z]+$/,
    /^\/shop\/\d+$/,
    /^\/en\/cafes\/[a-z-]+$/,
  ]) {
    expect(
      listed.some((path) => pattern.test(path)),
      String(pattern),
    ).toBe(true);
  }
});

test('listed pages answer 200, are indexable and name themselves canonical', async ({ request }) => {
  test.setTimeout(120_000);
  const urls = [...(await sitemapUrls(request)).keys()];
  for (const path of urls) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).not.toContain('name="robots" content="noindex"');
    const own = (path === '/' ? '/' : path).replace(/[?.]/g, '\\$&');
    expect(html, path).toMatch(new RegExp(`rel="canonical" href="[^"]*${own}"`));
  }
});

/** Every kind of page: its structured data parses, is sound, and says what the page is. */
async function firstOf(request: APIRequestContext, prefix: string): Promise<string> {
  const urls = [...(await sitemapUrls(request)).keys()];
  return urls.find((path) => path.startsWith(prefix))!;
}

test('every kind of page carries sound structured data, in both languages', async ({ request }) => {
  test.setTimeout(120_000);
  const kinds: [string, string][] = [
    ['/', 'WebSite'],
    ['/about', 'AboutPage'],
    ['/contact', 'ContactPage'],
    ['/search', 'SearchResultsPage'],
    ['/subscribe', 'WebPage'],
    ['/gift', 'WebPage'],
    ['/landing1', 'WebPage'],
    [await firstOf(request, '/movies/'), 'Movie'],
    [await firstOf(request, '/series/'), 'TVSeries'],
    [await firstOf(request, '/music/'), 'MusicRecording'],
    [await firstOf(request, '/lives/'), 'Event'],
    [await firstOf(request, '/festivals/'), 'BreadcrumbList'],
  ];
  for (const [route, type] of kinds) {
    for (const locale of locales) {
      const path = localPath(route, locale);
      const html = await (await request.get(path)).text();
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (match) => match[1]!,
      );
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        const data: unknown = JSON.parse(script);
        expect(structuredDataProblems(data), path).toEqual([]);
        expect(typesIn(data), path).toContain(type);
        expect(typesIn(data), path).toContain(route === '/' ? 'Organization' : 'BreadcrumbList');
      }
    }
  }
});

test('a title with a trailer describes it as a VideoObject, and goods share their picture', async ({
  request,
}) => {
  const film = await productIdOf(request, 'separation', 'a-separation');
  for (const locale of locales) {
    const path = localPath(`/movies/${film}`, locale);
    const html = await (await request.get(path)).text();
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
    const data = JSON.parse(script) as { trailer?: { embedUrl?: string } };
    expect(structuredDataProblems(data), path).toEqual([]);
    expect(typesIn(data), path).toContain('VideoObject');
    expect(data.trailer?.embedUrl, path).toMatch(
      new RegExp(`${localPath(`/play-preview/${film}`, locale)}$`),
    );

    const good = localPath(`/shop/${await shopIdOf(request, 'kiarostami-box')}`, locale);
    const page = await (await request.get(good)).text();
    expect(page, good).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.webp"/);
  }
});

test('private pages carry noindex', async ({ request }) => {
  for (const route of [
    '/account',
    '/login',
    '/profiles',
    '/account/wallet',
    '/payments/1',
    '/play',
    '/lives/play',
    '/search?q=x',
  ]) {
    for (const locale of locales) {
      const path = localPath(route, locale);
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex"');
    }
  }
});
