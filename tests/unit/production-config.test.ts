import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';

/**
 * Production mode fails closed (decision record 0032): NODE_ENV=production or a PostgreSQL
 * DATABASE_URL means no demo data, no sandbox bank and no generated secrets unless asked for, and a
 * start without what it needs is refused with every problem named at once. The demo (no variables at
 * all) stays as it was.
 */

const base = { DATA_DIR: '/tmp/cinema-production-config-test' };
const postgres = 'postgres://cinema@db.internal:5432/cinema';
const zarinpal = { ZARINPAL_MERCHANT_ID: '1344b5d4-0048-11e8-94db-005056a205be' };
/** Everything production mode requires, with a real gateway. */
const production = {
  ...base,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cinema.example',
  MEDIA_SIGNING_SECRET: 'm'.repeat(48),
  PAYMAN_SIGNATURE_KEY: 'p'.repeat(48),
  ...zarinpal,
};

function without<T extends object>(env: T, name: keyof T): Omit<T, typeof name> {
  const { [name]: _dropped, ...rest } = env;
  return rest;
}

/** The refusal's lines (after the heading), or [] when the environment is accepted. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
}

describe('the demo (no variables)', () => {
  it('seeds the demo, serves the sandbox bank and keeps generated secrets in DATA_DIR', () => {
    for (const env of [base, { ...base, NODE_ENV: 'development' }, { ...base, NODE_ENV: 'test' }]) {
      const config = loadConfig(env);
      expect(config.mode).toBe('demo');
      expect(config.seedDemo).toBe(true);
      expect(config.sandboxBank).toBe(true);
      expect(config.mediaSigningSecret).toBeUndefined();
      expect(config.paymanSignatureKey).toBeUndefined();
      expect(config.publicUrl).toBe('http://localhost:4321');
    }
    // The embedded database in memory (tests) or on disk is the demo, too.
    expect(loadConfig({ ...base, DATABASE_URL: 'memory://' }).mode).toBe('demo');
  });

  it('keeps BUILD to server.mjs: any value starts', () => {
    expect(loadConfig({ ...base, BUILD: 'always' }).mode).toBe('demo');
  });
});

describe('production mode', () => {
  it('is NODE_ENV=production or any PostgreSQL DATABASE_URL', () => {
    expect(loadConfig(production).mode).toBe('production');
    const onPostgres = { ...without(production, 'NODE_ENV'), DATABASE_URL: postgres };
    expect(loadConfig(onPostgres).mode).toBe('production');
    expect(
      loadConfig({ ...onPostgres, DATABASE_URL: postgres.replace('postgres:', 'postgresql:') }).mode,
    ).toBe('production');
    // NODE_ENV naming another mode does not turn a PostgreSQL start back into the demo.
    expect(loadConfig({ ...onPostgres, NODE_ENV: 'development' }).mode).toBe('production');
  });

  it('on PostgreSQL without SEED_DEMO or SANDBOX_BANK: no demo data and no sandbox bank', () => {
    const config = loadConfig({ ...without(production, 'NODE_ENV'), DATABASE_URL: postgres });
    expect(config.seedDemo).toBe(false);
    expect(config.sandboxBank).toBe(false);
    expect(config.gateways.zarinpal?.merchantId).toBe(zarinpal.ZARINPAL_MERCHANT_ID);
    expect(config.mediaSigningSecret).toBe('m'.repeat(48));
    expect(config.paymanSignatureKey).toBe('p'.repeat(48));
    expect(config.publicUrl).toBe('https://cinema.example');
  });

  it('seeds the demo and serves the sandbox bank only when set to 1', () => {
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...production, SANDBOX_BANK: '1' }).sandboxBank).toBe(true);
    // `auto` (the demo's default) does not open the sandbox in production.
    expect(loadConfig({ ...production, SANDBOX_BANK: 'auto' }).sandboxBank).toBe(false);
    const sandboxOnly = { ...without(production, 'ZARINPAL_MERCHANT_ID'), SANDBOX_BANK: '1' };
    expect(loadConfig(sandboxOnly).sandboxBank).toBe(true);
  });

  it('refuses a start with no gateway at all unless the sandbox bank is asked for', () => {
    for (const sandbox of [{}, { SANDBOX_BANK: 'auto' }, { SANDBOX_BANK: '0' }]) {
      expect(problemsOf({ ...without(production, 'ZARINPAL_MERCHANT_ID'), ...sandbox })).toEqual([
        expect.stringMatching(
          /^SANDBOX_BANK: no payment gateway is configured: set one \(ZARINPAL_MERCHANT_ID,.*SANDBOX_BANK=1/,
        ),
      ]);
    }
    // Any of the other gateways is one.
    const mellat = { MELLAT_TERMINAL_ID: '123', MELLAT_USERNAME: 'u', MELLAT_PASSWORD: 'p' };
    expect(
      loadConfig({ ...without(production, 'ZARINPAL_MERCHANT_ID'), ...mellat }).gateways.mellat,
    ).toBeDefined();
  });

  it('refuses each missing shared secret and a missing PUBLIC_URL, saying what to set', () => {
    expect(problemsOf(without(production, 'MEDIA_SIGNING_SECRET'))).toEqual([
      expect.stringMatching(
        /^MEDIA_SIGNING_SECRET: required in production: .*32 characters.*same on every instance/,
      ),
    ]);
    expect(problemsOf(without(production, 'PAYMAN_SIGNATURE_KEY'))).toEqual([
      expect.stringMatching(
        /^PAYMAN_SIGNATURE_KEY: required in production: .*32 characters.*same on every instance/,
      ),
    ]);
    expect(problemsOf(without(production, 'PUBLIC_URL'))).toEqual([
      expect.stringMatching(/^PUBLIC_URL: required in production: the origin viewers use/),
    ]);
    // An empty value is no value.
    expect(problemsOf({ ...production, MEDIA_SIGNING_SECRET: '' })).toEqual([
      expect.stringMatching(/^MEDIA_SIGNING_SECRET: required/),
    ]);
  });

  it('refuses a build at start: BUILD must be never or unset', () => {
    expect(loadConfig({ ...production, BUILD: 'never' }).mode).toBe('production');
    for (const build of ['auto', 'always']) {
      expect(problemsOf({ ...production, BUILD: build })).toEqual([
        expect.stringMatching(
          new RegExp(
            `^BUILD: production mode never builds at start \\(BUILD=${build}\\): run \`npm run build\``,
          ),
        ),
      ]);
    }
  });

  it('lists every problem at once, malformed values included', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /^Invalid environment \(production mode\):/,
    );
    expect(
      problemsOf({ ...base, NODE_ENV: 'production', BUILD: 'always' }).map((line) => line.split(':')[0]),
    ).toEqual(['PUBLIC_URL', 'MEDIA_SIGNING_SECRET', 'PAYMAN_SIGNATURE_KEY', 'SANDBOX_BANK', 'BUILD']);
    const malformed = {
      ...base,
      DATABASE_URL: postgres,
      PAYMAN_SIGNATURE_KEY: 'short',
      SEP_TERMINAL_ID: '12a',
    };
    expect(problemsOf(malformed).map((line) => line.split(':')[0])).toEqual([
      'PAYMAN_SIGNATURE_KEY',
      'SEP_TERMINAL_ID',
      'PUBLIC_URL',
      'MEDIA_SIGNING_SECRET',
    ]);
  });
});

describe('the seller on receipts (decision record 0042)', () => {
  it('is the made-up demo company in the demo, and in production only what is set, never the demo’s', () => {
    expect(loadConfig(base).company.economicCode).toMatch(/^\d{12}$/);
    expect(loadConfig(production).company).toEqual({
      name: undefined,
      address: undefined,
      nationalId: undefined,
      economicCode: undefined,
      vatNumber: undefined,
      phone: undefined,
    });
    const set = {
      COMPANY_NAME_FA: 'شرکت نمونه',
      COMPANY_NAME_EN: 'Sample Co.',
      COMPANY_ECONOMIC_CODE: '411234567890',
    };
    expect(loadConfig({ ...production, ...set }).company).toMatchObject({
      name: { fa: 'شرکت نمونه', en: 'Sample Co.' },
      economicCode: '411234567890',
      nationalId: undefined,
    });
  });

  it('refuses a name or address in one language only, and malformed ids, naming the variable', () => {
    expect(problemsOf({ ...base, COMPANY_NAME_FA: 'شرکت نمونه' })).toEqual([
      'COMPANY_NAME_EN: required when COMPANY_NAME_FA is set (receipts print both languages)',
    ]);
    expect(problemsOf({ ...base, COMPANY_ADDRESS_EN: '7 Azadi St' })).toEqual([
      'COMPANY_ADDRESS_FA: required when COMPANY_ADDRESS_EN is set (receipts print both languages)',
    ]);
    expect(problemsOf({ ...base, COMPANY_NATIONAL_ID: '123', COMPANY_ECONOMIC_CODE: 'x' })).toEqual([
      'COMPANY_NATIONAL_ID: COMPANY_NATIONAL_ID is 11 digits',
      'COMPANY_ECONOMIC_CODE: COMPANY_ECONOMIC_CODE is 12 digits',
    ]);
  });
});
