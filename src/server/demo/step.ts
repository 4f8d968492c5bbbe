import type { DbTransaction } from '../db/client';

/**
 * One named batch of demo data; applied once per database, inside a transaction. Its own module so that
 * the steps need not import seed.ts, which imports them (no import circle).
 */
export interface SeedStep {
  name: string;
  run(tx: DbTransaction, now: Date): Promise<void>;
}
