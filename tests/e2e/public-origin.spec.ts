import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, stopServer, type Server } from './server-process';

/**
 * One build serves any origin (decision record 0032): the build the browser tests use, started twice
 * with BUILD=never on one data directory and two PUBLIC_URLs (once as the demo, once in production
 * mode with what it requires), writes each origin, and only it, into a title page's canonical,
 * hreflang, Open Graph and JSON-LD addresses in both languages, and into robots.txt and the sitemaps.
 * A production start without what it requires is refused before it opens anything, every problem named.
 */

/** Every absolute address a page's head and structured data carry. */
function addressesOf(html: string) {
  const attribute = (pattern: RegExp) => html.match(pattern)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => match[1]!,
  );
  return {
    canonical: attribute(/<link rel="canonical" href="([^"]+)"/),
    fa: attribute(/<link rel="alternate" hreflang="fa" href="([^"]+)"/),
    en: attribute(/<link rel="alternate" hreflang="en" href="([^"]+)"/),
    xDefault: attribute(/<link rel="alternate" hreflang="x-default" href="([^"]+)"/),
    ogUrl: attribute(/<meta property="og:url" content="([^"]+)"/),
    ogImage: attribute(/<meta property="og:image" content="([^"]+)"/),
    /** Every http(s) address in the structured data but schema.org's own vocabulary. */
    jsonLd: jsonLd
      .flatMap((text) => JSON.stringify(JSON.parse(text)).match(/https?:\/\/[^"]+/g) ?? [])
      .filter((url) => !url.startsWith('https://schema.org')),
  };
}

async function text(server: Server, pathname: string): Promise<string> {
  const res = await fetch(`${server.url}${pathname}`);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

/** What a server started with `origin` says about itself: robots, sitemaps and a film in both languages. */
async function expectServedAs(server: Server, origin: string) {
  expect(await text(server, '/robots.txt')).toContain(`Sitemap: ${origin}/sitemap.xml`);
  const index = await text(server, '/sitemap.xml');
  expect(index).toContain(`<loc>${origin}/sitemaps/movies.xml</loc>`);
  const movies = await text(server, '/sitemaps/movies.xml');
  const locs = [...movies.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locs.length).toBeGreaterThan(0);
  for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
  const film = new URL(locs[0]!).pathname.replace(/^\/en\//, '/');

  for (const pathname of [film, `/en${film}`]) {
    const html = await text(server, pathname);
    const found = addressesOf(html);
    expect(found).toMatchObject({
      canonical: `${origin}${pathname}`,
      fa: `${origin}${film}`,
      en: `${origin}/en${film}`,
      xDefault: `${origin}${film}`,
      ogUrl: `${origin}${pathname}`,
    });
    expect(found.ogImage?.startsWith(`${origin}/`), found.ogImage).toBe(true);
    // The film, its picture, the brand and the site in the structured data: all on this origin.
    expect(found.jsonLd).toContain(`${origin}${pathname}`);
    for (const url of found.jsonLd) expect(url.startsWith(`${origin}/`), url).toBe(true);
    // Nothing of the origin the site was built with, nor of the other start.
    expect(html).not.toContain('localhost:4321');
  }
}

test.describe('the public origin', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-origin-'));
    dataDirs.push(dir);
    return dir;
  };
  /** One data directory for both starts: the second finds the first's migrations and demo data. */
  let seeded: string;
  test.beforeAll(() => {
    seeded = dataDir();
  });
  test.afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('is PUBLIC_URL as the server is started: the demo on one origin', async () => {
    const server = await startServer(seeded, { env: { PUBLIC_URL: 'https://one.example' } });
    try {
      await expectServedAs(server, 'https://one.example');
    } finally {
      await stopServer(server);
    }
  });

  test('the same build in production mode on another origin', async () => {
    // On the database the demo start seeded (production mode seeds nothing itself): only the origin differs.
    const server = await startServer(seeded, {
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://two.example/',
        SANDBOX_BANK: '1',
        MEDIA_SIGNING_SECRET: 'origin-test-media-signing-secret-0123456789',
        PAYMAN_SIGNATURE_KEY: 'origin-test-payman-signature-key-0123456789',
      },
    });
    try {
      await expectServedAs(server, 'https://two.example');
      expect(server.output()).not.toContain('Building');
    } finally {
      await stopServer(server);
    }
  });

  test('production mode refuses a start without what it requires, naming each variable, and builds nothing', async () => {
    const dir = dataDir();
    const refused = await startServer(dir, {
      expectExit: true,
      env: { NODE_ENV: 'production', PUBLIC_URL: '', BUILD: 'always' },
    });
    expect(refused.exitCode).toBe(1);
    const output = refused.output();
    for (const variable of [
      'PUBLIC_URL',
      'MEDIA_SIGNING_SECRET',
      'PAYMAN_SIGNATURE_KEY',
      'SANDBOX_BANK',
      'BUILD',
    ]) {
      expect(output).toMatch(new RegExp(`^\\s+${variable}: `, 'm'));
    }
    expect(output).toContain('production mode never builds at start');
    expect(output).not.toContain('Building');
    // Refused before the database was opened: nothing was written.
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  });
});
