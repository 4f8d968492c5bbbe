import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_SECONDS, createCaptcha, solveCaptcha } from '~/server/core/captcha';
import { captchaChallenges } from '~/server/db/schema';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

const persianDigits = (digits: string) => digits.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);
const arabicDigits = (digits: string) => digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

describe(`captcha on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('GET /core/captcha/flat returns an SVG image drawn with paths and a key', async () => {
    const res = await app.request('/core/captcha/flat');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      key: expect.stringMatching(/^[\w-]{20,}$/),
      img: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      sensitive: false,
      expires_in: CAPTCHA_TTL_SECONDS,
    });
    const svg = Buffer.from(body.img.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]+>/);
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
  });

  it('stores the answer only as a hash', async () => {
    const captcha = await createCaptcha(app.ctx);
    const [row] = await app.ctx.database.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.key, captcha.key));
    expect(row?.answerHash).toBeDefined();
    expect(row?.answerHash).not.toContain(captcha.answer);
    expect(row?.expiresAt.getTime()).toBe(app.clock.now().getTime() + CAPTCHA_TTL_SECONDS * 1000);
  });

  it('is solved once: a second check of the right answer fails', async () => {
    const captcha = await createCaptcha(app.ctx);
    expect(await solveCaptcha(app.ctx, captcha.key, captcha.answer)).toBe(true);
    expect(await solveCaptcha(app.ctx, captcha.key, captcha.answer)).toBe(false);
  });

  it('is used up by a wrong answer too', async () => {
    const captcha = await createCaptcha(app.ctx);
    const wrong = captcha.answer === '00000' ? '11111' : '00000';
    expect(await solveCaptcha(app.ctx, captcha.key, wrong)).toBe(false);
    expect(await solveCaptcha(app.ctx, captcha.key, captcha.answer)).toBe(false);
  });

  it('accepts Persian and Arabic digits and stray spaces', async () => {
    const first = await createCaptcha(app.ctx);
    expect(await solveCaptcha(app.ctx, first.key, ` ${persianDigits(first.answer)} `)).toBe(true);
    const second = await createCaptcha(app.ctx);
    expect(await solveCaptcha(app.ctx, second.key, arabicDigits(second.answer))).toBe(true);
  });

  it('expires after five minutes', async () => {
    const fresh = await createCaptcha(app.ctx);
    const stale = await createCaptcha(app.ctx);
    app.clock.advance(CAPTCHA_TTL_SECONDS - 1);
    expect(await solveCaptcha(app.ctx, fresh.key, fresh.answer)).toBe(true);
    app.clock.advance(2);
    expect(await solveCaptcha(app.ctx, stale.key, stale.answer)).toBe(false);
  });

  it('rejects unknown keys', async () => {
    expect(await solveCaptcha(app.ctx, 'no-such-key', '12345')).toBe(false);
  });

  it('is rate limited per client address', async () => {
    const address = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await app.request('/core/captcha/flat', { clientAddress: address })).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const limited = await app.request('/core/captcha/flat', { clientAddress: address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.request('/core/captcha/flat', { clientAddress: '203.0.113.51' })).status).toBe(200);
  });
});
