import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, errorMessagesOf, fieldErrorsOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';

/** A real server on 127.0.0.1 that records what it received and answers per path. */
let server: http.Server;
let baseURL: string;
let received: IncomingHttpHeaders[] = [];

const replies: Record<string, { status: number; body: unknown }> = {
  '/api/v1/ok': { status: 200, body: { ok: true } },
  '/api/v1/payments': { status: 201, body: { ok: true } },
  '/api/v1/invalid': {
    status: 422,
    body: {
      message: 'The given data was invalid.',
      errors: { phone: ['Phone is required.', 'Phone must be 11 digits.'], captcha: ['Wrong captcha.'] },
    },
  },
  '/api/v1/conflict': { status: 409, body: { message: 'You cannot have more than 3 active devices.' } },
  '/api/v1/crash': { status: 500, body: 'Internal error' },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    received.push(request.headers);
    const reply = replies[request.url ?? ''] ?? { status: 404, body: { message: 'Not found' } };
    const json = typeof reply.body !== 'string';
    response.writeHead(reply.status, { 'content-type': json ? 'application/json' : 'text/plain' });
    response.end(json ? JSON.stringify(reply.body) : reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

function clientFor(locale: Locale, token?: string, url = baseURL) {
  const toasts: string[] = [];
  const api = createApiClient({
    locale,
    baseURL: url,
    getToken: () => token,
    notify: { error: (message) => toasts.push(message) },
  });
  return { api, toasts };
}

describe('the API client', () => {
  it('sends the bearer token when there is one', async () => {
    const { api, toasts } = clientFor('fa', 'secret-token');
    await expect(api('/ok')).resolves.toEqual({ ok: true });
    expect(received[0]?.authorization).toBe('Bearer secret-token');
    expect(toasts).toEqual([]);
  });

  it('sends no Authorization header without a token', async () => {
    const { api } = clientFor('fa');
    await api('/ok');
    expect(received[0]).not.toHaveProperty('authorization');
  });

  it('sends the page language in both language headers', async () => {
    await clientFor('fa').api('/ok');
    await clientFor('en').api('/ok', { method: 'POST', body: { a: 1 } });
    expect(received[0]?.['accept-language']).toBe('fa');
    expect(received[0]?.['accept-language-site']).toBe('fa');
    expect(received[1]?.['accept-language']).toBe('en');
    expect(received[1]?.['accept-language-site']).toBe('en');
    expect(received[1]?.['content-type']).toBe('application/json');
  });

  it('sends the kept campaign with a sign-up and a payment, and with nothing else', async () => {
    const kept = 'utm_campaign=nowruz-1405&landing=landing1';
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'attribution' ? kept : null) });
    try {
      const { api } = clientFor('fa');
      await api('/payments', { method: 'POST', body: {} });
      await api('/payments');
      await api('/ok', { method: 'POST', body: {} });
      expect(received.map((headers) => headers['x-attribution'])).toEqual([kept, undefined, undefined]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('toasts every message of every field of an errors map, and rejects with the field errors', async () => {
    const { api, toasts } = clientFor('en');
    const failure = await api('/invalid', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(toasts).toEqual(['Phone is required.', 'Phone must be 11 digits.', 'Wrong captcha.']);
    expect(fieldErrorsOf(failure)).toEqual({
      phone: ['Phone is required.', 'Phone must be 11 digits.'],
      captcha: ['Wrong captcha.'],
    });
  });

  it("toasts the response's message when there is no errors map", async () => {
    const { api, toasts } = clientFor('en');
    await expect(api('/conflict')).rejects.toThrow();
    expect(toasts).toEqual(['You cannot have more than 3 active devices.']);
  });

  it('falls back to a generic message when an error response carries none', async () => {
    const { api, toasts } = clientFor('en');
    await expect(api('/crash')).rejects.toThrow();
    expect(toasts).toEqual(['Something went wrong; try again.']);
  });

  it('toasts the translated network error once when nothing answers', async () => {
    // Bind and release a port so it is known to refuse connections.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const fa = clientFor('fa', undefined, `http://127.0.0.1:${port}/api/v1`);
    await expect(fa.api('/ok')).rejects.toThrow();
    expect(fa.toasts).toEqual(['خطای شبکه، دوباره تلاش کنید']);

    const en = clientFor('en', undefined, `http://127.0.0.1:${port}/api/v1`);
    await expect(en.api('/ok')).rejects.toThrow();
    expect(en.toasts).toEqual(['Network error; try again.']);
  });

  it('stays quiet when the caller cancels a request', async () => {
    const { api, toasts } = clientFor('en');
    const controller = new AbortController();
    controller.abort();
    await expect(api('/ok', { signal: controller.signal })).rejects.toThrow();
    expect(toasts).toEqual([]);
  });
});

describe('errorMessagesOf', () => {
  it('skips empty field lists and uses message then', () => {
    expect(errorMessagesOf({ message: 'Nope', errors: { phone: [] } }, 'en')).toEqual(['Nope']);
  });
});
