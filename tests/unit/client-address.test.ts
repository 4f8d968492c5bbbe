import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseTrustedProxies } from '~/server/core/client-address';
import { loadConfig } from '~/server/config';

const forwarded = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('TRUST_PROXY', () => {
  it('is none, a number of proxies or a list of their networks', () => {
    for (const none of [undefined, '', '0', 'false'])
      expect(parseTrustedProxies(none)).toEqual({ kind: 'none' });
    expect(parseTrustedProxies('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustedProxies('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustedProxies('3')).toEqual({ kind: 'hops', hops: 3 });
    expect(parseTrustedProxies('10.0.0.0/8, 192.168.1.7, fd00::/8').kind).toBe('networks');
  });

  it('is refused at start when it is neither', () => {
    for (const wrong of [
      '11',
      'yes',
      '10.0.0.0/33',
      '10.0.0/8',
      'fd00::/129',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address', () => {
  it('is the socket address unless proxies are trusted', () => {
    expect(clientAddressOf('203.0.113.9', forwarded('5.160.0.1'), { kind: 'none' })).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:203.0.113.9', new Headers(), { kind: 'none' })).toBe('203.0.113.9');
  });

  it('behind N proxies is the entry the farthest of them appended, not what the client wrote', () => {
    const one = parseTrustedProxies('1');
    expect(clientAddressOf('10.0.0.2', forwarded('5.160.0.1, 8.8.8.8'), one)).toBe('8.8.8.8');
    expect(clientAddressOf('10.0.0.2', forwarded('8.8.8.8'), one)).toBe('8.8.8.8');
    // Proxies that write ports or IPv4-mapped addresses.
    expect(clientAddressOf('10.0.0.2', forwarded('1.1.1.1, 8.8.8.8:5123'), one)).toBe('8.8.8.8');
    expect(clientAddressOf('10.0.0.2', forwarded('[2001:db8::7]:443'), one)).toBe('2001:db8::7');
    expect(clientAddressOf('10.0.0.2', forwarded('::ffff:8.8.8.8'), one)).toBe('8.8.8.8');
    // Nothing forwarded, or nonsense where the proxy's entry should be: the socket.
    expect(clientAddressOf('10.0.0.2', new Headers(), one)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', forwarded('8.8.8.8, not-an-ip'), one)).toBe('10.0.0.2');

    const two = parseTrustedProxies('2');
    expect(clientAddressOf('10.0.0.2', forwarded('5.160.0.1, 8.8.8.8, 10.0.0.3'), two)).toBe('8.8.8.8');
  });

  it('behind listed networks is the first address from the right outside them', () => {
    const ours = parseTrustedProxies('10.0.0.0/8, 2001:db8:1::/48');
    const chain = forwarded('5.160.0.1, 8.8.8.8, 10.1.2.3, 2001:db8:1::5');
    expect(clientAddressOf('10.0.0.2', chain, ours)).toBe('8.8.8.8');
    // A peer outside our networks is the client itself: whatever it forwards is its own word.
    expect(clientAddressOf('198.51.100.4', chain, ours)).toBe('198.51.100.4');
    // A client inside our networks that wrote nonsense is judged by its own address.
    expect(clientAddressOf('10.0.0.2', forwarded('junk, 10.9.9.9'), ours)).toBe('10.9.9.9');
  });
});
