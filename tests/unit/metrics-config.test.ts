import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';

/** Where the metrics endpoint listens, and that production mode never opens it on every interface. */

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cinema.example',
  MEDIA_SIGNING_SECRET: 'm'.repeat(40),
  PAYMAN_SIGNATURE_KEY: 'p'.repeat(40),
  SANDBOX_BANK: '1',
  DATA_DIR: '/tmp/cinema-metrics-config',
};

describe('metrics and log configuration', () => {
  it('has no metrics endpoint unless METRICS_PORT is set, and then listens on loopback', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
  });

  it('reads LOG_LEVEL (info by default) and refuses a level pino does not know', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });

  it('production mode refuses metrics on every interface, and takes a private address', () => {
    for (const host of ['0.0.0.0', '::']) {
      expect(() => loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: host })).toThrow(
        /METRICS_HOST: production mode does not serve metrics on every interface/,
      );
    }
    expect(loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    expect(loadConfig({ ...production, METRICS_PORT: '9464' }).metrics?.host).toBe('127.0.0.1');
    // The demo may listen anywhere it is told to.
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics?.host).toBe('0.0.0.0');
  });
});
