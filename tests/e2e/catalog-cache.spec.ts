import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';

/**
 * The whole-page cache against the real server (server.mjs answers kept pages before Astro): each
 * visitor still gets the consent banner of their country, and a page a signed-in viewer loads is the
 * same page everyone gets, with the viewer's parts left to islands.
 */
const GERMAN = '85.214.132.117';
const IRANIAN = '5.160.0.1';

async function filmPath(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/search?q=separation&kind=film');
  const { items } = (await res.json()) as { items: { slug: string; href: string }[] };
  return items.find((item) => item.slug === 'a-separation')!.href;
}

test('EEA and other visitors each get their own banner state from the kept pages', async ({ request }) => {
  const film = await filmPath(request);
  for (const path of ['/', '/en', '/search?genre=drama', film, '/about']) {
    // Alternating visitors: a kept page of one must never be answered to the other.
    for (let round = 0; round < 3; round++) {
      const german = await request.get(path, { headers: { 'X-Forwarded-For': GERMAN } });
      expect(german.status(), path).toBe(200);
      expect(await german.text(), path).toContain('id="consent-banner"');
      const iranian = await request.get(path, { headers: { 'X-Forwarded-For': IRANIAN } });
      expect(await iranian.text(), path).not.toContain('id="consent-banner"');
    }
  }
});

test('a kept page answers 304 to a client that has it, and compressed to one that asks', async ({
  request,
}) => {
  const headers = { 'X-Forwarded-For': IRANIAN };
  const first = await request.get('/en', { headers });
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^"/);
  const again = await request.get('/en', { headers: { ...headers, 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  const brotli = await request.get('/en', { headers: { ...headers, 'Accept-Encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(await brotli.text()).toBe(await first.text());
});

test('a signed-in viewer gets the same page as everyone; their own parts come from islands', async ({
  browser,
  request,
}) => {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'cache-1404', address);
  const film = await filmPath(request);
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  // Watched from the start: the favorite island may ask before the comparisons below are done.
  const favoriteCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/me/favorite') && request.headers()['authorization'] !== undefined) {
      favoriteCalls.push(request.url());
    }
  });

  // Islands get a random id per render: the kept page may have been rendered again in between (10 s).
  const sameRender = (html: string) => html.replace(/\buid="[^"]*"/g, '');
  for (const path of ['/', film]) {
    const navigation = await page.goto(path);
    const html = await navigation!.text();
    const anonymous = await request.get(path, { headers: { 'X-Forwarded-For': address } });
    expect(sameRender(await anonymous.text()), path).toBe(sameRender(html));
    expect(html).not.toContain(token);
    expect(html).not.toContain('Test Viewer');
  }
  // The film page's favorite button is an island, loaded by the first press, that asks the API itself
  // with the viewer's token.
  await page.locator('[data-favorite]').click();
  await expect.poll(() => favoriteCalls.length).toBeGreaterThan(0);
  await context.close();
});

test('the player and unknown ids are not answered by the title pages, nor kept', async ({ request }) => {
  // /lives/play belongs to the player (src/pages/lives/play): whatever it answers, it is its own page.
  for (const path of ['/lives/play', '/en/lives/play']) {
    await request.get(path);
    const again = await request.get(path);
    expect(await again.text(), path).not.toContain('application/ld+json');
    expect(again.headers()['etag'], path).toBeUndefined();
  }
  for (const path of ['/movies/play', '/movies/99999', '/en/lives/99999']) {
    expect((await request.get(path)).status(), path).toBe(404);
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
