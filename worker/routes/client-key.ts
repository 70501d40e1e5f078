/**
 * The key a client is rate-limited by (routes/chain.ts), from the `cf-connecting-ip` header that
 * Cloudflare sets to the address the request came from: an IPv4 address as it is; an IPv6
 * address by its /64, the network one subscriber gets and can pick any address of (so a
 * client cannot get a fresh budget per request); "local" without the header (tests, some
 * local tools).
 */
import { formatIPv4, parseIPv4, parseIPv6 } from '../model/ip.js';

export const LOCAL_CLIENT = 'local';

/** e.g. "203.0.113.9" → "203.0.113.9", "2001:DB8:0:7::1" → "2001:db8:0:7::/64", undefined → "local". */
export function clientKey(connectingIp: string | null | undefined): string {
  const text = (connectingIp ?? '').trim();
  if (text === '') return LOCAL_CLIENT;
  const v4 = parseIPv4(text);
  if (v4 !== null) return formatIPv4(v4);
  const groups = parseIPv6(text);
  if (groups === null) return text.slice(0, 100).toLowerCase(); // not an address: Cloudflare never sends one, keep it apart anyway
  // An IPv4-mapped address is the IPv4 client it maps.
  if (groups.slice(0, 6).every((g, i) => g === (i === 5 ? 0xffff : 0))) return formatIPv4(groups[6]! * 0x10000 + groups[7]!);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
