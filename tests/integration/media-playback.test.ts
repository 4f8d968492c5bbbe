import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sessions } from '~/server/db/schema';
import { signedPlayback, signedTrailer } from '~/server/media';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { serveOverHttp, type ServedApi } from './http-server';
import { insertProducts } from './social-fixtures';

const run = promisify(execFile);

/**
 * ffmpeg as an HLS client over real HTTP: it follows the master to a variant, fetches the rewritten key
 * URL, decrypts and decodes, exactly the chain a player goes through. Any broken link, wrong IV or
 * invalid live playlist shows up as an error on stderr.
 */
describe(`HLS played end to end by ffmpeg on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let productId: number;
  let sessionId: number;
  beforeAll(async () => {
    app = await startAccountsApp();
    [productId = 0] = await insertProducts(app, ['media-play-free']);
    await app.ctx.database.db.update(products).set({ isFree: true }).where(eq(products.id, productId));
    const { me } = await app.signUp('09125550102');
    const [row] = await app.ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, me.id));
    sessionId = row!.id;
    served = await serveOverHttp(app);
  });
  afterAll(async () => {
    await served.close();
    await app.close();
  });

  /** Decodes `seconds` of the stream; resolves with ffmpeg's stderr (empty when all went well). */
  async function decode(url: string, seconds = 3): Promise<string> {
    const { stderr } = await run(
      '/usr/bin/ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-allowed_extensions',
        'ALL',
        '-i',
        `${served.origin}${url}`,
        '-t',
        String(seconds),
      ].concat(['-map', '0:v:0', '-map', '0:a:0', '-threads', '1', '-f', 'null', '-']),
      { timeout: 25_000 },
    ).catch((error: { stderr?: string; message: string }) => ({ stderr: error.stderr || error.message }));
    return stderr;
  }

  it('plays the encrypted title from its signed master', async () => {
    const stream = signedPlayback(app.ctx, { asset: 'bars', productId, sessionId }, app.clock.now());
    expect(await decode(stream.master)).toBe('');
  });

  it('plays the clear trailer', async () => {
    const trailer = signedTrailer(app.ctx, 'testcard', productId, app.clock.now());
    expect(await decode(trailer.master)).toBe('');
  });

  it('plays a screening from its live window on a later pass over the package', async () => {
    // 75 s into a 60 s package. ffmpeg starts 3 segments from the live edge and, unlike hls.js, does
    // not handle EXT-X-DISCONTINUITY, so this stays clear of the loop point (the unit tests cover it).
    const startsAt = new Date(app.clock.now().getTime() - 75_000);
    const live = { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
    const stream = signedPlayback(app.ctx, { asset: 'fractal', productId, sessionId, live }, app.clock.now());
    expect(await decode(stream.master, 4)).toBe('');
  });
});
