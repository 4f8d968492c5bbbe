import { randomBytes } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import postgres from 'postgres';
import { createApi } from '~/server/api/app';
import { loadConfig, type Config } from '~/server/config';
import { closeAppContext, createAppContext, type AppContext } from '~/server/context';

/**
 * A real database per test file: an in-memory PGlite by default, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database on it that is dropped afterwards. Same migrations either way.
 */
export interface TestApp {
  ctx: AppContext;
  api: ReturnType<typeof createApi>;
  /** Sends a request to /api/v1 as a client at `clientAddress` (default 127.0.0.1). */
  request(pathname: string, init?: RequestInit & { clientAddress?: string }): Promise<Response>;
  close(): Promise<void>;
}

export const databaseUnderTest = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = path.join(os.tmpdir(), `cinema-test-${randomBytes(6).toString('hex')}`);
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = 'memory://';
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
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
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    ...env,
  });
  const ctx = await createAppContext(config);
  const api = createApi(ctx);
  return {
    ctx,
    api,
    request: (pathname, init = {}) => {
      const { clientAddress = '127.0.0.1', ...rest } = init;
      return Promise.resolve(api.request(`/api/v1${pathname}`, rest, { clientAddress }));
    },
    close: async () => {
      await closeAppContext(ctx);
      await dropDatabase?.();
    },
  };
}
