/** The rate-limit key of a client (worker/routes/client-key.ts): IPv4 as it is, IPv6 by its /64, "local" without an address. */
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../worker/routes/client-key.js';

describe('clientKey', () => {
  it.each<[header: string | null | undefined, key: string]>([
    [undefined, 'local'],
    [null, 'local'],
    ['', 'local'],
    ['  ', 'local'],
    ['203.0.113.9', '203.0.113.9'],
    [' 198.51.100.7 ', '198.51.100.7'],
    ['8.8.8.8', '8.8.8.8'],
    ['2001:db8:0:7::1', '2001:db8:0:7::/64'],
    ['2001:DB8:0:7::1', '2001:db8:0:7::/64'],
    ['2001:0db8:0000:0007:abcd:ef01:2345:6789', '2001:db8:0:7::/64'],
    ['2001:db8:0:7:ffff:ffff:ffff:ffff', '2001:db8:0:7::/64'],
    ['2001:db8::7:0:0:1', '2001:db8:0:0::/64'],
    ['2001:db8:0:8::1', '2001:db8:0:8::/64'],
    ['2a00:1450:4001:82b::200e', '2a00:1450:4001:82b::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.9', '203.0.113.9'], // an IPv4 client written as IPv6
    ['::ffff:cb00:7109', '203.0.113.9'],
    ['not an address', 'not an address'], // never from Cloudflare; kept apart from everyone else
  ])('%s → %s', (header, key) => {
    expect(clientKey(header)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = ['2001:db8:1:2::', '2001:db8:1:2::1', '2001:db8:1:2:8000::', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9'].map(
      clientKey,
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(keys[0]);
    expect(clientKey('2001:db8:1:1:ffff:ffff:ffff:ffff')).not.toBe(keys[0]);
  });

  it('keeps IPv4 clients apart, each address its own', () => {
    expect(clientKey('192.0.2.1')).not.toBe(clientKey('192.0.2.2'));
  });
});
