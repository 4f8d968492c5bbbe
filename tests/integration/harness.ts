import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createApi } from '~/server/api/app';
import type { Clock } from '~/server/clock';
import { loadConfig, type Config } from '~/server/config';
import { setLogLevel } from '~/server/core/log';
import { closeAppContext, createAppContext, type AppContext } from '~/server/context';
import { startS3Server, type S3TestServer } from '../fixtures/s3-server';

/**
 * A real database per test file: an in-memory PGlite by default, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database on it that is dropped afterwards. Same migrations either way.
 */
export interface TestApp {
  ctx: AppContext;
  api: ReturnType<typeof createApi>;
  /** The clock every instance of this app reads; tests move it instead of sleeping. */
  clock: ManualClock;
  /** Sends a request to /api/v1 as a client at `clientAddress` (default 127.0.0.1). */
  request(pathname: string, init?: TestRequestInit): Promise<Response>;
  /**
   * Another server on the same database: on PostgreSQL a second context with its own connection pool,
   * on PGlite (one process per database) a second API app over the same context. `env` changes its
   * variables (another DATA_DIR: an instance on another machine); PostgreSQL only.
   */
  startSibling(env?: Record<string, string>): Promise<Pick<TestApp, 'ctx' | 'api' | 'request' | 'close'>>;
  close(): Promise<void>;
}

export type TestRequestInit = RequestInit & { clientAddress?: string; json?: unknown };

export const databaseUnderTest = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';

/**
 * TEST_STORAGE=s3 runs the apps of every test on a bucket of their own (fauxqs on 127.0.0.1) instead of
 * the local directory, unless the test names a storage itself (issue 28: the same tests, both storages).
 */
const storageUnderTest = process.env['TEST_STORAGE'] === 's3' ? 's3' : 'local';

export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.parse('2026-03-21T08:00:00Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

function requester(api: ReturnType<typeof createApi>): TestApp['request'] {
  return (pathname, init = {}) => {
    const { clientAddress = '127.0.0.1', json, ...rest } = init;
    if (json !== undefined) {
      rest.method ??= 'POST';
      rest.body = JSON.stringify(json);
      rest.headers = { 'content-type': 'application/json', ...(rest.headers as Record<string, string>) };
    }
    return Promise.resolve(api.request(`/api/v1${pathname}`, rest, { clientAddress }));
  };
}

/**
 * What every test app is started with, on PGlite and PostgreSQL alike: on PostgreSQL the app runs in
 * production mode, which requires these (decision record 0032). Tests that want the demo data or
 * another gateway say so in their own variables.
 */
export const testAppEnv = {
  SEED_DEMO: '0',
  SANDBOX_BANK: '1',
  PUBLIC_URL: 'http://localhost:4321',
  MEDIA_SIGNING_SECRET: 'test-media-signing-secret-0123456789abcdef',
  PAYMAN_SIGNATURE_KEY: 'test-payman-signature-key-0123456789abcdef',
  // Warnings and errors only: a line for every payment moved drowns the test report.
  LOG_LEVEL: 'warn',
} as const;

/** The migrated database that database-template.ts dumped for this run, if any (PGlite runs only). */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = path.join(os.tmpdir(), `cinema-test-${randomBytes(6).toString('hex')}`);
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = 'memory://';
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const template = inject('postgresTemplate');
    await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  let s3: S3TestServer | undefined;
  if (storageUnderTest === 's3' && !env['STORAGE_URL']) {
    s3 = await startS3Server();
    env = { ...(await s3.bucket(`test-${randomBytes(6).toString('hex')}`)), ...env };
  }
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...testAppEnv,
    ...env,
  });
  // As the server's runtime does once it has read its configuration.
  setLogLevel(config.logLevel);
  const clock = new ManualClock();
  const ctx = await createAppContext(config, { clock, pgliteTemplate: pgliteTemplate() });
  const api = createApi(ctx);
  const siblings: AppContext[] = [];
  return {
    ctx,
    api,
    clock,
    request: requester(api),
    startSibling: async (siblingEnv = {}) => {
      const siblingConfig = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ...testAppEnv,
        ...env,
        ...siblingEnv,
      });
      const siblingCtx =
        ctx.database.kind === 'postgres' ? await createAppContext(siblingConfig, { clock }) : ctx;
      if (siblingCtx !== ctx) siblings.push(siblingCtx);
      const siblingApi = createApi(siblingCtx);
      return {
        ctx: siblingCtx,
        api: siblingApi,
        request: requester(siblingApi),
        close: async () => {
          if (siblingCtx !== ctx) await closeAppContext(siblingCtx);
        },
      };
    },
    close: async () => {
      for (const sibling of siblings) await closeAppContext(sibling).catch(() => {});
      await closeAppContext(ctx);
      await dropDatabase?.();
      await s3?.stop();
    },
  };
}
