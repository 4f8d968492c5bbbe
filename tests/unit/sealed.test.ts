import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '~/server/commerce/sealed';
import { loadConfig } from '~/server/config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'sealed-'));
const signature = 'x'.repeat(200);

describe('direct-debit signatures at rest', () => {
  it('open with the key they were sealed under, and never appear in what is stored', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const sealed = seal(config, signature);
    expect(sealed).not.toContain(signature);
    expect(sealed).not.toBe(seal(config, signature));
    expect(unseal(config, sealed)).toBe(signature);
    // Another process on the same DATA_DIR reads the same generated key.
    expect(unseal(loadConfig({ DATA_DIR: config.dataDir }), sealed)).toBe(signature);
  });

  it('refuse another key and an altered value', () => {
    const key = 'k'.repeat(32);
    const config = loadConfig({ DATA_DIR: dataDir(), PAYMAN_SIGNATURE_KEY: key });
    const sealed = seal(config, signature);
    expect(() => unseal(loadConfig({ DATA_DIR: dataDir() }), sealed)).toThrow();
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => unseal(config, [version, nonce, tag, flipped].join('.'))).toThrow();
    expect(unseal(loadConfig({ DATA_DIR: dataDir(), PAYMAN_SIGNATURE_KEY: key }), sealed)).toBe(signature);
  });

  it('is configured only beside Zarinpal, with a key of 32 characters or more', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ZARINPAL_PAYMAN: '1' })).toThrow(
      /ZARINPAL_MERCHANT_ID: required when ZARINPAL_PAYMAN is 1/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMAN_SIGNATURE_KEY: 'short' })).toThrow(
      /PAYMAN_SIGNATURE_KEY/,
    );
  });
});
