import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { withFormActions } from '~/server/web/page-security';

const base = { DATA_DIR: '/tmp/cinema-config-test' };

describe('payment gateway configuration', () => {
  it('has no real gateway and the sandbox bank on by default', () => {
    const config = loadConfig(base);
    expect(config.sandboxBank).toBe(true);
    expect(Object.values(config.gateways).filter((value) => typeof value === 'object')).toEqual([]);
  });

  it('SANDBOX_BANK=auto turns the sandbox off once a real gateway is configured; 1 keeps it', () => {
    const mellat = { MELLAT_TERMINAL_ID: '123', MELLAT_USERNAME: 'u', MELLAT_PASSWORD: 'p' };
    const config = loadConfig({ ...base, ...mellat, MELLAT_BASE_URL: 'https://example.test/pgwchannel/' });
    expect(config.sandboxBank).toBe(false);
    expect(config.gateways.mellat).toEqual({
      terminalId: '123',
      userName: 'u',
      password: 'p',
      baseUrl: 'https://example.test/pgwchannel',
    });
    expect(loadConfig({ ...base, ...mellat, SANDBOX_BANK: '1' }).sandboxBank).toBe(true);
    expect(loadConfig({ ...base, SANDBOX_BANK: '0' }).sandboxBank).toBe(false);
  });

  it('refuses half a gateway and malformed values, naming the variables', () => {
    expect(() => loadConfig({ ...base, MELLAT_TERMINAL_ID: '123' })).toThrow(
      /MELLAT_USERNAME: required when MELLAT_TERMINAL_ID is set[\s\S]*MELLAT_PASSWORD/,
    );
    expect(() => loadConfig({ ...base, PAYPAL_SECRET: 's' })).toThrow(/PAYPAL_CLIENT_ID: required/);
    expect(() => loadConfig({ ...base, ZARINPAL_MERCHANT_ID: 'not-a-uuid' })).toThrow(/ZARINPAL_MERCHANT_ID/);
    expect(() => loadConfig({ ...base, SEP_TERMINAL_ID: '12a' })).toThrow(/SEP_TERMINAL_ID/);
  });
});

describe('pages allow the gateways that want a posted form', () => {
  it('adds their origins to form-action and leaves the rest of the policy alone', () => {
    const policy = "default-src 'self'; form-action 'self'; frame-ancestors 'none'";
    expect(withFormActions(policy, ['https://bpm.shaparak.ir', 'https://sep.shaparak.ir'])).toBe(
      "default-src 'self'; form-action 'self' https://bpm.shaparak.ir https://sep.shaparak.ir; frame-ancestors 'none'",
    );
    expect(withFormActions(policy, [])).toBe(policy);
  });
});
