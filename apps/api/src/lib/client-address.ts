/**
 * The client key every per-address limit counts on (README, `TRUST_PROXY`): an IPv4 address as it is, an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) as its IPv4 address, and any other IPv6 address as its /64
 * network — one home or one server gets a whole /64 from its provider, so counting each IPv6 address on its own
 * would give one sender 2⁶⁴ allowances. Parsing is `ipaddr.js` (the library behind Fastify's `trustProxy`).
 */
import ipaddr from 'ipaddr.js';

/**
 * The key of a client address for per-address limits.
 * @param address the request's client address (`request.ip`: the socket's, or the one `TRUST_PROXY` trusts)
 * @returns `203.0.113.7` for IPv4 and IPv4-mapped IPv6, `2001:db8:1:2::/64` for IPv6; the input unchanged when it is
 *   not an IP address (e.g. Fastify's `inject` without `remoteAddress`)
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a link-local zone (`fe80::1%eth0`) is not part of the address
  if (!ipaddr.isValid(bare)) return address;
  const ip = ipaddr.process(bare); // IPv4-mapped IPv6 → IPv4
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
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}
