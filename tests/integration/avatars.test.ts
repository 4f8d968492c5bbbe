import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

describe(`default avatars on ${databaseUnderTest}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lists at least eight avatars with titles in both languages, each image served as SVG', async () => {
    const { avatars } = await (await app.request('/core/default-avatars')).json();
    expect(avatars.length).toBeGreaterThanOrEqual(8);
    const images = new Set<string>();
    for (const avatar of avatars) {
      expect(avatar.title).toMatch(/[\u0600-\u06FF]/);
      expect(avatar.en_title).toMatch(/^[A-Z]/);
      expect(avatar.url).toBe(`/api/v1/core/default-avatars/${avatar.id}.svg`);
      const res = await app.request(avatar.url.replace('/api/v1', ''));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.headers.get('cache-control')).toContain('public');
      const svg = await res.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 128 128"/);
      expect(svg).not.toMatch(/<script|on\w+=/i);
      images.add(svg);
    }
    expect(images.size).toBe(avatars.length);
  });

  it('answers an unknown avatar with a 404 and a malformed name with a 422', async () => {
    expect((await app.request('/core/default-avatars/999.svg')).status).toBe(404);
    expect((await app.request('/core/default-avatars/1.png')).status).toBe(422);
  });
});
