import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import type { Payment } from '~/shared/commerce';
import type { PlayInfo } from '~/shared/playback';
import type { ShopOrder } from '~/shared/shop';
import { startAccountsApp, type AccountsApp } from './accounts';
import { expectBooksBalanced, newViewer, payAtBank, pricedTitle, seedShop } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { IRANIAN } from './playback-fixtures';
import { addAddress, cartOf, putInCart, seedDelivery, stockedGoods } from './shop-fixtures';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env['TEST_DATABASE_URL'];
const tmp = (name: string) => path.join(os.tmpdir(), `cinema-${name}-${randomBytes(6).toString('hex')}`);

/** `node scripts/<script>.mjs ...args` as an operator runs it; resolves with its exit code and output. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return execFileAsync(process.execPath, [path.join(root, 'scripts', `${name}.mjs`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ ...error }),
  );
}

/** A new, empty PostgreSQL database on the test server (as `createdb` makes one); its URL. */
async function createDatabase(name: string): Promise<string> {
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string): Promise<void> {
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe(`backup and restore on ${databaseUnderTest}`, () => {
  it('a buyer still plays the title and the order is there after a backup, a wipe and a restore', async () => {
    const sourceDir = tmp('data');
    const restoredDir = tmp('restored');
    const backupDir = tmp('backup');
    cleanups.push(async () => {
      for (const dir of [sourceDir, restoredDir, backupDir]) fs.rmSync(dir, { recursive: true, force: true });
    });
    // A title packaged on this server: its package (with its key.bin) lives only in DATA_DIR/media.
    const asset = 'backup-card';
    fs.cpSync(path.join(root, 'media/demo/testcard'), path.join(sourceDir, 'media', asset), {
      recursive: true,
    });
    // Databases of our own (closing a harness app would drop its database before the backup).
    const sourceUrl = adminUrl ? await createDatabase(`source_${randomBytes(6).toString('hex')}`) : '';
    if (adminUrl) cleanups.push(() => dropDatabase(sourceUrl));
    // On the embedded database a single box keeps its signing secret in DATA_DIR/media-secret (with
    // PostgreSQL the environment may have to set it: then the file is not made).
    const keys: Record<string, string> = adminUrl ? {} : { MEDIA_SIGNING_SECRET: '' };
    const source: AccountsApp = await startAccountsApp({
      DATA_DIR: sourceDir,
      DATABASE_URL: sourceUrl,
      ...keys,
    });
    let sourceOpen = true;
    cleanups.push(async () => {
      if (sourceOpen) await source.close();
    });

    await seedShop(source);
    const delivery = await seedDelivery(source);
    const film = await pricedTitle(source, { asset });
    const buyer = await newViewer(source);
    const bought = await buyer.buy({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    await payAtBank(source, bought);
    expect((await buyer.payment(bought.payment.id)).status).toBe('fulfilled');
    const before = await source.as(buyer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(before.status).toBe(200);
    const linkBefore = ((await before.json()) as PlayInfo).stream.master;

    const { productId, variantIds } = await stockedGoods(source, [{ stock: 3 }]);
    const addressId = await addAddress(source, buyer.token);
    await cartOf(
      await putInCart(
        source,
        { product_id: productId, variant_id: variantIds[0]!, quantity: 1 },
        buyer.token,
      ),
    );
    const order = await buyer.buy({
      type: 'BUY_PHYSICAL',
      address_id: addressId,
      delivery_method_id: delivery['express-post']!,
      gateway: 'sandbox',
    });
    await payAtBank(source, order);
    const ordersBefore = (await (await source.as(buyer.token, '/me/shop/orders')).json()) as {
      orders: ShopOrder[];
    };
    expect(ordersBefore.orders.map((row) => row.payment_id)).toEqual([order.payment.id]);
    await expectBooksBalanced(source);
    const packageKey = fs.readFileSync(path.join(sourceDir, 'media', asset, 'key.bin'));
    const secretFile = path.join(sourceDir, 'media-secret');
    const mediaSecret = fs.existsSync(secretFile) || !adminUrl ? fs.readFileSync(secretFile) : undefined;

    // The embedded database is single-process: while a server holds DATA_DIR, the backup refuses.
    if (!adminUrl) {
      fs.writeFileSync(path.join(sourceDir, 'server.pid'), String(process.pid));
      const refused = await script('backup', ['--out', backupDir], { DATA_DIR: sourceDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`another server (pid ${process.pid}) already uses`);
      expect(refused.stderr).toContain('Stop the server, then back up.');
      expect(fs.existsSync(backupDir)).toBe(false);
      fs.rmSync(path.join(sourceDir, 'server.pid'));
    }
    // The server stops, then the operator backs up.
    await source.close();
    sourceOpen = false;
    const backup = await script('backup', ['--out', backupDir], {
      DATA_DIR: sourceDir,
      DATABASE_URL: sourceUrl,
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`keys: ${mediaSecret ? 'media-secret, ' : ''}media/${asset}/key.bin`);

    // The disk and the database are lost.
    fs.rmSync(sourceDir, { recursive: true, force: true });
    if (adminUrl) await dropDatabase(sourceUrl);

    const restoredUrl = adminUrl ? await createDatabase(`restored_${randomBytes(6).toString('hex')}`) : '';
    if (adminUrl) cleanups.push(() => dropDatabase(restoredUrl));
    const target = { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl };
    const restore = await script('restore', [backupDir], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/\d+ files matched their checksums/);
    expect(restore.stdout).toContain('the database is at this release’s migration level');

    // Restoring again over what is now there is refused without --force and changes nothing.
    const again = await script('restore', [backupDir], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the target is not empty');
    expect(again.stderr).toContain('--force');

    const restored = await startAccountsApp({ ...target, ...keys });
    cleanups.push(() => restored.close());

    // The buyer's login, purchase and the package's key came back: play-info answers a link that plays.
    const play = await restored.as(buyer.token, `/play-info/${film}`, { clientAddress: IRANIAN });
    expect(play.status).toBe(200);
    const { master } = ((await play.json()) as PlayInfo).stream;
    const playlist = await restored.request(master.replace(/^\/api\/v1/, ''));
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
    const key = await restored.request(`${master.replace(/^\/api\/v1/, '').replace(/master\.m3u8$/, '')}key`);
    expect(key.status).toBe(200);
    expect(Buffer.from(await key.arrayBuffer())).toEqual(packageKey);
    // The signing secret came back too: a link handed out before the backup still plays.
    if (mediaSecret) expect(fs.readFileSync(path.join(restoredDir, 'media-secret'))).toEqual(mediaSecret);
    expect((await restored.request(linkBefore.replace(/^\/api\/v1/, ''))).status).toBe(200);

    const ordersAfter = (await (await restored.as(buyer.token, '/me/shop/orders')).json()) as {
      orders: ShopOrder[];
    };
    expect(ordersAfter.orders).toEqual(ordersBefore.orders);
    const payment = await restored.as(buyer.token, `/payments/${bought.payment.id}`);
    expect(((await payment.json()) as { payment: Payment }).payment.status).toBe('fulfilled');
    await expectBooksBalanced(restored);

    // A damaged backup is refused before anything is written.
    fs.appendFileSync(path.join(backupDir, 'files/media', asset, 'key.bin'), 'x');
    const elsewhere = tmp('elsewhere');
    cleanups.push(async () => fs.rmSync(elsewhere, { recursive: true, force: true }));
    const damaged = await script('restore', [backupDir], { DATA_DIR: elsewhere, DATABASE_URL: restoredUrl });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain(`files/media/${asset}/key.bin does not match its checksum`);
    expect(fs.existsSync(elsewhere)).toBe(false);
  }, 180_000);
});
