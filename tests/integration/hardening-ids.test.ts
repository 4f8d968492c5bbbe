import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT4 } from '~/shared/ids';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

/**
 * Every integer the API takes is bounded by the `integer` columns it is compared with: a larger one
 * names nothing (404) or is refused as invalid (422), never a database error (500).
 */

const TOO_BIG = [MAX_INT4 + 1, 2 ** 53, 1e300];

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; schema?: { type?: string } }[];
}

describe(`integers beyond PostgreSQL's integer on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  beforeAll(async () => {
    app = await startAccountsApp({ SEED_DEMO: '1' });
    token = (await app.signUp('09125550001')).token;
  });
  afterAll(() => app.close());

  const expectRefused = async (res: Response, what: string) => {
    expect([401, 403, 404, 409, 422], `${what}: ${res.status}`).toContain(res.status);
    expect(await res.json(), what).toHaveProperty('message');
  };

  it('in every integer path or query parameter of the OpenAPI document', async () => {
    const document = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    let tried = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const integers = (operation.parameters ?? []).filter(
          (p) => p.schema?.type === 'integer' && (p.in === 'path' || p.in === 'query'),
        );
        for (const parameter of integers) {
          for (const value of TOO_BIG) {
            const inPath = template
              .replace(/^\/api\/v1/, '')
              .replace(/\{(\w+)\}/g, (_, name: string) => (name === parameter.name ? String(value) : '1'));
            const url = parameter.in === 'query' ? `${inPath}?${parameter.name}=${value}` : inPath;
            const init = { method: method.toUpperCase(), headers: { authorization: `Bearer ${token}` } };
            await expectRefused(await app.request(url, init), `${method} ${url}`);
            tried++;
          }
        }
      }
    }
    // The document has the id routes of every domain (products, profiles, sessions, cities, ...).
    expect(tried).toBeGreaterThan(40);
  });

  it('in JSON bodies: session to end on login, comment parent, player report and watch time', async () => {
    await app.signUp('09125550002', { password: 'secret-pass-2' });
    for (const value of TOO_BIG) {
      await expectRefused(
        await app.login('09125550002', 'secret-pass-2', { remove_session_id: value }),
        `login remove_session_id ${value}`,
      );
      const report = {
        product_id: value,
        position: 1,
        problem: 'buffering',
        browser: 'test',
        network: {},
      };
      await expectRefused(await app.post('/core/player-report', report), `player report ${value}`);
      const watch = { product_id: value, position: 1, duration: 10 };
      await expectRefused(
        await app.as(token, '/core/save-watch-time', { json: watch }),
        `save-watch-time ${value}`,
      );
      await expectRefused(
        await app.as(token, '/products/1/comments', { json: { body: 'hello', parent_id: value } }),
        `comment parent_id ${value}`,
      );
    }
  });
});
