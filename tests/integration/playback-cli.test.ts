import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { runScript, serveOverHttp, type ServedApi } from './http-server';
import { insertFestival, insertTitle } from './playback-fixtures';
import { grantStaffRoles } from './staff-fixtures';

describe(`scripts/grant.mjs against a real HTTP server on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let viewer: string;
  beforeAll(async () => {
    app = await startAccountsApp();
    viewer = (await app.signUp('09128880101')).token;
    const staff = await app.signUp('09128880102', { password: 'staff-pass-99' });
    await grantStaffRoles(app, staff.me.id, 'support');
    // The API over HTTP as server.mjs serves it, so the script runs exactly as in production.
    served = await serveOverHttp(app);
  });
  afterAll(async () => {
    await served.close();
    await app.close();
  });

  const grant = (args: string[], token?: string) => runScript(served, 'grant.mjs', args, token);

  it('grants a subscription, a title and a ticket, with clear errors', async () => {
    const film = await insertTitle(app, {
      asset: 'testcard',
      sales: { inSubscription: false, purchasable: true },
    });
    const festival = await insertFestival(app, [film]);
    const playFilm = () => app.as(viewer, `/play-info/${film}`, { clientAddress: '5.160.0.1' });
    expect((await playFilm()).status).toBe(402);

    const login = await grant(['login', '09128880102', 'staff-pass-99']);
    expect(login.code).toBe(0);
    const token = login.stdout.trim();

    expect(await grant(['subscription', '09128880101', '30'], token)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Access granted: subscription #\d+, until \d{4}-/),
    });
    expect((await grant(['title', '09128880101', String(film)], token)).code).toBe(0);
    expect((await playFilm()).status).toBe(200);

    const ticket = await grant(['ticket', String(festival), '-', 'CLI-TICKET'], token);
    expect(ticket.stdout).toMatch(/ticket #\d+, code CLI-TICKET/);
    expect((await (await app.request('/check-ticket/cli-ticket')).json()).status).toBe('valid');

    expect(await grant(['title', '09128880101', 'abc'], token)).toMatchObject({
      code: 1,
      stderr: 'grant: PRODUCT_ID is a positive number, not "abc"\n',
    });
    expect((await grant(['title', '09128889999', String(film)], token)).stderr).toContain(
      'HTTP 404: No account has this user name.',
    );
    expect((await grant(['title', '09128880101', String(film)], viewer)).stderr).toContain('HTTP 403');
    expect((await grant(['subscription', '09128880101', '30'])).stderr).toContain('STAFF_TOKEN is not set');
    expect((await grant(['nope'])).code).toBe(2);
  });
});
