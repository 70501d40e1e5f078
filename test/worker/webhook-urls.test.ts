/**
 * Which webhook URLs a seat may set (worker/webhook-urls.ts), table by table: every refused
 * network with an address inside it and the addresses just outside it, IP literals in the
 * forms a URL accepts, names that resolve only locally, user info, schemes and ports, in
 * production and with ALLOW_LOCAL_WEBHOOKS=on. Run in workerd: its URL parser is the one
 * that normalizes what the filter judges.
 */
import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, REFUSED_IPV4, REFUSED_IPV6, webhookUrlRefusal } from '../../worker/notifications/webhook-urls.js';
import { createTable, expectError, putNotifications } from './support.js';

const production = (url: string) => webhookUrlRefusal(url, false);
const local = (url: string) => webhookUrlRefusal(url, true);
const at = (host: string) => `https://${host}/hook`;

/** Each refused IPv4 network: addresses inside it (the first and the last), and public addresses just outside it. */
const IPV4: [cidr: string, inside: string[], outside: string[]][] = [
  ['0.0.0.0/8', ['0.0.0.0', '0.255.255.255'], ['1.0.0.0']],
  ['10.0.0.0/8', ['10.0.0.0', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
  ['100.64.0.0/10', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
  ['127.0.0.0/8', ['127.0.0.0', '127.0.0.1', '127.255.255.255'], ['126.255.255.255', '128.0.0.0']],
  ['169.254.0.0/16', ['169.254.0.0', '169.254.169.254', '169.254.255.255'], ['169.253.255.255', '169.255.0.0']],
  ['172.16.0.0/12', ['172.16.0.0', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
  ['192.0.0.0/24', ['192.0.0.0', '192.0.0.255'], ['191.255.255.255', '192.0.1.0']],
  ['192.0.2.0/24', ['192.0.2.0', '192.0.2.255'], ['192.0.1.255', '192.0.3.0']],
  ['192.168.0.0/16', ['192.168.0.0', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
  ['198.18.0.0/15', ['198.18.0.0', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
  ['198.51.100.0/24', ['198.51.100.0', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
  ['203.0.113.0/24', ['203.0.113.0', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
  ['224.0.0.0/4', ['224.0.0.0', '239.255.255.255'], ['223.255.255.255']], // above it: 240.0.0.0/4
  ['240.0.0.0/4', ['240.0.0.0', '255.255.255.254'], []], // below it: multicast, above it: the broadcast address
  ['255.255.255.255/32', ['255.255.255.255'], []],
];

/** Each refused IPv6 network, likewise (written as a URL's host, without brackets). */
const IPV6: [cidr: string, inside: string[], outside: string[]][] = [
  ['::/128', ['::', '0:0:0:0:0:0:0:0'], []], // next to it: ::/96
  ['::1/128', ['::1', '0000:0000:0000:0000:0000:0000:0000:0001'], []],
  ['::ffff:0:0/96', ['::ffff:0:0', '::ffff:8.8.8.8', '::ffff:ffff:ffff'], ['::fffe:ffff:ffff', '::1:0:0:0']],
  ['::/96', ['::2', '::8.8.8.8', '::ffff:ffff'], ['::1:0:0']],
  // IPv4-translated (RFC 2765, RFC 6052): ::ffff:0:a.b.c.d, beside mapped (::ffff:a.b.c.d) but not inside it.
  ['::ffff:0:0:0/96', ['::ffff:0:0:0', '::ffff:0:8.8.8.8', '::ffff:0:ffff:ffff'], ['::fffe:ffff:ffff:ffff', '::ffff:1:0:0']],
  ['64:ff9b::/96', ['64:ff9b::', '64:ff9b::8.8.8.8', '64:ff9b::ffff:ffff'], ['64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff', '64:ff9b::1:0:0']],
  [
    '64:ff9b:1::/48',
    ['64:ff9b:1::', '64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
    ['64:ff9b:0:ffff:ffff:ffff:ffff:ffff', '64:ff9b:2::'],
  ],
  ['100::/64', ['100::', '100::ffff:ffff:ffff:ffff'], ['ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '100:0:0:1::']],
  // Teredo: server 65.54.227.120, client 192.0.2.45 port 40000 (RFC 4380's example), scrambled into it.
  [
    '2001::/32',
    ['2001::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:1::'],
  ],
  ['2001:2::/48', ['2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'], ['2001:1:ffff:ffff:ffff:ffff:ffff:ffff', '2001:2:1::']],
  ['2001:10::/28', ['2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff'], ['2001:f:ffff:ffff:ffff:ffff:ffff:ffff']], // above it: ORCHIDv2
  ['2001:20::/28', ['2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'], ['2001:30::']], // below it: ORCHID
  ['2001:db8::/32', ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'], ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::']],
  ['3fff::/20', ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'], ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::']],
  ['5f00::/16', ['5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], ['5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '5f01::']],
  ['fc00::/7', ['fc00::', 'fd12:3456::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::']],
  ['fe80::/10', ['fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff']], // above it: site-local
  ['fec0::/10', ['fec0::', 'fec0::1', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []], // below it: link-local, above it: multicast
  ['ff00::/8', ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
];

describe('IP literals', () => {
  it('the tables here list every refused network of webhook-urls.ts', () => {
    expect(IPV4.map(([cidr]) => cidr).sort()).toEqual(REFUSED_IPV4.map((r) => r.cidr).sort());
    expect(IPV6.map(([cidr]) => cidr).sort()).toEqual(REFUSED_IPV6.map((r) => r.cidr).sort());
  });

  it.each(IPV4)('IPv4 %s: refused inside, allowed just outside', (cidr, inside, outside) => {
    for (const address of inside) expect(production(at(address)), address).toMatch(new RegExp(`^${cidr.replace(/\./g, '\\.')} `));
    for (const address of outside) expect(production(at(address)), address).toBeNull();
  });

  it.each(IPV6)('IPv6 %s: refused inside, allowed just outside', (cidr, inside, outside) => {
    for (const address of inside) expect(production(at(`[${address}]`)), address).toMatch(new RegExp(`^${cidr.replace(/\./g, '\\.')} `));
    for (const address of outside) expect(production(at(`[${address}]`)), address).toBeNull();
  });

  it('says why, naming the network', () => {
    expect(production('https://10.1.2.3/x')).toBe('10.0.0.0/8 is a private network');
    expect(production('https://169.254.169.254/latest/meta-data')).toBe('169.254.0.0/16 is link-local (cloud metadata services live here)');
    expect(production('https://[::1]/x')).toBe('::1/128 is loopback');
    expect(production('https://[fd00::1]/x')).toBe('fc00::/7 is unique-local (a private network)');
    expect(production('https://255.255.255.255/x')).toBe('255.255.255.255/32 is the broadcast address');
  });

  it('reads IPv4 in every form a URL accepts: decimal, octal, hex, short, percent-encoded, with a final dot', () => {
    const forms: [url: string, cidr: string][] = [
      ['https://2130706433/x', '127.0.0.0/8'],
      ['https://0x7f000001/x', '127.0.0.0/8'],
      ['https://017700000001/x', '127.0.0.0/8'],
      ['https://0177.0.0.1/x', '127.0.0.0/8'],
      ['https://0x7f.0.0.1/x', '127.0.0.0/8'],
      ['https://127.1/x', '127.0.0.0/8'],
      ['https://127.0.1/x', '127.0.0.0/8'],
      ['https://0x7f.1/x', '127.0.0.0/8'],
      ['https://%31%32%37.0.0.1/x', '127.0.0.0/8'],
      ['https://127.0.0.1./x', '127.0.0.0/8'],
      ['https://0/x', '0.0.0.0/8'],
      ['https://167772161/x', '10.0.0.0/8'],
      ['https://0xa.0.0.1/x', '10.0.0.0/8'],
      ['https://012.1/x', '10.0.0.0/8'],
      ['https://3232235777/x', '192.168.0.0/16'],
      ['https://0xc0a80101/x', '192.168.0.0/16'],
      ['https://0xA9FEA9FE/x', '169.254.0.0/16'],
      ['https://4294967295/x', '255.255.255.255/32'],
    ];
    for (const [url, cidr] of forms) expect(production(url), url).toMatch(new RegExp(`^${cidr.replace(/\./g, '\\.')} `));
    // The same forms of a public address are public.
    for (const url of ['https://134744072/x', 'https://0x8080808/x', 'https://8.8.2056/x', 'https://010.010.010.010/x'])
      expect(production(url), url).toBeNull();
  });

  it('reads IPv6 with an IPv4 tail, and judges the IPv4 address a mapped, compatible or NAT64 address carries; mapped is refused whatever it maps', () => {
    expect(production('https://[::ffff:10.0.0.1]/x')).toMatch(
      /^::ffff:0:0\/96 is IPv4-mapped \(to 10\.0\.0\.1: 10\.0\.0\.0\/8 is a private network\)/,
    );
    expect(production('https://[::ffff:127.0.0.1]/x')).toMatch(/to 127\.0\.0\.1: 127\.0\.0\.0\/8 is loopback/);
    expect(production('https://[0:0:0:0:0:ffff:7f00:1]/x')).toMatch(/to 127\.0\.0\.1: 127\.0\.0\.0\/8 is loopback/);
    expect(production('https://[::ffff:8.8.8.8]/x')).toMatch(
      /^::ffff:0:0\/96 is IPv4-mapped \(to 8\.8\.8\.8\): give a public IPv4 address as it is$/,
    );
    expect(production('https://[::127.0.0.1]/x')).toMatch(/^::\/96 is IPv4-compatible.*127\.0\.0\.0\/8 is loopback/);
    expect(production('https://[64:ff9b::169.254.169.254]/x')).toMatch(/^64:ff9b::\/96 is NAT64.*169\.254\.0\.0\/16 is link-local/);
  });

  it('IPv4-translated (::ffff:0:a.b.c.d) is refused in every form a URL accepts, naming the IPv4 address it leads to', () => {
    // Each form is written differently and the URL parser writes it as it judges it: compressed, lower case, hex groups.
    const forms: [url: string, host: string][] = [
      ['https://[::ffff:0:7f00:1]/', '[::ffff:0:7f00:1]'],
      ['https://[::ffff:0:127.0.0.1]/', '[::ffff:0:7f00:1]'],
      ['https://[0:0:0:0:ffff:0:127.0.0.1]/', '[::ffff:0:7f00:1]'],
      ['https://[0000:0000:0000:0000:FFFF:0000:7F00:0001]/', '[::ffff:0:7f00:1]'],
      ['https://[::FFFF:0:7F00:1]:443/x', '[::ffff:0:7f00:1]'],
      ['https://[0::ffff:0:7f00:1]/', '[::ffff:0:7f00:1]'],
      ['https://[::ffff:0:a9fe:a9fe]/latest/meta-data', '[::ffff:0:a9fe:a9fe]'],
      ['https://[::ffff:0:10.0.0.1]/', '[::ffff:0:a00:1]'],
      ['https://[::ffff:0:0:0]/', '[::ffff:0:0:0]'],
    ];
    for (const [url, host] of forms) {
      expect(new URL(url).hostname, url).toBe(host);
      expect(production(url), url).toMatch(/^::ffff:0:0:0\/96 is IPv4-translated/);
      expect(local(url), url).toMatch(/^::ffff:0:0:0\/96 is IPv4-translated/);
      expect(isAllowedWebhookUrl(url, false), url).toBe(false);
    }
    expect(production('https://[::ffff:0:127.0.0.1]/')).toMatch(
      /\(to 127\.0\.0\.1: 127\.0\.0\.0\/8 is loopback\): give a public IPv4 address as it is$/,
    );
    expect(production('https://[::ffff:0:a9fe:a9fe]/')).toMatch(/to 169\.254\.169\.254: 169\.254\.0\.0\/16 is link-local/);
    // Refused whatever it leads to, as mapped is: a public IPv4 address is given as it is.
    expect(production('https://[::ffff:0:8.8.8.8]/x')).toBe(
      '::ffff:0:0:0/96 is IPv4-translated (SIIT, RFC 2765), a way to IPv4 addresses (to 8.8.8.8): give a public IPv4 address as it is',
    );
  });

  it('the ORCHIDs (2001:10::/28, 2001:20::/28) are refused; the networks beside them in 2001::/23 that reach hosts are not', () => {
    expect(production('https://[2001:10::1]/x')).toMatch(/^2001:10::\/28 is ORCHID/);
    expect(production('https://[2001:0010:0000::1]/x')).toMatch(/^2001:10::\/28 is ORCHID/);
    expect(production('https://[2001:1a:b:c:d:e:f:1]/x')).toMatch(/^2001:10::\/28 is ORCHID/);
    expect(production('https://[2001:20::1]/x')).toMatch(/^2001:20::\/28 is ORCHIDv2/);
    expect(production('https://[2001:2F:FFFF::1]/x')).toMatch(/^2001:20::\/28 is ORCHIDv2/);
    // AMT (2001:3::/32) and AS112 (2001:4:112::/48) are globally reachable (IANA): judged like any address.
    for (const url of ['https://[2001:3::1]/x', 'https://[2001:4:112::1]/x']) expect(production(url), url).toBeNull();
  });

  it('6to4 (2002::/16) is judged by the IPv4 address it carries', () => {
    expect(production('https://[2002:a00:1::1]/x')).toMatch(
      /^2002::\/16 is 6to4 to the IPv4 address 10\.0\.0\.1: 10\.0\.0\.0\/8 is a private network$/,
    );
    expect(production('https://[2002:7f00:1::]/x')).toMatch(/127\.0\.0\.0\/8 is loopback/);
    expect(production('https://[2002:808:808::1]/x')).toBeNull();
  });

  it('allows public IPv6 addresses', () => {
    for (const url of ['https://[2606:4700:4700::1111]/x', 'https://[2a00:1450:4001:82b::200e]/x', 'https://[2001:4860:4860::8888]:443/x'])
      expect(production(url), url).toBeNull();
  });
});

describe('names', () => {
  it.each<[url: string, why: RegExp]>([
    ['https://localhost/x', /^localhost is loopback$/],
    ['https://LOCALHOST/x', /^localhost is loopback$/],
    ['https://localhost./x', /^localhost is loopback$/],
    ['https://app.localhost/x', /^\*\.localhost is loopback$/],
    ['https://printer.local/x', /^\*\.local is multicast DNS/],
    ['https://printer.local./x', /^\*\.local is multicast DNS/],
    ['https://db.internal/x', /^\*\.internal is for private networks$/],
    ['https://metadata.google.internal/x', /^\*\.internal/],
    ['https://nas.home.arpa/x', /^\*\.home\.arpa is for home networks$/],
    ['https://home.arpa/x', /^home\.arpa is for home networks$/],
    ['https://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/x', /^\*\.onion is a Tor onion service$/],
    ['https://printer/x', /^printer is a single-label name/],
    ['https://printer./x', /^printer is a single-label name/],
    ['https://local/x', /^local is multicast DNS/],
    // The names private networks use though no registry gave them out (RFC 6762, Appendix G), and localdomain.
    ['https://router.lan/x', /^\*\.lan is for local networks/],
    ['https://ROUTER.LAN./x', /^\*\.lan is for local networks/],
    ['https://nas.home/x', /^\*\.home is for home networks/],
    ['https://a.b.home/x', /^\*\.home is for home networks/],
    ['https://jira.corp/x', /^\*\.corp is for private networks/],
    ['https://hooks.example.corp/x', /^\*\.corp is for private networks/],
    ['https://localhost.localdomain/x', /^\*\.localdomain is the local machine/],
    ['https://printer.localdomain./x', /^\*\.localdomain is the local machine/],
    ['https://wiki.intranet/x', /^\*\.intranet is for private networks/],
    ['https://db.private/x', /^\*\.private is for private networks/],
    ['https://home/x', /^home is for home networks/],
    ['https://intranet/x', /^intranet is for private networks/],
  ])('%s is refused (localhost itself allowed with ALLOW_LOCAL_WEBHOOKS=on)', (url, why) => {
    expect(production(url)).toMatch(why);
    const loopback = new URL(url).hostname.replace(/\.$/, '') === 'localhost';
    expect(local(url)).toEqual(loopback ? null : expect.stringMatching(why));
  });

  it('allows public names, those that only contain such words too', () => {
    for (const url of [
      'https://hooks.example.com/wallachen',
      'https://localhost.example.com/x',
      'https://local.example.com/x',
      'https://internal.example.org/x',
      'https://example.internal.org/x',
      'https://onion.example.net/x',
      'https://xn--bcher-kva.example/x',
      'https://hooks.example.com./x',
      'https://lan.example.com/x',
      'https://home.example.com/x',
      'https://example.corp.com/x',
      'https://my.home.page.example/x',
      'https://intranet.example.org/x',
      'https://private.example.net/x',
      'https://localdomain.example/x',
      'https://lan.party/x',
      'https://homelan.de/x',
    ]) {
      expect(production(url), url).toBeNull();
    }
  });
});

describe('scheme, user info and port', () => {
  it.each<[url: string, why: RegExp]>([
    ['http://hooks.example.com/x', /^must be an https URL$/],
    ['ftp://files.example.com/x', /^must be an https URL$/],
    ['wss://hooks.example.com/x', /^must be an https URL$/],
    ['file:///etc/passwd', /^must be an https URL$/],
    ['javascript:alert(1)', /^must be an https URL$/],
    ['data:text/plain,hi', /^must be an https URL$/],
    ['not a url', /^is not a URL$/],
    ['', /^is not a URL$/],
    ['https://user@hooks.example.com/x', /user name or password/],
    ['https://:secret@hooks.example.com/x', /user name or password/],
    ['https://user:secret@hooks.example.com/x', /user name or password/],
    ['https://hooks.example.com:8443/x', /^port 8443 is not allowed: use port 443 \(https\)$/],
    ['https://hooks.example.com:80/x', /^port 80 is not allowed/],
    ['https://hooks.example.com:1/x', /^port 1 is not allowed/],
    ['https://8.8.8.8:8080/x', /^port 8080 is not allowed/],
  ])('%s is refused in production', (url, why) => {
    expect(production(url)).toMatch(why);
  });

  it('allows port 443, written or not', () => {
    expect(production('https://hooks.example.com:443/x')).toBeNull();
    expect(production('https://hooks.example.com/x?y=1#z')).toBeNull();
  });
});

describe('with ALLOW_LOCAL_WEBHOOKS=on (local development and tests)', () => {
  it('also allows http, port 80 for public hosts, and loopback on any port', () => {
    for (const url of [
      'http://127.0.0.1:8787/hook',
      'http://127.9.9.9:1/',
      'https://127.0.0.1:8443/x',
      'http://2130706433:5000/x',
      'http://localhost:9000/x',
      'http://LOCALHOST.:9000/x',
      'https://localhost/x',
      'http://[::1]:3000/',
      'http://[0:0:0:0:0:0:0:1]:65535/',
      'http://hooks.example.com/x',
      'http://hooks.example.com:80/x',
      'https://hooks.example.com/x',
      'http://8.8.8.8/x',
    ]) {
      expect(local(url), url).toBeNull();
      expect(isAllowedWebhookUrl(url, true), url).toBe(true);
    }
  });

  it('still refuses other ports of public hosts, private networks, mapped loopback, *.localhost, user info and other schemes', () => {
    for (const [url, why] of [
      ['http://hooks.example.com:8080/x', /^port 8080 is not allowed: use port 80 for http or port 443 \(https\)$/],
      ['https://hooks.example.com:8443/x', /^port 8443 is not allowed/],
      ['http://hooks.example.com:443/x', /^port 443 is not allowed/],
      ['http://10.0.0.7/hook', /^10\.0\.0\.0\/8 is a private network$/],
      ['http://192.168.1.2:8080/x', /^192\.168\.0\.0\/16/],
      ['http://0.0.0.0:8787/x', /^0\.0\.0\.0\/8/],
      ['http://[::]:8787/x', /^::\/128 is the unspecified address$/],
      ['http://[::ffff:127.0.0.1]:8787/x', /^::ffff:0:0\/96 is IPv4-mapped/],
      ['http://[fe80::1]:8787/x', /^fe80::\/10/],
      ['http://app.localhost:3000/x', /^\*\.localhost is loopback$/],
      ['http://printer/x', /single-label/],
      ['http://router.lan/x', /^\*\.lan is for local networks/],
      ['http://localhost.localdomain:9000/x', /^\*\.localdomain/],
      ['http://[::ffff:0:7f00:1]:8787/x', /^::ffff:0:0:0\/96 is IPv4-translated/],
      ['http://user:pw@localhost:9000/x', /user name or password/],
      ['ftp://127.0.0.1/x', /^must be an https or http URL$/],
      ['ws://localhost:9000/x', /^must be an https or http URL$/],
    ] as const) {
      expect(local(url), url).toMatch(why);
    }
  });

  it('loopback is refused in production, on any port', () => {
    for (const url of ['https://127.0.0.1/x', 'https://localhost/x', 'https://[::1]/x', 'http://127.0.0.1:8787/hook'])
      expect(isAllowedWebhookUrl(url, false), url).toBe(false);
  });
});

describe('PUT …/notifications', () => {
  it('refuses a webhook URL with 400 and says why', async () => {
    const table = await createTable();
    const token = table.seats[0]!.token;
    expect(await expectError(putNotifications(table.tableId, token, { webhookUrl: 'https://10.1.2.3/x' }), 400, 'bad_request')).toBe(
      'webhookUrl: 10.0.0.0/8 is a private network',
    );
    expect(await expectError(putNotifications(table.tableId, token, { webhookUrl: 'https://hooks.example.com:8443/x' }), 400, 'bad_request')).toMatch(
      /^webhookUrl: port 8443/,
    );
    expect(
      await expectError(putNotifications(table.tableId, token, { webhookUrl: 'https://[::ffff:169.254.169.254]/x' }), 400, 'bad_request'),
    ).toMatch(/^webhookUrl: ::ffff:0:0\/96/);
    expect((await putNotifications(table.tableId, token, { webhookUrl: 'http://127.0.0.1:41234/hook' })).status).toBe(200); // the tests run with ALLOW_LOCAL_WEBHOOKS=on
  });

  it('refuses IPv4-translated and ORCHID addresses and the private top-level names, as a webhook and as a push endpoint', async () => {
    const table = await createTable();
    const put = (body: unknown) => expectError(putNotifications(table.tableId, table.seats[0]!.token, body), 400, 'bad_request');
    const keys = { p256dh: 'BAAA', auth: 'AAAA' }; // never read: the endpoint is refused first
    const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    for (const [url, why] of [
      ['https://[::ffff:0:7f00:1]/hook', '::ffff:0:0:0/96 is IPv4-translated'],
      ['https://[0:0:0:0:ffff:0:169.254.169.254]/hook', '::ffff:0:0:0/96 is IPv4-translated'],
      ['https://[2001:10::1]/hook', '2001:10::/28 is ORCHID'],
      ['https://[2001:20::1]/hook', '2001:20::/28 is ORCHIDv2'],
      ['https://router.lan/hook', '*.lan is for local networks'],
      ['https://nas.home/hook', '*.home is for home networks'],
      ['https://jira.corp/hook', '*.corp is for private networks'],
      ['https://localhost.localdomain/hook', '*.localdomain is the local machine'],
    ] as const) {
      expect(await put({ webhookUrl: url }), url).toMatch(startsWith(`webhookUrl: ${why}`));
      expect(await put({ push: { endpoint: url, keys } }), url).toMatch(startsWith(`push.endpoint: ${why}`));
    }
  });
});
