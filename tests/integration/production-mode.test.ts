import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { closeAppContext, createAppContext } from '~/server/context';
import { products } from '~/server/db/catalog-schema';
import { users } from '~/server/db/schema';

/**
 * An empty database started in production mode (decision record 0032) gets no demo admin, no demo
 * catalogue and no sandbox bank unless the operator asks for them.
 * (The embedded database in memory: what is decided here is the configuration, not the driver.)
 */
async function started(env: NodeJS.ProcessEnv) {
  const dataDir = path.join(os.tmpdir(), `cinema-production-${randomBytes(6).toString('hex')}`);
  const ctx = await createAppContext(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://', ...env }));
  try {
    const db = ctx.database.db;
    const [userRows] = await db.select({ n: count() }).from(users);
    const [productRows] = await db.select({ n: count() }).from(products);
    return {
      users: userRows?.n,
      products: productRows?.n,
      sandboxBank: ctx.gateways.sandboxBank !== null,
      gateways: ctx.gateways.adapters.map((adapter) => adapter.type),
    };
  } finally {
    await closeAppContext(ctx);
  }
}

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cinema.example',
  MEDIA_SIGNING_SECRET: 'm'.repeat(48),
  PAYMAN_SIGNATURE_KEY: 'p'.repeat(48),
  ZARINPAL_MERCHANT_ID: '1344b5d4-0048-11e8-94db-005056a205be',
};

describe('an empty database started in production mode', () => {
  // (What SEED_DEMO=1 and SANDBOX_BANK=1 turn on, and the demo's defaults, are tests/unit/production-config.)
  it('gets no demo data and no sandbox bank, only the gateway configured', async () => {
    expect(await started(production)).toEqual({
      users: 0,
      products: 0,
      sandboxBank: false,
      gateways: ['zarinpal'],
    });
  }, 90_000);
});
