import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import { bumpCatalogueVersion } from './cache';

/**
 * Catalogue writes reach every instance's caches at once (docs/decisions/0031): the writing transaction
 * sends a NOTIFY, which PostgreSQL delivers to every listening instance only when it commits (and never
 * when it rolls back); each instance then bumps its catalogue version, which empties the domain cache
 * and the response cache (decision record 0013). The writer bumps its own at once after the commit, so
 * its next answer never waits for the notice to come back.
 */
const CHANNEL = 'catalogue_changed';

/** Inside the writing transaction. */
export async function announceCatalogueChange(tx: DbTransaction): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

/** After the writing transaction committed. */
export function catalogueChanged(ctx: AppContext): void {
  bumpCatalogueVersion(ctx);
}

/** Started with the context: bumps this instance's catalogue version on every other instance's write. */
export function watchCatalogueChanges(ctx: AppContext): Promise<void> {
  return ctx.database.listen(CHANNEL, () => bumpCatalogueVersion(ctx));
}
