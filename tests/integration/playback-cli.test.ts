import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertFestival, insertTitle } from './playback-fixtures';
import { makeStaff } from './social-fixtures';

const run = promisify(execFile);

describe(`scripts/grant.mjs against a real HTTP server on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let server: http.Server;
  let publicUrl: string;
  let viewer: string;
  beforeAll(async () => {
    app = await startAccountsApp();
    viewer = (await app.signUp('09128880101')).token;
    const staff = await app.signUp('09128880102', { password: 'staff-pass-99' });
    await makeStaff(app, staff.me.id);
    // The API over HTTP as server.mjs serves it, so the script runs exactly as in production.
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const response = await app.api.request(
        req.url ?? '/',
        {
          method: req.method ?? 'GET',
          headers: req.headers as Record<string, string>,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        },
        { clientAddress: '127.0.0.1' },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  const grant = (args: string[], token?: string) =>
    run(process.execPath, ['scripts/grant.mjs', ...args], {
      env: { ...process.env, PUBLIC_URL: publicUrl, STAFF_TOKEN: token ?? '' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

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
      stdout: expect.stringMatching(/^access granted: subscription #\d+, until \d{4}-/),
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
      'HTTP 404: no account has this user name',
    );
    expect((await grant(['title', '09128880101', String(film)], viewer)).stderr).toContain('HTTP 403');
    expect((await grant(['subscription', '09128880101', '30'])).stderr).toContain('STAFF_TOKEN is not set');
    expect((await grant(['nope'])).code).toBe(2);
  });
});
