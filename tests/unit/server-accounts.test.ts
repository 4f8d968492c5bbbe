import { describe, expect, it } from 'vitest';
import { normalizeUserName } from '~/shared/auth';
import { deviceLabel } from '~/server/auth/device';
import { hashPassword, verifyPassword } from '~/server/auth/secrets';
import { loadConfig } from '~/server/config';

describe('normalizeUserName', () => {
  it.each([
    ['09121234567', '+989121234567'],
    ['+989121234567', '+989121234567'],
    ['989121234567', '+989121234567'],
    ['۰۹۱۲۱۲۳۴۵۶۷', '+989121234567'],
    ['٠٩١٢١٢٣٤٥٦٧', '+989121234567'],
    [' Sara@Example.COM ', 'sara@example.com'],
  ])('reads %j as %s', (raw, expected) => {
    expect(normalizeUserName(raw)).toBe(expected);
  });

  it.each(['02112345678', '+4930123456', 'sara@', 'hello'])('refuses %j', (raw) => {
    expect(normalizeUserName(raw)).toBeNull();
  });
});

describe('password hashing', () => {
  it('verifies the right password only, with the parameters stored alongside', async () => {
    const stored = await hashPassword('رمز-خوب-۱۴۰۴');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('رمز-خوب-۱۴۰۴', stored)).toBe(true);
    expect(await verifyPassword('رمز-خوب-1404', stored)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'Chrome, Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari, iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'Edge, Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox, Linux'],
    ['okhttp/4.12.0', 'okhttp/4.12.0'],
    [undefined, 'Unknown'],
  ])('labels %j as %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe('delivery settings', () => {
  it('needs a template with a Kavenegar key, and an smtp(s) URL', () => {
    expect(() => loadConfig({ KAVENEGAR_API_KEY: 'k' })).toThrow(/KAVENEGAR_TEMPLATE/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    const config = loadConfig({
      KAVENEGAR_API_KEY: 'k',
      KAVENEGAR_TEMPLATE: 'verify',
      SMTP_URL: 'smtps://u:p@mail.example:465',
    });
    expect(config.kavenegar).toEqual({
      apiKey: 'k',
      template: 'verify',
      baseUrl: 'https://api.kavenegar.com',
    });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(loadConfig({ KAVENEGAR_API_KEY: '', SMTP_URL: '' })).toMatchObject({
      kavenegar: undefined,
      smtpUrl: undefined,
    });
  });
});
