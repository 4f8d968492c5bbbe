import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, payAtBank, seedShop, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { runScript, serveOverHttp, type ServedApi } from './http-server';
import { addAddress, cartOf, putInCart, seedDelivery, stockedGoods, stockOf } from './shop-fixtures';
import { grantStaffRoles } from './staff-fixtures';

describe(`scripts/shop-orders.mjs against a real HTTP server on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let viewer: Viewer;
  let variantId = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    await seedShop(app);
    const delivery = await seedDelivery(app);
    const goods = await stockedGoods(app, [{ stock: 3 }]);
    variantId = goods.variantIds[0]!;
    viewer = await newViewer(app);
    const addressId = await addAddress(app, viewer.token);
    await cartOf(await putInCart(app, { product_id: goods.productId, quantity: 2 }, viewer.token));
    await payAtBank(
      app,
      await viewer.buy({
        type: 'BUY_PHYSICAL',
        address_id: addressId,
        delivery_method_id: delivery['express-post']!,
        gateway: 'sandbox',
      }),
    );
    const staff = await app.signUp('09128880201', { password: 'staff-pass-99' });
    await grantStaffRoles(app, staff.me.id, 'shop');
    // The API over HTTP as server.mjs serves it, so the script runs exactly as in production.
    served = await serveOverHttp(app);
  });
  afterAll(async () => {
    await served.close();
    await app.close();
  });

  const orders = (args: string[], token?: string) => runScript(served, 'shop-orders.mjs', args, token);

  it('lists registered orders and moves one on, with clear errors', async () => {
    const token = (await orders(['login', '09128880201', 'staff-pass-99'])).stdout.trim();

    const listed = await orders(['list'], token);
    expect(listed.code).toBe(0);
    const id = /^#(\d+) \[Registred\]/m.exec(listed.stdout)?.[1];
    expect(id, listed.stdout).toBeDefined();
    expect(listed.stdout).toContain('2 × Goods');
    expect(listed.stdout).toContain('to مریم رضایی, 02188776655: Tehran');

    expect((await orders(['move', id!, 'accepted'], token)).stdout).toMatch(
      new RegExp(`^#${id} \\[Accepted\\]`),
    );
    expect((await orders(['list'], token)).stdout.trim()).toBe('no Registred orders on page 1');
    expect((await orders(['list', 'Accepted'], token)).stdout).toContain(`#${id} [Accepted]`);

    const refused = await orders(['move', id!, 'Canceled'], token);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain('HTTP 409');
    const untracked = await orders(['move', id!, 'Delivered'], token);
    expect(untracked).toMatchObject({ code: 1 });
    expect(untracked.stderr).toContain('HTTP 422');
    expect(untracked.stderr).toContain('Sending needs a tracking number');
    const sent = await orders(['move', id!, 'delivered', 'EMS-1404-1'], token);
    expect(sent.stdout).toMatch(new RegExp(`^#${id} \\[Delivered\\]`));
    expect(sent.stdout).toContain('tracking EMS-1404-1');
    expect(await stockOf(app, variantId)).toEqual({ stock: 1, reserved: 0 });

    expect((await orders(['list'], viewer.token)).stderr).toContain('HTTP 403');
    expect(await orders(['move', id!, 'Shipped'], token)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('STATUS is one of Registred, Canceled'),
    });
    expect((await orders(['list'])).stderr).toContain('STAFF_TOKEN is not set');
    expect((await orders(['ship'])).code).toBe(2);
  });
});
