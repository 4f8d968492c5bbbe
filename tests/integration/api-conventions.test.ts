import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe(`API conventions on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('validation errors', () => {
    it('are a 422 with every field, in Persian by default', async () => {
      const res = await app.request('/core/contact', {
        json: { email: 'not-an-address', full_name: 'سارا' },
      });
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.message).toBe('اطلاعات وارد شده کامل یا درست نیست');
      expect(body.errors).toEqual({
        phone: ['وارد کردن این فیلد الزامی است'],
        email: ['نشانی ایمیل معتبر نیست'],
        subject: ['وارد کردن این فیلد الزامی است'],
        message: ['وارد کردن این فیلد الزامی است'],
        captcha_key: ['وارد کردن این فیلد الزامی است'],
        captcha: ['وارد کردن این فیلد الزامی است'],
      });
    });

    it('follow Accept-Language', async () => {
      const res = await app.request('/core/contact', {
        json: { message: '   ' },
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      const body = await res.json();
      expect(res.status).toBe(422);
      expect(body.message).toBe('The information entered is incomplete or invalid.');
      expect(body.errors.message).toEqual(['Entering this field is required.']);
      expect(body.errors.full_name).toEqual(['Entering this field is required.']);
    });

    it('prefer Accept-Language-site over the browser language', async () => {
      const res = await app.request('/core/contact', {
        json: {},
        headers: { 'accept-language': 'en-US,en', 'accept-language-site': 'fa' },
      });
      expect((await res.json()).errors.message).toEqual(['وارد کردن این فیلد الزامی است']);
    });

    it('say how long a field may be, with Persian digits in Persian', async () => {
      const long = { subject: 'x'.repeat(151) };
      const fa = await (await app.request('/core/contact', { json: long })).json();
      const en = await (
        await app.request('/core/contact', { json: long, headers: { 'accept-language-site': 'en' } })
      ).json();
      expect(fa.errors.subject).toEqual(['این فیلد حداکثر ۱۵۰ نویسه می‌تواند باشد']);
      expect(en.errors.subject).toEqual(['This field can be at most 150 characters.']);
    });

    it('cover path parameters too', async () => {
      const res = await app.request('/core/cities/tehran', { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ id: ['Enter a valid number.'] });
    });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.request('/core/contact', {
      method: 'POST',
      body: '{"full_name": ',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request could not be processed.' });
  });

  it('answers unknown /api/v1 paths with a JSON 404', async () => {
    for (const [path, method] of [
      ['/no/such/thing', 'GET'],
      ['/core/states', 'DELETE'],
    ] as const) {
      const res = await app.request(path, { method, headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'There is no such API path.' });
      expectSecurityHeaders(res);
    }
    const fa = await app.request('/nothing');
    expect(await fa.json()).toEqual({ message: 'چنین مسیری در API وجود ندارد' });
  });

  describe('request ids', () => {
    it('are generated when the client sends none', async () => {
      const one = (await app.request('/health')).headers.get('x-request-id');
      const two = (await app.request('/health')).headers.get('x-request-id');
      expect(one).toMatch(/^[0-9a-f-]{36}$/);
      expect(two).not.toBe(one);
    });

    it('are passed through from a proxy, on errors too', async () => {
      const res = await app.request('/missing', { headers: { 'x-request-id': 'edge-42_abc' } });
      expect(res.headers.get('x-request-id')).toBe('edge-42_abc');
    });

    it('are replaced when the incoming one is unsafe to log', async () => {
      const res = await app.request('/health', { headers: { 'x-request-id': 'bad id <script>' } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('sends security headers on JSON, errors and images alike', async () => {
    for (const path of ['/health', '/core/cities/0', '/core/default-avatars/1.svg', '/openapi.json']) {
      const res = await app.request(path);
      expectSecurityHeaders(res);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect((await app.request('/health')).headers.get('cache-control')).toBe('no-store');
  });

  it('describes every route in /openapi.json, from the route schemas', async () => {
    const res = await app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const served = app.api.routes
      .filter((route) => route.method !== 'ALL' && !route.path.endsWith('/openapi.json'))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThanOrEqual(9);
    expect([...documented].sort()).toEqual([...new Set(served)].sort());
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'ContactRequest', 'ConfigV3', 'State', 'City', 'Captcha']),
    );
    const contact = doc.components.schemas.ContactRequest;
    expect(Object.keys(contact.properties)).toEqual([
      'full_name',
      'first_name',
      'last_name',
      'phone',
      'email',
      'subject',
      'message',
      'captcha_key',
      'captcha',
    ]);
    expect(
      doc.paths['/api/v1/core/contact'].post.responses['422'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });
});
