import { describe, expect, it } from 'vitest';
import { socketAddressOf } from '~/server/web/socket-address';

describe('socketAddressOf', () => {
  it("gives the address Astro read from the request's socket", () => {
    expect(socketAddressOf({ clientAddress: '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('gives an unknown address, not an error, once the client has gone and Astro throws', () => {
    const gone = {
      get clientAddress(): string {
        throw new Error('ClientAddressNotAvailable: the client address is not available');
      },
    };
    expect(socketAddressOf(gone)).toBe('');
  });
});
