/**
 * Client addresses, one building block on `ipaddr.js` (the library behind Fastify's `trustProxy`):
 * - the key every per-address limit counts on (README, `TRUST_PROXY`): an IPv4 address as it is, an IPv4-mapped IPv6
 *   address (`::ffff:203.0.113.7`) as its IPv4 address, and any other IPv6 address as its /64 network — one home or
 *   one server gets a whole /64 from its provider, so counting each IPv6 address on its own would give one sender 2⁶⁴
 *   allowances;
 * - address ranges (`185.71.76.0/27`, `2a02:5180::/32`, a single address) a sender is checked against (the payment
 *   provider's notices, `YOOKASSA_NOTICE_IPS`);
 * - whether a socket's address is this machine's loopback.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an address in the usual notation (IPv4 in four decimal parts, not `127.1` or hex), without a link-local zone
 * (`fe80::1%eth0`); an IPv4-mapped IPv6 address becomes its IPv4 address. `null` when it is not one.
 */
function parseAddress(text: string): Address | null {
  const bare = text.trim().replace(/%.*$/, '');
  return isIP(bare) ? ipaddr.process(bare) : null;
}

/**
 * The key of a client address for per-address limits.
 * @param address the request's client address (`request.ip`: the socket's, or the one `TRUST_PROXY` trusts)
 * @returns `203.0.113.7` for IPv4 and IPv4-mapped IPv6, `2001:db8:1:2::/64` for IPv6; the input unchanged when it is
 *   not an IP address (e.g. Fastify's `inject` without `remoteAddress`)
 */
export function clientKey(address: string): string {
  const ip = parseAddress(address);
  if (!ip) return address;
  if (ip.kind() === 'ipv4') return ip.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`);
  return `${network.toString()}/64`;
}

/**
 * Whether an address is this machine's loopback (`127.0.0.0/8`, `::1`, IPv4-mapped `::ffff:127.x.x.x`).
 * @param address a socket's remote address (`request.raw.socket.remoteAddress`, never `X-Forwarded-For`)
 * @returns false for anything else, a missing address included
 */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && parseAddress(address)?.range() === 'loopback';
}

/**
 * Parses an address range: an IPv4 or IPv6 address, optionally with a `/prefix` (an address alone is its own range).
 * @returns the network address and prefix length, or null when `entry` is not one (a prefix past 32 for IPv4 or 128
 *   for IPv6 included)
 */
export function parseRange(entry: string): { network: Address; prefix: number } | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  const network = extra === undefined && !address.includes('%') ? parseAddress(address) : null;
  if (!network) return null;
  const max = network.kind() === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  return prefix >= 0 && prefix <= max ? { network, prefix } : null;
}

/**
 * A matcher of addresses in `entries` (IPv4-mapped IPv6 addresses match their IPv4 ranges).
 * @param entries addresses and ranges (an unparsable one is skipped: check them with {@link parseRange} first)
 */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const ranges = entries.flatMap((entry) => parseRange(entry) ?? []);
  return (ip) => {
    const address = parseAddress(ip);
    return (
      address !== null &&
      ranges.some(({ network, prefix }) => network.kind() === address.kind() && address.match(network, prefix))
    );
  };
}
