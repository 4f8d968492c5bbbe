import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs, productMedia } from '~/server/db/schema';
import { startMediaPackaging } from '~/server/media/packaging-jobs';
import { makeTestPattern } from '../fixtures/test-pattern';
import { startAccountsApp, type AccountsApp } from './accounts';
import { insertTitle } from './playback-fixtures';

/**
 * Instances on one machine share DATA_DIR (cinema-stream@.service): one restarting while another
 * packages an uploaded video must leave that job to it, not start it over in the same files.
 * PostgreSQL only: an embedded PGlite belongs to one process, so there is no second instance.
 */
describe('a video packaged by one instance of several', () => {
  let app: AccountsApp;
  let work: string;
  let source: string;

  beforeAll(async () => {
    app = await startAccountsApp();
    work = mkdtempSync(path.join(os.tmpdir(), 'media-one-runner-'));
    source = makeTestPattern(path.join(work, 'source.mp4'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  const jobOf = async (id: number) =>
    (await app.ctx.database.db.select().from(mediaJobs).where(eq(mediaJobs.id, id)))[0]!;

  it('is left to the instance packaging it when another on the same DATA_DIR starts', async () => {
    const titleId = await insertTitle(app);
    const asset = `t${titleId}-one-runner`;
    const [job] = await app.ctx.database.db
      .insert(mediaJobs)
      .values({
        productId: titleId,
        status: 'queued',
        progress: 0,
        asset,
        sourceBytes: statSync(source).size,
        instance: app.ctx.config.dataDir,
      })
      .returning();
    const sources = path.join(app.ctx.config.dataDir, 'uploads', 'sources');
    mkdirSync(sources, { recursive: true });
    copyFileSync(source, path.join(sources, `${asset}.source`));

    const stopFirst = startMediaPackaging(app.ctx);
    const sibling = await app.startSibling();
    let stopSecond = async () => {};
    const seen: number[] = [];
    try {
      await expect
        .poll(async () => (await jobOf(job!.id)).progress, { timeout: 60_000, interval: 20 })
        .toBeGreaterThan(0);
      // The second instance starts while the first packages: it finds the job open, on its disk.
      stopSecond = startMediaPackaging(sibling.ctx);
      await expect
        .poll(
          async () => {
            const now = await jobOf(job!.id);
            seen.push(now.progress);
            return now.status;
          },
          { timeout: 110_000, interval: 20 },
        )
        .toMatch(/^(ready|failed)$/);
    } finally {
      await stopSecond();
      await stopFirst();
      await sibling.close();
    }
    // Never started over: the progress only moved forward.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const done = await jobOf(job!.id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    const [media] = await app.ctx.database.db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productId, titleId));
    expect(media?.asset).toBe(asset);
    expect(existsSync(path.join(app.ctx.config.dataDir, 'media', asset, 'master.m3u8'))).toBe(true);
  }, 150_000);
});
