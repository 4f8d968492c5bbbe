import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts, makeStaff } from './social-fixtures';

const run = promisify(execFile);

describe(`scripts/moderate.mjs against a real HTTP server on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let server: http.Server;
  let publicUrl: string;
  let viewer: string;
  let film = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    [film = 0] = await insertProducts(app, ['cli-1']);
    viewer = (await app.signUp('09128880001', { name: 'لیلا' })).token;
    const moderator = await app.signUp('09128880002', { password: 'staff-pass-99' });
    await makeStaff(app, moderator.me.id);
    // The API served over HTTP as server.mjs would, so the script runs exactly as it does in production.
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

  const moderate = (args: string[], token?: string) =>
    run(process.execPath, ['scripts/moderate.mjs', ...args], {
      env: { ...process.env, PUBLIC_URL: publicUrl, STAFF_TOKEN: token ?? '' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('logs in, lists the pending queue and approves, with clear errors', async () => {
    const posted = await app.as(viewer, `/products/${film}/comments`, { json: { body: 'از طریق خط فرمان' } });
    const { id } = (await posted.json()).comment;

    const login = await moderate(['login', '09128880002', 'staff-pass-99']);
    expect(login.code).toBe(0);
    const token = login.stdout.trim();

    const listed = await moderate(['list'], token);
    expect(listed.stdout).toContain(`#${id} [pending]`);
    expect(listed.stdout).toContain('از طریق خط فرمان');

    expect((await moderate(['approve', String(id)], token)).stdout.trim()).toBe(
      'the comment was approved and published',
    );
    expect((await moderate(['list'], token)).stdout.trim()).toBe('no pending comments on page 1');

    const refused = await moderate(['list'], viewer);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain('HTTP 403: you are not allowed to do this');
    expect(await moderate(['reject', 'x'], token)).toMatchObject({ code: 1 });
    expect(await moderate(['frobnicate'])).toMatchObject({ code: 2 });
  });
});
