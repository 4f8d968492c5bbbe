import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '~/server/api/body-limits';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

/**
 * Request bodies are bounded before they are read: JSON and forms by a small limit, multipart uploads
 * by the avatar's. (tests/e2e/server-hardening.spec.ts sends the same through server.mjs on a socket.)
 */
describe(`request body limits on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const english = { 'accept-language': 'en' };

  it('refuses a JSON body past the limit with 413 in the error shape', async () => {
    const padding = ' '.repeat(MAX_BODY_BYTES);
    const res = await app.request('/auth/init', {
      method: 'POST',
      headers: { ...english, 'content-type': 'application/json' },
      body: `{"user_name": "09121112233"}${padding}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large.' });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a streamed body without a length once it passes the limit', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const res = await app.api.request(
      '/api/v1/auth/init',
      // A streamed body needs `duplex` (missing from the DOM types).
      {
        method: 'POST',
        headers: { ...english, 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit,
      { clientAddress: '127.0.0.1' },
    );
    expect(res.status).toBe(413);
    // It stopped reading right after the limit, not at the end (there is none).
    expect(sent).toBeLessThan(MAX_BODY_BYTES * 2);
  });

  it('lets a body within the limit through, and an upload up to the upload limit', async () => {
    const ok = await app.request('/auth/init', { json: { user_name: '09121112233' } });
    expect(ok.status).toBe(200);

    const form = new FormData();
    form.set('avatar', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', { type: 'image/png' }));
    const tooBig = await app.request('/me/profiles', { method: 'POST', body: form, headers: english });
    expect(tooBig.status).toBe(413);
  });
});
