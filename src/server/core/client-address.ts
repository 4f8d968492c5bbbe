import { BlockList, isIP } from 'node:net';

/**
 * Who may tell us the client's address in `X-Forwarded-For` (TRUST_PROXY, decision record 0017).
 * Proxies append the address they saw to whatever the client sent, so only the entries our own proxies
 * appended can be believed: the right-most ones, as many as there are proxies of ours in the path.
 */
export type TrustedProxies =
  | { kind: 'none' }
  /** Every request passes this many proxies of ours; the nearest one appended the last entry. */
  | { kind: 'hops'; hops: number }
  /** Any peer in these networks is a proxy of ours, however many of them a request passed. */
  | { kind: 'networks'; networks: BlockList };

const MAX_HOPS = 10;

/**
 * TRUST_PROXY as configured: unset, `0` or `false` for none; `1` (or `true`) to `10` for that many
 * proxies in front; else a comma-separated list of proxy addresses and networks (`10.0.0.0/8, ::1`).
 * Throws a message naming what is wrong, for the start-up check.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === '0' || setting === 'false') return { kind: 'none' };
  if (setting === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    if (hops > MAX_HOPS) throw new Error(`at most ${MAX_HOPS} proxies, or list their networks`);
    return { kind: 'hops', hops };
  }
  const networks = new BlockList();
  for (const item of setting.split(',').map((part) => part.trim())) {
    const [network = '', prefix, extra] = item.split('/');
    const family = isIP(network);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined) {
      throw new Error(`"${item}" is neither a number of proxies nor an address or network (a.b.c.d/n)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      networks.addAddress(network, type);
    } else if (/^\d+$/.test(prefix) && Number(prefix) <= bits) {
      networks.addSubnet(network, Number(prefix), type);
    } else {
      throw new Error(`"${item}": the prefix length must be 0 to ${bits}`);
    }
  }
  return { kind: 'networks', networks };
}

/**
 * An address as proxies write it (`1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:443`, `::ffff:1.2.3.4`),
 * bare; undefined when it is no address at all.
 */
function bareAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? '';
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (/^::ffff:/i.test(value) && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value : undefined;
}

function isTrusted(networks: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && networks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The visitor's address: the socket's, or behind trusted proxies the address the farthest of them saw.
 * Entries to the left of that one were written by the client (or by proxies it chose) and mean nothing.
 */
export function clientAddressOf(socketAddress: string, headers: Headers, trust: TrustedProxies): string {
  const socket = bareAddress(socketAddress) ?? socketAddress;
  if (trust.kind === 'none') return socket;
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trust.kind === 'hops') {
    // Fewer entries than proxies: the request did not pass them all; the left-most is as far as it goes.
    const entry = chain[Math.max(0, chain.length - trust.hops)];
    return (entry && bareAddress(entry)) || socket;
  }
  let address = socket;
  for (let index = chain.length - 1; index >= 0 && isTrusted(trust.networks, address); index--) {
    const entry = bareAddress(chain[index] ?? '');
    // Our proxies write addresses; anything else came from the client (itself inside our networks).
    if (!entry) break;
    address = entry;
  }
  return address;
}
