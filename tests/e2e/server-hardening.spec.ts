import http from 'node:http';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';

/**
 * What a hostile client sends to server.mjs itself (issue 10): methods Astro cannot handle, addresses
 * it cannot decode or route, and bodies far larger than anything the API reads. Every answer under
 * /api/ is the API's own: JSON `{message}` in the request's language, with the API's headers.
 */

const { hostname, port } = new URL(baseURL);

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

function expectApiError(res: Raw, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(JSON.parse(res.body)).toEqual({ message });
}

/**
 * Sends the request head and the first part of a body over a raw socket, never the rest, and resolves
 * with the first line of the answer: an answer proves the server did not wait for the whole body.
 */
function answerBeforeTheBody(head: string, first: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(first);
    });
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 5 s: the server waits for the rest of the body'));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

test.describe('server.mjs under hostile requests', () => {
  test('methods it serves nowhere get 405 with Allow, not a 500', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const api = await send(method, '/api/v1/health', { 'Accept-Language': 'en' });
      expectApiError(api, 405, 'This server does not accept requests with this method.');
      expect(api.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect((await send(method, '/')).status).toBe(405);
    }
  });

  test('malformed or unroutable API addresses answer in the error shape and language', async () => {
    expectApiError(
      await send('GET', '/api/v1/products/%ff', { 'Accept-Language': 'en' }),
      400,
      'The request could not be processed.',
    );
    expectApiError(await send('GET', '/api/v1/me?page=%'), 400, 'درخواست قابل پردازش نیست');
    for (const path of ['/api/v1/%0d%0a', '/api/v1/products/%0Aabc', '/api/v2/products', '/api/']) {
      expectApiError(
        await send('GET', path, { 'Accept-Language-site': 'en' }),
        404,
        'There is no such API path.',
      );
    }
  });

  test('an oversized body gets 413 before the server reads it', async () => {
    const json = 'Content-Type: application/json\r\nAccept-Language: en\r\n';
    const declared = await answerBeforeTheBody(
      `POST /api/v1/auth/init HTTP/1.1\r\nHost: ${hostname}\r\n${json}Content-Length: 52428800\r\n\r\n`,
      Buffer.alloc(1024, 0x20),
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared).toMatch(/content-type: application\/json/i);

    // Streamed without a length: refused once it passes the limit, while the client is still sending.
    const chunk = Buffer.concat([Buffer.from('20000\r\n'), Buffer.alloc(0x20000, 0x20), Buffer.from('\r\n')]);
    const streamed = await answerBeforeTheBody(
      `POST /api/v1/auth/init HTTP/1.1\r\nHost: ${hostname}\r\n${json}Transfer-Encoding: chunked\r\n\r\n`,
      chunk,
    );
    expect(streamed).toMatch(/^HTTP\/1\.1 413 /);
  });
});
