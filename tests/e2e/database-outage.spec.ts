import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnPostgres, type OwnPostgres } from '../integration/own-postgres';
import { startServer, stopServer, type Server } from './server-process';

/**
 * server.mjs on a PostgreSQL of the test's own, which the test stops and starts again: pages that
 * are not cached answer a bilingual "we'll be right back" 503 within seconds (they answered 404 "page
 * not found" after up to 16 s), a page cached before the outage is still served, and the same server
 * answers every page again once the database is back.
 */

let postgres: OwnPostgres;
let server: Server;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startOwnPostgres();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-outage-'));
  server = await startServer(dataDir, {
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      SEED_DEMO: '1',
      SANDBOX_BANK: '1',
      MEDIA_SIGNING_SECRET: 'outage-test-media-signing-secret-0123456789',
      PAYMAN_SIGNATURE_KEY: 'outage-test-payman-signature-key-0123456789',
    },
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await postgres?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Addresses of a film and a series of the demo catalogue (from the home page's slider). */
async function titlePages(): Promise<string[]> {
  const slider = await (await fetch(`${server.url}/api/v1/core/get-home-slider`)).text();
  const film = /"id":(\d+),"kind":"film"/.exec(slider)?.[1];
  const series = /"id":(\d+),"kind":"series"/.exec(slider)?.[1];
  expect(film && series, slider.slice(0, 200)).toBeTruthy();
  return [`/movies/${film}`, `/en/series/${series}`];
}

test('pages answer a bilingual 503 while the database is down, and come back by themselves', async () => {
  test.setTimeout(90_000);
  const [filmPage, seriesPage] = (await titlePages()) as [string, string];
  // The home page in English is cached for everyone once rendered: it may be served through the outage.
  expect((await fetch(`${server.url}/en`)).status).toBe(200);

  await postgres.stop();

  for (const page of [filmPage, seriesPage, '/shop', '/en/shop', '/search?q=night', '/en/cafes', '/']) {
    const started = performance.now();
    const res = await fetch(`${server.url}${page}`, { headers: { 'x-request-id': `outage-${page.length}` } });
    const html = await res.text();
    expect(res.status, page).toBe(503);
    expect(performance.now() - started, page).toBeLessThan(6_000);
    expect(res.headers.get('retry-after'), page).toBe('10');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // Persian first, then English, and the request id a viewer can quote to support.
    expect(html.indexOf('به‌زودی برمی‌گردیم'), page).toBeGreaterThan(-1);
    expect(html.indexOf('به‌زودی برمی‌گردیم')).toBeLessThan(html.indexOf('We’ll be right back'));
    expect(html).toContain(`outage-${page.length}`);
    expect(html).not.toMatch(/not found|پیدا نشد/i);
  }
  expect((await fetch(`${server.url}/en`)).status).toBe(200);
  expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(503);
  expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);

  await postgres.start();

  await expect
    .poll(async () => (await fetch(`${server.url}/api/v1/health/ready`)).status, { timeout: 20_000 })
    .toBe(200);
  for (const page of [filmPage, seriesPage, '/shop', '/search?q=night', '/']) {
    expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
  }
});

test('the outage page is what a viewer sees in the browser: both languages and the request id', async ({
  page,
}) => {
  await postgres.stop();
  try {
    const response = await page.goto(`${server.url}/en/shop`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'به‌زودی برمی‌گردیم' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We’ll be right back' })).toBeVisible();
    const requestId = response?.headers()['x-request-id'] ?? '';
    expect(requestId).not.toBe('');
    await expect(page.getByText(requestId).first()).toBeVisible();
  } finally {
    await postgres.start();
  }
});

test('a page waiting on a database that hangs without refusing is a 503 within seconds', async () => {
  postgres.freeze();
  try {
    const started = performance.now();
    // A search never asked before: nothing of it is cached.
    const res = await fetch(`${server.url}/en/search?q=frozen${Date.now()}`);
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(7_000);
    expect(await res.text()).toContain('We’ll be right back');
  } finally {
    postgres.thaw();
  }
});
