import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '~/server/api/http-errors';
import type { ApiEnv } from '~/server/api/env';
import { DomainError, invalidFields, type ErrorCode } from '~/server/errors';

/** A bare app whose only route throws what the test asks for, mapped by the API's one error mapper. */
function appThrowing(error: () => unknown, { withRequestIds = false } = {}) {
  const app = new Hono<ApiEnv>();
  if (withRequestIds) app.use(requestId());
  app.onError((err, c) => errorResponse(c, err));
  app.get('/', () => {
    throw error();
  });
  return app;
}

describe('errorResponse', () => {
  it.each<[ErrorCode, number, string]>([
    ['unauthenticated', 401, 'Please log in first.'],
    ['forbidden', 403, 'You are not allowed to do this.'],
    ['not_found', 404, 'Not found.'],
    ['conflict', 409, 'This request conflicts with the current state.'],
    ['bad_request', 400, 'The request could not be processed.'],
    ['payment_required', 402, 'Get a subscription or buy this title to watch it.'],
    ['method_not_allowed', 405, 'This server does not accept requests with this method.'],
    ['gone', 410, 'Not found.'],
    ['too_large', 413, 'The request is too large.'],
    ['too_early', 425, 'Not found.'],
  ])('maps %s to %i with a translated message', async (code, status, message) => {
    const res = await appThrowing(() => new DomainError(code)).request('/', {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
  });

  it('sends Retry-After with 429', async () => {
    const limited = new DomainError(
      'rate_limited',
      { key: 'rate_limited', params: { count: 30 } },
      { retryAfter: 30 },
    );
    const res = await appThrowing(() => limited).request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect((await res.json()).message).toContain('۳۰');
  });

  it('lists field errors of a 422', async () => {
    const res = await appThrowing(() => invalidFields({ captcha: 'captcha_invalid' })).request('/', {
      headers: { 'accept-language-site': 'en' },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'The information entered is incomplete or invalid.',
      errors: { captcha: ['The security code is wrong or has expired; enter the new one.'] },
    });
  });

  it('hides unexpected errors behind a translated 500', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const res = await appThrowing(() => new Error('secret database detail')).request('/');
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body).toEqual({ message: 'خطایی در سرور رخ داد؛ دوباره تلاش کنید' });
    } finally {
      console.error = original;
    }
  });

  it('names the request in a 500 body, as its X-Request-Id header does', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const app = appThrowing(() => new Error('a bug'), { withRequestIds: true });
      const res = await app.request('/', { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(500);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[\w-]{8,}$/);
      expect(await res.json()).toEqual({
        message: 'Something went wrong on the server; try again.',
        requestId: id,
      });
      // An id a proxy in front gave the request is the one quoted.
      const proxied = await app.request('/', { headers: { 'x-request-id': 'nginx-4f2a' } });
      expect((await proxied.json()).requestId).toBe('nginx-4f2a');
    } finally {
      console.error = original;
    }
  });

  it('answers a database that does not answer with a 503 to retry, in the error shape', async () => {
    // What Drizzle throws when postgres.js cannot connect: the socket error is its cause.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const cases = [
      new DrizzleQueryError('select 1', [], refused),
      Object.assign(new Error('write CONNECT_TIMEOUT db:5432'), { code: 'CONNECT_TIMEOUT' }),
      // The server shutting down (57P01) and a statement past its deadline (57014).
      new DrizzleQueryError('select 1', [], Object.assign(new Error('terminating'), { code: '57P01' })),
      new DrizzleQueryError('select 1', [], Object.assign(new Error('canceling'), { code: '57014' })),
    ];
    for (const error of cases) {
      const app = appThrowing(() => error, { withRequestIds: true });
      const res = await app.request('/', { headers: { 'accept-language': 'en' } });
      expect(res.status, String(error)).toBe(503);
      expect(res.headers.get('retry-after')).toBe('10');
      expect(await res.json()).toEqual({
        message: 'The service is unavailable for a moment; try again shortly.',
        reason: 'database_unavailable',
        requestId: res.headers.get('x-request-id'),
      });
    }
  });

  it('keeps a refused statement (a broken constraint) a 500, not an outage', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
      const res = await appThrowing(() => new DrizzleQueryError('insert', [], unique)).request('/');
      expect(res.status).toBe(500);
    } finally {
      console.error = original;
    }
  });
});
