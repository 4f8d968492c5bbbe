import { desc, eq } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDraining } from '~/server/core/readiness';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

/**
 * Liveness (the process answers) and readiness (the database answers, it is migrated, the server is not
 * shutting down) as a supervisor and a load balancer see them. The database stopped outright is in
 * database-outage.pg.test.ts (PostgreSQL).
 */
/** Drizzle's record of applied migrations, as its migrator writes it. */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

describe(`health on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('live, ready and /health (readiness) answer 200 naming the database, after migrations ran', async () => {
    for (const pathname of ['/health/live', '/health/ready', '/health']) {
      const res = await app.request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.json()).toEqual({ ok: true, database: databaseUnderTest });
    }
  });

  it('is not ready while the newest migration of this build is missing from the database', async () => {
    const db = app.ctx.database.db;
    const [newest] = await db
      .select()
      .from(appliedMigrations)
      .orderBy(desc(appliedMigrations.createdAt))
      .limit(1);
    await db.delete(appliedMigrations).where(eq(appliedMigrations.id, newest!.id));
    try {
      const res = await app.request('/health/ready', { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        reason: 'migrations_pending',
        message: 'The database has not been migrated to this server’s version yet.',
      });
      expect((await app.request('/health/live')).status).toBe(200);
    } finally {
      await db.insert(appliedMigrations).values(newest!);
    }
    expect((await app.request('/health/ready')).status).toBe(200);
  });

  it('openapi.json describes live and ready', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready']),
    );
  });

  // Last: a draining server stays draining.
  it('says not ready once draining (SIGTERM), naming its request, while it stays live', async () => {
    startDraining(app.ctx);
    for (const pathname of ['/health/ready', '/health']) {
      const res = await app.request(pathname, { headers: { 'accept-language': 'en' } });
      expect(res.status, pathname).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        message: 'This server is shutting down.',
        reason: 'draining',
        requestId: res.headers.get('x-request-id'),
      });
    }
    expect((await app.request('/health/live')).status).toBe(200);
  });
});
