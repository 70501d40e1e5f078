/**
 * IP address literals as numbers, for the webhook URL filter (webhook-urls.ts) and the
 * rate-limit keys of clients (client-key.ts). Strict: only the textual forms a URL's host or
 * `cf-connecting-ip` carry (dotted-decimal IPv4; IPv6 with `::` and a trailing dotted IPv4).
 */

/** A dotted-decimal IPv4 address ("192.0.2.1") as an unsigned 32-bit number, or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

export const formatIPv4 = (value: number): string => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');

/**
 * An IPv6 address ("2001:db8::1", "::ffff:192.0.2.1", without brackets or zone) as its
 * eight 16-bit groups, or null.
 */
export function parseIPv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string, last: boolean): number[] | null => {
    if (half === '') return [];
    const words = half.split(':');
    const groups: number[] = [];
    for (const [i, word] of words.entries()) {
      if (last && i === words.length - 1 && word.includes('.')) {
        const v4 = parseIPv4(word);
        if (v4 === null) return null;
        groups.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/i.test(word)) groups.push(parseInt(word, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1]!, true) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  // "::" stands for at least one group of zeros.
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** The eight groups as one 128-bit number. */
export const ipv6Value = (groups: readonly number[]): bigint => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
