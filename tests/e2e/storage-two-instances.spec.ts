import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';
import { makeTestPattern } from '../fixtures/test-pattern';
import { playerReady, pressPlayAndWait, staffLogin } from './player-helpers';
import { startOwnPostgres, type OwnPostgres } from '../integration/own-postgres';
import { startServer, stopServer, type Server } from './server-process';

/**
 * Issue 28's "done when": two server.mjs instances on one PostgreSQL and one bucket (fauxqs), each with
 * its own DATA_DIR. Staff create a title and upload its video in the console of A; it is packaged (by
 * whichever instance takes it) into the bucket; the title then plays in the browser through B, whose
 * disk never held the video. The PostgreSQL server is the test's own, as in production neither instance
 * owns it.
 */

let work: string;
let source: string;
let s3: S3TestServer;
let database: OwnPostgres;
const servers: Server[] = [];
const dataDirs: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'storage-two-'));
  source = makeTestPattern(path.join(work, 'test-pattern.mp4'));
  s3 = await startS3Server();
  const bucket = await s3.bucket('two-instances-e2e', 'site');
  database = await startOwnPostgres();
  const env = {
    ...bucket,
    DATABASE_URL: database.url,
    SEED_DEMO: '1',
    SANDBOX_BANK: '1',
    MEDIA_SIGNING_SECRET: 'e2e-storage-media-signing-secret-0123456789',
    PAYMAN_SIGNATURE_KEY: 'e2e-storage-payman-signature-key-0123456789',
  };
  // One after the other: the first applies the migrations and the demo data.
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `storage-two-${i}-`));
    dataDirs.push(dataDir);
    servers.push(await startServer(dataDir, { env }));
  }
});

test.afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await s3?.stop();
  await database?.close();
  for (const dir of [work, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
});

test('a video uploaded in the console of instance A plays in the browser through instance B', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [a, b] = servers as [Server, Server];
  const api = await playwrightRequest.newContext({ baseURL: a.url });
  const token = await staffLogin(api);
  await api.dispose();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const consolePage = await context.newPage();
  await consolePage.goto(`${a.url}/en/admin/catalogue`);
  await consolePage.getByRole('button', { name: 'Create', exact: true }).click();
  await consolePage.getByLabel('Persian title', { exact: true }).fill('دو سرور');
  await consolePage.getByLabel('English title', { exact: true }).fill('Two servers');
  await consolePage.getByLabel('Persian synopsis', { exact: true }).fill('ویدیوی آزمون دو سرور.');
  await consolePage.getByLabel('English synopsis', { exact: true }).fill('The two servers test video.');
  await consolePage.getByLabel('Address name (slug)').fill(`two-servers-${Date.now()}`);
  await consolePage.getByLabel('Free for everyone').check();
  await consolePage.locator('[data-save-title]').click();
  await expect(consolePage.getByText('The title was created.')).toBeVisible();
  await expect(consolePage).toHaveURL(/\?title=\d+$/);
  const id = Number(new URL(consolePage.url()).searchParams.get('title'));
  await consolePage.getByLabel('Upload the source video').setInputFiles(source);
  await expect(consolePage.locator('[data-media-status]')).toHaveText(
    /Packaged: the title plays this video now\./,
    {
      timeout: 150_000,
    },
  );

  // Through B: the page, play-info, playlists, key and segments, all from B's origin.
  const player = await context.newPage();
  const media: string[] = [];
  player.on('response', (response) => {
    if (response.url().includes('/api/v1/media/hls/')) media.push(`${response.status()} ${response.url()}`);
  });
  await player.goto(`${b.url}/en/play/${id}`);
  await playerReady(player);
  await pressPlayAndWait(player, 1);
  const segments = media.filter((line) => line.includes('.mpegts'));
  expect(segments.length).toBeGreaterThan(0);
  for (const line of media) expect(line).toMatch(new RegExp(`^200 ${b.url}/`));
  expect(media.some((line) => line.endsWith('/key'))).toBe(true);
  await context.close();
});
