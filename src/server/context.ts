import { watchCatalogueChanges } from './catalog/changes';
import { systemClock, type Clock } from './clock';
import { createPaymentGateways, type PaymentGateways } from './commerce/gateways';
import type { ProductKinds } from './commerce/kinds';
import type { Config } from './config';
import { openGeo, type Geo } from './core/geo';
import { createRateLimiter, type RateLimiter } from './core/rate-limit';
import { openStorage, type Storage } from './core/storage';
import { openDatabase, type Database } from './db/client';
import { seedDemoData } from './demo/seed';
import { registeredNoticeComposers } from './notice-kinds';
import type { NoticeComposers } from './notify';
import { createNotifier, type Notifier } from './notify/notifier';
import { registeredKinds } from './product-kinds';

/** Everything a domain function or route needs, created once per process (or per test). */
export interface AppContext {
  config: Config;
  database: Database;
  geo: Geo;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Delivers verification codes (SMS, e-mail, or the outbox file). */
  notifier: Notifier;
  /** How each kind of queued notice (a reminder, a receipt e-mail) is composed when it goes. */
  noticeComposers: NoticeComposers;
  /** The payment gateways configured (the sandbox bank by default). */
  gateways: PaymentGateways;
  /** What commerce sells, by payment type (commerce/kinds.ts, registered in product-kinds.ts). */
  kinds: ProductKinds;
  /** Where kept files live: DATA_DIR or a bucket (core/storage, decision record 0047). */
  storage: Storage;
}

export interface ContextOptions {
  /** Tests pass a clock they can move (captcha expiry, rate-limit windows). */
  clock?: Clock;
  /** An in-memory database starts from this dump of a migrated one (tests skip initdb and migrations). */
  pgliteTemplate?: Blob;
}

export async function createAppContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const clock = options.clock ?? systemClock;
  const [database, geo, storage] = await Promise.all([
    openDatabase(config, { pgliteTemplate: options.pgliteTemplate }),
    openGeo(),
    openStorage(config),
  ]);
  if (config.seedDemo) await seedDemoData(database.db, clock);
  const ctx: AppContext = {
    config,
    database,
    geo,
    clock,
    rateLimiter: createRateLimiter(database.db, clock),
    notifier: createNotifier(config),
    noticeComposers: registeredNoticeComposers(),
    gateways: createPaymentGateways(config, database.db, clock),
    kinds: registeredKinds(),
    storage,
  };
  await watchCatalogueChanges(ctx);
  return ctx;
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.database.close();
  await ctx.storage.close();
}
