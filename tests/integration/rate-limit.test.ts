import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRateLimit } from '~/server/core/contact';
import { defineRateLimit } from '~/server/core/rate-limit';
import { rateLimitCounters } from '~/server/db/schema';
import type { DomainError } from '~/server/errors';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

describe(`rate limiting on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (clientAddress: string, language = 'fa', instance: Pick<TestApp, 'request'> = app) =>
    instance.request('/core/contact', {
      json: {},
      clientAddress,
      headers: { 'accept-language-site': language },
    });

  it('answers 429 with Retry-After and a translated message once the window is full', async () => {
    const address = '192.0.2.10';
    for (let i = 0; i < contactRateLimit.limit; i++) expect((await post(address)).status).toBe(422);
    const limited = await post(address);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(contactRateLimit.windowSeconds);
    expect((await limited.json()).message).toMatch(/^تعداد درخواست‌ها بیش از حد مجاز است؛ [۰-۹]+ ثانیه دیگر/);
    const en = await post(address, 'en');
    expect(await en.json()).toEqual({ message: `Too many requests; try again in ${retryAfter} seconds.` });

    expect((await post('192.0.2.11')).status).toBe(422);
    app.clock.advance(retryAfter);
    expect((await post(address)).status).toBe(422);
  });

  it('is shared by two servers on the same database', async () => {
    const sibling = await app.startSibling();
    try {
      const address = '192.0.2.20';
      for (let i = 0; i < contactRateLimit.limit; i++) {
        const instance = i % 2 === 0 ? app : sibling;
        expect((await post(address, 'fa', instance)).status).toBe(422);
      }
      expect((await post(address, 'fa', sibling)).status).toBe(429);
      expect((await post(address, 'fa', app)).status).toBe(429);
    } finally {
      await sibling.close();
    }
  });

  it('counts concurrent hits exactly', async () => {
    const rule = defineRateLimit({ name: 'test-burst', limit: 7, windowSeconds: 60 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => app.ctx.rateLimiter.consume(rule, 'burst')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected.every((result) => (result.reason as DomainError).code === 'rate_limited')).toBe(true);
  });

  it('sweeps windows older than a day', async () => {
    const rule = defineRateLimit({ name: 'test-sweep', limit: 5, windowSeconds: 60 });
    await app.ctx.rateLimiter.consume(rule, 'old');
    const buckets = async () =>
      (await app.ctx.database.db.select().from(rateLimitCounters)).map((row) => row.bucket);
    expect(await buckets()).toContain('test-sweep:old');
    app.clock.advance(25 * 60 * 60);
    await app.ctx.rateLimiter.consume(rule, 'new');
    expect(await buckets()).not.toContain('test-sweep:old');
    expect(await buckets()).toContain('test-sweep:new');
  });

  it('refuses windows it could not keep', () => {
    expect(() => defineRateLimit({ name: 'too-long', limit: 1, windowSeconds: 2 * 24 * 60 * 60 })).toThrow();
  });
});
