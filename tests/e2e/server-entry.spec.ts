import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { baseURL, distDir } from '../../playwright.config';
import { startServer, stopServer } from './server-process';

/**
 * server.mjs itself: compression, caching of hashed assets, the one-process-per-DATA_DIR guard (which
 * a dead server's lock does not trip), and a clean shutdown on SIGTERM after which a restart finds the
 * data it left.
 */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without any automatic decompression, so the test sees the bytes on the wire. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

/** A hashed asset of the build (at least 1 KiB, so it is worth compressing). */
function hashedAsset(): string {
  const folder = path.resolve(distDir, 'client/_astro');
  const files = fs
    .readdirSync(folder)
    .filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(folder, name)).size >= 1024);
  expect(files.length, `no JS/CSS asset in ${folder}`).toBeGreaterThan(0);
  return `/_astro/${files[0]}`;
}

test.describe('server.mjs', () => {
  test('compresses server-rendered HTML with brotli or gzip, as the client asks', async () => {
    const br = await rawGet(`${baseURL}/`, { 'Accept-Encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(decode(br)).toMatch(/<html[^>]*lang="fa"/);

    const gzip = await rawGet(`${baseURL}/en`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toMatch(/<html[^>]*lang="en"/);

    const plain = await rawGet(`${baseURL}/`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toMatch(/<html/);
  });

  test('serves hashed /_astro/ assets compressed and immutable; a missing one is a plain 404', async () => {
    const asset = hashedAsset();
    const res = await rawGet(`${baseURL}${asset}`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const onDisk = fs.readFileSync(path.resolve(distDir, 'client', asset.slice(1)));
    expect(zlib.brotliDecompressSync(res.body).equals(onDisk)).toBe(true);

    const missing = await rawGet(`${baseURL}/_astro/missing.0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  test('closes the embedded database on SIGTERM; a restart keeps the data', async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-server-entry-'));
    try {
      // First start: migrations and the demo seed land in dataDir.
      const first = await startServer(dataDir);
      // A second server on the same data directory is refused (PGlite is single-process).
      const second = await startServer(dataDir, { expectExit: true });
      expect(second.exitCode).toBe(1);
      expect(second.output()).toContain('already uses');
      expect(await stopServer(first)).toBe(0);
      expect(first.output()).toContain('Database closed');

      const before = await snapshot(dataDir);
      expect(before.migrations).toBeGreaterThan(0);
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await db.exec(`CREATE TABLE ops_marker (note text); INSERT INTO ops_marker VALUES ('kept');`);
      await db.close();

      // Second start on the same files: no migration or seed runs twice, nothing is lost.
      const again = await startServer(dataDir);
      // (A static file: an API call could legitimately write, e.g. a rate-limit counter.)
      expect((await rawGet(`${again.url}${hashedAsset()}`)).status).toBe(200);
      expect(await stopServer(again)).toBe(0);

      const after = await snapshot(dataDir);
      expect(after.migrations).toBe(before.migrations);
      expect(after.rows).toEqual({ ...before.rows, ops_marker: 1 });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('on SIGTERM with DRAIN_SECONDS, says draining and keeps serving until the window ends', async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-server-drain-'));
    try {
      const server = await startServer(dataDir, { env: { DRAIN_SECONDS: '3' } });
      expect((await rawGet(`${server.url}/api/v1/health/ready`)).status).toBe(200);
      const exited = new Promise<number>((resolve) => server.child.once('exit', () => resolve(Date.now())));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // The load balancer reads 503 draining, while requests that still reach the instance are answered.
      await expect.poll(async () => (await rawGet(`${server.url}/api/v1/health/ready`)).status).toBe(503);
      const ready = await rawGet(`${server.url}/api/v1/health/ready`);
      expect(JSON.parse(ready.body.toString('utf8'))).toMatchObject({ reason: 'draining' });
      expect((await rawGet(`${server.url}/api/v1/health/live`)).status).toBe(200);
      expect((await rawGet(`${server.url}${hashedAsset()}`)).status).toBe(200);
      const exitedAt = await exited;
      expect(server.exitCode).toBe(0);
      expect(exitedAt - signalled).toBeGreaterThanOrEqual(3_000);
      expect(server.output()).toContain('Database closed');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('starts where a killed server, not yet reaped by its parent, left its lock', async () => {
    test.skip(!fs.existsSync('/proc/self/stat'), 'zombie processes are told apart through /proc');
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-server-entry-'));
    // A shell that leaves its child unreaped: the child stays a zombie, as a SIGKILLed server does
    // until its process manager waits for it, and signal 0 still reaches it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (data: Buffer) => resolve(Number(data))),
      );
      await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(pid));
      const server = await startServer(dataDir, { env: { SEED_DEMO: '0' } });
      expect(await stopServer(server)).toBe(0);
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Row counts of every table (public and drizzle schemas) in the data directory, read after shutdown. */
async function snapshot(dataDir: string): Promise<{ migrations: number; rows: Record<string, number> }> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const tables = await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      rows[name] = count.rows[0]?.n ?? 0;
    }
    const migrations = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    return { migrations: migrations.rows[0]?.n ?? 0, rows };
  } finally {
    await db.close();
  }
}
