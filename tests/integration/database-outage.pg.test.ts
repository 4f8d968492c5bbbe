import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '~/server/api/app';
import { loadConfig } from '~/server/config';
import { closeAppContext, createAppContext, type AppContext } from '~/server/context';
import { products } from '~/server/db/schema';
import { startOwnPostgres, type OwnPostgres } from './own-postgres';

/**
 * PostgreSQL stopped under a running server, then started again: the API answers 503 in its error
 * shape within seconds (it answered 500 after 5-14 s), readiness says no while liveness says yes, and
 * everything answers again once the database is back, without a restart of the server. On a server of
 * the test's own, which it stops; the PGlite run has no server to stop (health.test.ts covers readiness).
 */
describe('the database stopped under a running server', () => {
  let postgres: OwnPostgres;
  let ctx: AppContext;
  let api: ReturnType<typeof createApi>;
  /** Titles never asked before the outage: the API caches what it answered for a minute. */
  let titleIds: number[];

  const get = (pathname: string, language = 'en') =>
    api.request(
      `/api/v1${pathname}`,
      { headers: { 'accept-language': language } },
      { clientAddress: '127.0.0.1' },
    );

  /** The answer and how long it took, in milliseconds. */
  async function timed(pathname: string, language?: string) {
    const started = performance.now();
    const res = await get(pathname, language);
    const body = (await res.json()) as Record<string, unknown>;
    return { res, body, ms: performance.now() - started };
  }

  /** Readiness polled for up to ten seconds (the queries held meanwhile finish first). */
  async function untilReady() {
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries += 1) {
      status = (await get('/health/ready')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  }

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    ctx = await createAppContext(
      loadConfig({
        DATA_DIR: path.join(os.tmpdir(), `cinema-outage-${randomBytes(6).toString('hex')}`),
        DATABASE_URL: postgres.url,
        SEED_DEMO: '1',
        SANDBOX_BANK: '1',
        PUBLIC_URL: 'http://localhost:4321',
        MEDIA_SIGNING_SECRET: 'test-media-signing-secret-0123456789abcdef',
        PAYMAN_SIGNATURE_KEY: 'test-payman-signature-key-0123456789abcdef',
      }),
    );
    api = createApi(ctx);
    const rows = await ctx.database.db.select({ id: products.id }).from(products).limit(6);
    titleIds = rows.map((row) => row.id);
    expect(titleIds).toHaveLength(6);
  });

  afterAll(async () => {
    await closeAppContext(ctx).catch(() => {});
    await postgres?.close();
  });

  it(
    'answers 503 within seconds while it is down, and 200 again once it is back',
    { timeout: 60_000 },
    async () => {
      const [before, during, duringToo, after] = titleIds as [number, number, number, number];
      expect((await get(`/products/${before}`)).status).toBe(200);
      expect((await get('/health/ready')).status).toBe(200);

      await postgres.stop();

      // Several reads in a row: each connection's retries must not pile up into a wait of many seconds.
      for (const pathname of [
        `/products/${during}`,
        '/search?q=night',
        `/products/${duringToo}`,
        '/search?q=x',
      ]) {
        const { res, body, ms } = await timed(pathname);
        expect(res.status, pathname).toBe(503);
        expect(ms, pathname).toBeLessThan(6_000);
        expect(res.headers.get('retry-after')).toBe('10');
        expect(body).toEqual({
          message: 'The service is unavailable for a moment; try again shortly.',
          reason: 'database_unavailable',
          requestId: res.headers.get('x-request-id'),
        });
      }
      const persian = await timed('/search?q=film', 'fa');
      expect(persian.body['message']).toBe('سرویس چند لحظه در دسترس نیست؛ کمی بعد دوباره تلاش کنید');

      const ready = await timed('/health/ready');
      expect(ready.res.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);
      expect(ready.body['reason']).toBe('database_unavailable');
      expect((await get('/health')).status).toBe(503);
      // The process itself is fine: a supervisor must not restart it for the database's sake.
      expect((await get('/health/live')).status).toBe(200);

      await postgres.start();

      // Back by itself: the pool connects again at the next query.
      await untilReady();
      const again = await timed(`/products/${after}`);
      expect(again.res.status).toBe(200);
      expect(again.body['id']).toBe(after);
      expect((await get('/search?q=night')).status).toBe(200);
    },
  );

  it(
    'answers a read 503 within seconds while the database hangs without refusing',
    { timeout: 60_000 },
    async () => {
      const [frozenRead, afterThaw] = titleIds.slice(4) as [number, number];
      expect((await get('/health/ready')).status).toBe(200);
      postgres.freeze();
      try {
        // The pool's connections are open: the query waits on one that never answers.
        const read = await timed(`/products/${frozenRead}`);
        expect(read.res.status).toBe(503);
        expect(read.ms).toBeLessThan(7_000);
        expect(read.body['reason']).toBe('database_unavailable');
        const ready = await timed('/health/ready');
        expect(ready.res.status).toBe(503);
        expect(ready.ms).toBeLessThan(3_000);
        expect((await get('/health/live')).status).toBe(200);
      } finally {
        postgres.thaw();
      }
      await untilReady();
      expect((await get(`/products/${afterThaw}`)).status).toBe(200);
    },
  );
});
