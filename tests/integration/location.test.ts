import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnderTest, startTestApp, type TestApp } from './harness';

const IRANIAN = '5.160.0.1';
const GERMAN = '85.214.132.117';

describe(`visitor location on ${databaseUnderTest}`, () => {
  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(() => app.close());

    const configFor = async (forwardedFor?: string) => {
      const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
      const res = await app.request('/core/configV3', { headers, clientAddress: '10.0.0.2' });
      expect(res.status).toBe(200);
      return res.json();
    };

    it('an Iranian address pays in IRR and sees no consent banner', async () => {
      expect((await configFor(IRANIAN)).location).toEqual({
        country: 'IR',
        location_currency: 'IRR',
        is_eea: false,
      });
    });

    it('a German address pays in USD and is in the EEA, whatever the client wrote before it', async () => {
      // The one trusted proxy appended the address it saw; the entry before it is the client's word.
      expect((await configFor(`${IRANIAN}, ${GERMAN}`)).location).toEqual({
        country: 'DE',
        location_currency: 'USD',
        is_eea: true,
      });
    });

    it('an unknown (private) address is treated as home market', async () => {
      expect((await configFor()).location).toEqual({
        country: null,
        location_currency: 'IRR',
        is_eea: false,
      });
      expect((await configFor('not-an-ip')).location.country).toBeNull();
    });

    it('GET /core/location answers the same', async () => {
      const res = await app.request('/core/location', { headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect(await res.json()).toEqual({ country: 'US', location_currency: 'USD', is_eea: false });
    });
  });

  describe('without TRUST_PROXY', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app.close());

    it('ignores X-Forwarded-For and uses the socket address', async () => {
      const res = await app.request('/core/location', {
        headers: { 'x-forwarded-for': GERMAN },
        clientAddress: IRANIAN,
      });
      expect((await res.json()).country).toBe('IR');
    });

    it('configV3 carries the shell configuration in both languages', async () => {
      const config = await (await app.request('/core/configV3', { clientAddress: GERMAN })).json();
      expect(config).toMatchObject({
        name: 'سینماخانه',
        en_name: 'Cinemakhaneh',
        location: { country: 'DE' },
      });
      expect(config.support_phone).toMatch(/^\+98\d+$/);
      expect(config.menu.footer).toContainEqual({
        href: '/about',
        en_href: '/en/about',
        title: 'درباره ما',
        en_title: 'About us',
      });
      expect(config.menu.main[0]).toEqual({ href: '/', en_href: '/en', title: 'خانه', en_title: 'Home' });
      expect(config.downloads.length).toBeGreaterThan(0);
      expect(config.features).toEqual(expect.objectContaining({ shop: expect.any(Boolean) }));
    });
  });
});
