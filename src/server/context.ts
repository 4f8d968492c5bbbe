import type { Config } from './config';
import { openGeo, type Geo } from './core/geo';
import { openDatabase, type Database } from './db/client';

/** Everything a domain function or route needs, created once per process (or per test). */
export interface AppContext {
  config: Config;
  database: Database;
  geo: Geo;
}

export async function createAppContext(config: Config): Promise<AppContext> {
  const [database, geo] = await Promise.all([openDatabase(config), openGeo()]);
  return { config, database, geo };
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.database.close();
}
