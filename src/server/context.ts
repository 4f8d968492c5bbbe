import type { Config } from './config';
import { openDatabase, type Database } from './db/client';

/** Everything a domain function or route needs, created once per process (or per test). */
export interface AppContext {
  config: Config;
  database: Database;
}

export async function createAppContext(config: Config): Promise<AppContext> {
  const database = await openDatabase(config);
  return { config, database };
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.database.close();
}
