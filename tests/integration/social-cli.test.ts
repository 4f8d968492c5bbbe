import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { runScript, serveOverHttp, type ServedApi } from './http-server';
import { insertProducts } from './social-fixtures';
import { grantStaffRoles } from './staff-fixtures';

describe(`scripts/moderate.mjs against a real HTTP server on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let served: ServedApi;
  let viewer: string;
  let film = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    [film = 0] = await insertProducts(app, ['cli-1']);
    viewer = (await app.signUp('09128880001', { name: 'لیلا' })).token;
    const moderator = await app.signUp('09128880002', { password: 'staff-pass-99' });
    await grantStaffRoles(app, moderator.me.id, 'moderator');
    // The API over HTTP as server.mjs serves it, so the script runs exactly as in production.
    served = await serveOverHttp(app);
  });
  afterAll(async () => {
    await served.close();
    await app.close();
  });

  const moderate = (args: string[], token?: string) => runScript(served, 'moderate.mjs', args, token);

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
      'The comment was approved and published.',
    );
    expect((await moderate(['list'], token)).stdout.trim()).toBe('no pending comments on page 1');

    const refused = await moderate(['list'], viewer);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain('HTTP 403: You are not allowed to do this.');
    expect(await moderate(['reject', 'x'], token)).toMatchObject({ code: 1 });
    expect(await moderate(['frobnicate'])).toMatchObject({ code: 2 });
  });
});
