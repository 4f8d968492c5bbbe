import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';
import { AMERICAN, IRANIAN, insertTitle } from './playback-fixtures';

/**
 * The client address through a real chain of HTTP proxies on loopback addresses: each proxy appends the
 * address of the peer it saw to X-Forwarded-For (as nginx's $proxy_add_x_forwarded_for and load
 * balancers do) and connects onwards from an address of its own; the app gets the socket address of the
 * last one, as server.mjs does. The client writes whatever X-Forwarded-For it likes.
 */

const CLIENT = '127.0.0.9';
const CDN = '127.0.0.3';
const BALANCER = '127.0.0.2';

interface Listening {
  port: number;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app over HTTP with the peer's address as its socket address (Astro's clientAddress). */
function origin(app: TestApp): Promise<Listening> {
  return listen(
    http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const response = await app.api.request(
        req.url ?? '/',
        {
          method: req.method ?? 'GET',
          headers: req.headers as Record<string, string>,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        },
        { clientAddress: req.socket.remoteAddress ?? '' },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    }),
  );
}

/** A proxy to `upstream` that connects from `from` and appends its peer's address. */
function proxy(upstream: Listening, from: string): Promise<Listening> {
  return listen(
    http.createServer((req, res) => {
      const seen = req.socket.remoteAddress ?? '';
      const before = req.headers['x-forwarded-for'];
      const headers = { ...req.headers, 'x-forwarded-for': before ? `${before}, ${seen}` : seen };
      const onward = http.request(
        {
          host: '127.0.0.1',
          port: upstream.port,
          localAddress: from,
          method: req.method,
          path: req.url,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(onward);
    }),
  );
}

interface Answer {
  status: number;
  body: { ip?: string; message?: string };
}

/** A request from CLIENT to the first hop, claiming to be `claimed`. */
function send(entry: Listening, path: string, claimed: string, json?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: entry.port,
        localAddress: CLIENT,
        method: body ? 'POST' : 'GET',
        path: `/api/v1${path}`,
        headers: {
          'x-forwarded-for': claimed,
          'accept-language': 'en',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe(`the client address behind proxies on ${databaseUnderTest}`, () => {
  describe('one trusted proxy (TRUST_PROXY=1)', () => {
    let app: TestApp;
    const servers: Listening[] = [];
    let balancer: Listening;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: '1' });
      servers.push(await origin(app));
      balancer = await proxy(servers[0]!, BALANCER);
      servers.push(balancer);
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      await app.close();
    });

    it('is the address the proxy saw, not the one the client wrote', async () => {
      const answer = await send(balancer, '/core/ip', IRANIAN);
      expect(answer.body.ip).toBe(CLIENT);
    });

    it('cannot be chosen to play a title of another region', async () => {
      const usOnly = await insertTitle(app, { regions: ['US'], isFree: true, asset: 'testcard' });
      const answer = await send(balancer, `/play-info/${usOnly}`, AMERICAN);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Item not available in your region.');
    });

    it('cannot be changed to escape a per-address limit', async () => {
      const title = await insertTitle(app, { asset: 'testcard' });
      const report = { product_id: title, position: 1, problem: 'buffering', browser: 'test', network: {} };
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        statuses.push((await send(balancer, '/core/player-report', `198.51.100.${attempt}`, report)).status);
      }
      // Five reports per address in ten minutes, whatever each request claimed.
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  describe('two proxies, trusted by their networks (TRUST_PROXY=127.0.0.2,127.0.0.3)', () => {
    let app: TestApp;
    const servers: Listening[] = [];
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: `${BALANCER}, ${CDN}/32` });
      servers.push(await origin(app));
      servers.push(await proxy(servers[0]!, BALANCER));
      servers.push(await proxy(servers[1]!, CDN));
    });
    afterAll(async () => {
      for (const server of servers.reverse()) await server.close();
      await app.close();
    });

    it('is the address the farthest trusted proxy saw', async () => {
      const [originServer, balancer, cdn] = servers;
      expect((await send(cdn!, '/core/ip', IRANIAN)).body.ip).toBe(CLIENT);
      expect((await send(balancer!, '/core/ip', IRANIAN)).body.ip).toBe(CLIENT);
      // Straight to the app: the peer is no proxy of ours, so its X-Forwarded-For means nothing.
      expect((await send(originServer!, '/core/ip', IRANIAN)).body.ip).toBe(CLIENT);
    });
  });
});
