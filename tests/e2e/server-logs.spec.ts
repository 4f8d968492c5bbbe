import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startServer, stopServer, type Server } from './server-process';

/**
 * What an operator reads from a running server.mjs: every line on stdout and stderr is JSON, one line
 * per request with its method, route, status, duration, request id (the one the response carries) and
 * user id, nothing secret in any of it; and Prometheus metrics on their own port, not the public one.
 */

/** server.mjs with its metrics on a port of their own and info lines logged. */
async function startLoggingServer(dataDir: string): Promise<Server & { metrics: string }> {
  const metricsPort = await freePort();
  const server = await startServer(dataDir, {
    env: { METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' },
  });
  // The same object: stopServer reads the exit code server-process keeps on it.
  return Object.assign(server, { metrics: `http://127.0.0.1:${metricsPort}` });
}

type LogLine = Record<string, unknown> & { level: string; msg: string };

test.describe('server.mjs logs and metrics', () => {
  test('JSON lines, one per request with its id and user, nothing secret; metrics on their own port', async () => {
    test.setTimeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinema-server-logs-'));
    const server = await startLoggingServer(dataDir);
    try {
      // The demo viewer logs in with a password, then asks for its account with the token.
      const password = 'demo-pass-1404';
      const phone = '09120000000';
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: phone, password }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const { token, me } = (await login.json()) as { token: string; me: { id: number } };
      const mine = await fetch(`${server.url}/api/v1/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'support-ticket-1234' },
      });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('x-request-id')).toBe('support-ticket-1234');
      // A page, and a wrong password (its attempt is refused and logged like any other request).
      const page = await fetch(`${server.url}/en?utm_source=mail&code=987654`);
      expect(page.status).toBe(200);
      const pageId = page.headers.get('x-request-id');
      expect(pageId).toMatch(/^[0-9a-f-]{36}$/);
      const wrong = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: phone, password: 'Wrong-Secret-99' }),
      });
      expect(wrong.status).toBeGreaterThanOrEqual(400);

      // A shared API read, the second time answered from the response cache before Hono: same family.
      for (let i = 0; i < 2; i++) {
        expect((await fetch(`${server.url}/api/v1/core/get-home-widgets`)).status).toBe(200);
      }

      // The metrics port answers Prometheus; the public port does not.
      const scraped = await fetch(`${server.metrics}/metrics`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toMatch(/^http_requests_total\{family="api:auth",method="POST",status="200"\} 1$/m);
      expect(text).toMatch(/^http_requests_total\{family="api:me",method="GET",status="200"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{family="page"\} \d+$/m);
      expect(text).toMatch(/^http_requests_total\{family="api:core",method="GET",status="200"\} 2$/m);
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/v1/metrics`)).status).toBe(404);

      await expect
        .poll(() => server.output().includes('support-ticket-1234'), { timeout: 10_000 })
        .toBe(true);
      await stopServer(server);
      const rows = server
        .output()
        .split('\n')
        .filter((row) => row.trim() !== '');
      const lines = rows.map((row) => {
        expect(() => JSON.parse(row), `not a JSON line: ${row}`).not.toThrow();
        return JSON.parse(row) as LogLine;
      });
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.find((line) => line['reqId'] === 'support-ticket-1234')).toMatchObject({
        level: 'info',
        method: 'GET',
        route: '/api/v1/me',
        family: 'api:me',
        status: 200,
        userId: me.id,
      });
      expect(requests.find((line) => line['reqId'] === pageId)).toMatchObject({
        method: 'GET',
        route: '/en',
        family: 'page',
        status: 200,
      });
      expect(
        requests.filter((line) => line['route'] === '/api/v1/auth/login').map((line) => line['status']),
      ).toEqual([200, wrong.status]);
      for (const line of requests) expect(typeof line['ms']).toBe('number');
      expect(lines.some((line) => line.msg.startsWith('Serving on'))).toBe(true);

      const output = server.output();
      for (const secret of [token, password, 'Wrong-Secret-99', phone, '987654', 'utm_source']) {
        expect(output, `${secret} leaked into the log`).not.toContain(secret);
      }
    } finally {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
