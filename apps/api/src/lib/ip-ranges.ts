/**
 * Address ranges: an address or a CIDR range (`185.71.76.0/27`, `2a02:5180::/32`) parsed and matched with
 * Node's own `net.BlockList` (no home-made bit arithmetic). Used for the senders a webhook is accepted from.
 */
import { BlockList, isIP } from 'node:net';

/**
 * Parses an IPv4 or IPv6 address, optionally with a `/prefix`.
 * @returns the address, its family and prefix length, or null when it is not one
 */
export function parseCidr(entry: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number } | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, family: version === 4 ? 'ipv4' : 'ipv6', prefix };
}

/**
 * A matcher of addresses in `entries` (IPv4-mapped IPv6 addresses match their IPv4 ranges).
 * @param entries addresses and ranges (an unparsable one is skipped: check them with {@link parseCidr} first)
 */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const cidr = parseCidr(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return (ip) => {
    const version = isIP(ip);
    return version !== 0 && list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
}
