/**
 * Which webhook URLs a seat may register (API.md, "Webhooks"), judged when a seat sets one
 * and again before each delivery: public https addresses on port 443 only, never an address
 * of a private, loopback, link-local, reserved or special-use network, given as an IP
 * literal in any form a URL accepts (the URL parser normalizes "2130706433", "0x7f.1" or
 * "[::ffff:127.0.0.1]", and the literal is judged as a number), nor a name that only
 * resolves locally. With ALLOW_LOCAL_WEBHOOKS=on (local development and tests) also http,
 * port 80 for public hosts, and loopback (127.0.0.0/8, ::1, localhost) on any port.
 *
 * Names are judged as names: what a public name resolves to is the fetch's business (on
 * Cloudflare, a Worker's fetch cannot reach private addresses).
 */
import { formatIPv4, ipv6Value, parseIPv4, parseIPv6 } from '../model/ip.js';

interface Range<T> {
  readonly cidr: string;
  readonly base: T;
  readonly bits: number;
  readonly why: string;
  /** Its last 32 bits are an IPv4 address, judged too. */
  readonly embedsIPv4?: boolean;
}

const v4 = (cidr: string, why: string): Range<number> => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { cidr, base: parseIPv4(address)!, bits: Number(bits), why };
};

const v6 = (cidr: string, why: string, embedsIPv4 = false): Range<bigint> => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { cidr, base: ipv6Value(parseIPv6(address)!), bits: Number(bits), why, embedsIPv4 };
};

/** IPv4 networks no webhook may go to; the first that holds an address names why. */
export const REFUSED_IPV4: readonly Range<number>[] = [
  v4('0.0.0.0/8', 'is "this network", no host to send to'),
  v4('10.0.0.0/8', 'is a private network'),
  v4('100.64.0.0/10', 'is shared address space (carrier-grade NAT)'),
  v4('127.0.0.0/8', 'is loopback'),
  v4('169.254.0.0/16', 'is link-local (cloud metadata services live here)'),
  v4('172.16.0.0/12', 'is a private network'),
  v4('192.0.0.0/24', 'is reserved for IETF protocol assignments'),
  v4('192.0.2.0/24', 'is reserved for documentation (TEST-NET-1)'),
  v4('192.168.0.0/16', 'is a private network'),
  v4('198.18.0.0/15', 'is reserved for benchmarking'),
  v4('198.51.100.0/24', 'is reserved for documentation (TEST-NET-2)'),
  v4('203.0.113.0/24', 'is reserved for documentation (TEST-NET-3)'),
  v4('224.0.0.0/4', 'is multicast'),
  v4('255.255.255.255/32', 'is the broadcast address'),
  v4('240.0.0.0/4', 'is reserved'),
];

/**
 * IPv6 networks no webhook may go to (the special-purpose ones IANA marks as not globally
 * reachable, the deprecated site-local, IPv4-translated, and the ORCHIDs, which are
 * identifiers, never a host's address). For those that embed an IPv4 address (mapped,
 * translated, IPv4-compatible, NAT64) the refusal also judges that address. 6to4 (2002::/16) is not
 * refused as a whole: only when the IPv4 address it embeds would be. Teredo (2001::/32) is:
 * the address it leads to is scrambled into it, and no receiver needs one.
 */
export const REFUSED_IPV6: readonly Range<bigint>[] = [
  v6('::/128', 'is the unspecified address'),
  v6('::1/128', 'is loopback'),
  v6('::ffff:0:0/96', 'is IPv4-mapped', true),
  v6('::ffff:0:0:0/96', 'is IPv4-translated (SIIT, RFC 2765), a way to IPv4 addresses', true),
  v6('::/96', 'is IPv4-compatible, a deprecated form', true),
  v6('64:ff9b::/96', 'is NAT64, a way to IPv4 addresses', true),
  v6('64:ff9b:1::/48', 'is local-use NAT64 (RFC 8215), translated inside a private network'),
  v6('100::/64', 'is discard-only'),
  v6('2001::/32', 'is Teredo, a tunnel to an IPv4 address it hides'),
  v6('2001:2::/48', 'is reserved for benchmarking'),
  v6('2001:10::/28', 'is ORCHID, identifiers that no packet is routed to (RFC 4843, deprecated)'),
  v6('2001:20::/28', 'is ORCHIDv2, identifiers that no packet is routed to (RFC 7343)'),
  v6('2001:db8::/32', 'is reserved for documentation'),
  v6('3fff::/20', 'is reserved for documentation'),
  v6('5f00::/16', 'is for segment routing inside a network'),
  v6('fc00::/7', 'is unique-local (a private network)'),
  v6('fe80::/10', 'is link-local'),
  v6('fec0::/10', 'is site-local, a deprecated private network'),
  v6('ff00::/8', 'is multicast'),
];

/**
 * Names that never lead to a public host (RFC 6761, RFC 8375, RFC 7686 and the like), and
 * the top-level names private networks use though no registry gave them out (RFC 6762,
 * Appendix G: intranet, internal, private, corp, home, lan; and localdomain, the local
 * machine's domain in many hosts files): none is delegated in the public DNS, so a name
 * under one resolves only inside somebody's network.
 */
const LOCAL_NAMES: readonly [suffix: string, why: string][] = [
  ['localhost', 'is loopback'],
  ['localdomain', 'is the local machine or network (hosts files)'],
  ['local', 'is multicast DNS, a local network'],
  ['internal', 'is for private networks'],
  ['intranet', 'is for private networks (RFC 6762, Appendix G)'],
  ['private', 'is for private networks (RFC 6762, Appendix G)'],
  ['corp', 'is for private networks (RFC 6762, Appendix G)'],
  ['home', 'is for home networks (RFC 6762, Appendix G)'],
  ['lan', 'is for local networks (RFC 6762, Appendix G)'],
  ['home.arpa', 'is for home networks'],
  ['onion', 'is a Tor onion service'],
];

const inRange = <T extends number | bigint>(value: T, range: Range<T>, width: number): boolean => {
  if (typeof value === 'bigint') {
    const shift = BigInt(width - range.bits);
    return value >> shift === (range.base as bigint) >> shift;
  }
  // 32-bit numbers: compare with division, as shifts would turn them negative.
  const size = 2 ** (width - range.bits);
  return Math.floor(value / size) === Math.floor((range.base as number) / size);
};

/** Why an IPv4 address is refused, or null. */
function ipv4Refusal(address: number): string | null {
  const range = REFUSED_IPV4.find((r) => inRange(address, r, 32));
  return range === undefined ? null : `${range.cidr} ${range.why}`;
}

/** Why an IPv6 address is refused, or null. */
function ipv6Refusal(groups: readonly number[]): string | null {
  const value = ipv6Value(groups);
  const range = REFUSED_IPV6.find((r) => inRange(value, r, 128));
  if (range !== undefined) {
    if (!range.embedsIPv4) return `${range.cidr} ${range.why}`;
    const inner = Number(value & 0xffffffffn);
    const within = ipv4Refusal(inner);
    return `${range.cidr} ${range.why} (to ${formatIPv4(inner)}${within === null ? '' : `: ${within}`}): give a public IPv4 address as it is`;
  }
  if (groups[0] === 0x2002) {
    const inner = groups[1]! * 0x10000 + groups[2]!;
    const within = ipv4Refusal(inner);
    if (within !== null) return `2002::/16 is 6to4 to the IPv4 address ${formatIPv4(inner)}: ${within}`;
  }
  return null;
}

const isLoopbackV4 = (address: number) => address >>> 24 === 127;

/**
 * Why `text` may not be a webhook URL, for the refusal's message ("10.0.0.0/8 is a private
 * network"); null when it may. `allowLocal`: ALLOW_LOCAL_WEBHOOKS=on.
 */
export function webhookUrlRefusal(text: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  const schemes = allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return allowLocal ? 'must be an https or http URL' : 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';

  // A fully qualified name may end in a dot ("localhost." is localhost): judge it without.
  const host = url.hostname.replace(/\.$/, '');
  let loopback: boolean;
  if (host.startsWith('[')) {
    const groups = parseIPv6(host.slice(1, -1));
    if (groups === null) return 'has an IPv6 address that cannot be read';
    loopback = groups.every((g, i) => g === (i === 7 ? 1 : 0));
    const why = ipv6Refusal(groups);
    if (why !== null && !(allowLocal && loopback)) return why;
  } else if (/^[\d.]+$/.test(host)) {
    // The URL parser has turned every IPv4 form (decimal, octal, hex, short) into four decimal parts.
    const address = parseIPv4(host);
    if (address === null) return 'has an IPv4 address that cannot be read';
    loopback = isLoopbackV4(address);
    const why = ipv4Refusal(address);
    if (why !== null && !(allowLocal && loopback)) return why;
  } else {
    loopback = host === 'localhost';
    const local = LOCAL_NAMES.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`));
    if (local !== undefined && !(allowLocal && loopback)) return `${local[0] === host ? host : `*.${local[0]}`} ${local[1]}`;
    if (!host.includes('.') && !loopback) return `${host} is a single-label name, which resolves only on a local network`;
  }
  // Loopback (allowed only with allowLocal by now): any port, the tests' receivers listen on random ones.
  if (loopback) return null;
  // url.port is empty for the scheme's default port: 443 for https, 80 for http.
  if (url.port !== '') return `port ${url.port} is not allowed: use ${url.protocol === 'http:' ? 'port 80 for http or ' : ''}port 443 (https)`;
  return null;
}

/** Whether `text` may be a webhook URL (webhookUrlRefusal says why not). */
export const isAllowedWebhookUrl = (text: string, allowLocal: boolean): boolean => webhookUrlRefusal(text, allowLocal) === null;
