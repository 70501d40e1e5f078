/**
 * The names and links of a mail address, derived from the server's token key (tokens.ts),
 * so that the address itself never has to be kept or shown anywhere but in the seat's own
 * notifications:
 *
 *   key = hex(HMAC-SHA256(token key, "mail-address:" + address trimmed and lower-cased))
 *   sig = base64url(HMAC-SHA256(token key, "mail-<purpose>:" + key)), purpose "confirm" or "unsubscribe"
 *   link = <origin>/api/mail/<purpose>/<key>.<sig>
 *
 * The key names the address's Durable Object (address-object.ts); nobody without the key
 * can compute it from an address. The sig makes a link unforgeable even to someone who
 * learnt a key, and differs per purpose: an unsubscribe link (in every mail's headers,
 * seen by mail providers) cannot confirm an address.
 */

export type LinkPurpose = 'confirm' | 'unsubscribe';

const KEY_PATTERN = /^[0-9a-f]{64}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The form an address is compared in: `Sepp@Example.com ` and `sepp@example.com` are one address. */
export const normalizeAddress = (address: string): string => address.trim().toLowerCase();

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The key of an address: the name of its Durable Object. */
export const addressKey = async (secret: string, address: string): Promise<string> =>
  hex(await hmac(secret, `mail-address:${normalizeAddress(address)}`));

const sigOf = async (secret: string, purpose: LinkPurpose, key: string): Promise<string> => base64url(await hmac(secret, `mail-${purpose}:${key}`));

export const mailLink = async (secret: string, origin: string, purpose: LinkPurpose, key: string): Promise<string> =>
  `${origin}/api/mail/${purpose}/${key}.${await sigOf(secret, purpose, key)}`;

/** Everything a mail to `address` needs: its key and both links. */
export interface AddressLinks {
  readonly key: string;
  readonly confirm: string;
  readonly unsubscribe: string;
}

export async function addressLinks(secret: string, origin: string, address: string): Promise<AddressLinks> {
  const key = await addressKey(secret, address);
  return { key, confirm: await mailLink(secret, origin, 'confirm', key), unsubscribe: await mailLink(secret, origin, 'unsubscribe', key) };
}

/**
 * The key of a link's last segment (`<key>.<sig>`) when its sig is right for `purpose`:
 * "malformed" when it is no such segment, "forged" when the sig does not match.
 */
export async function keyOfLink(secret: string, purpose: LinkPurpose, segment: string): Promise<{ key: string } | 'malformed' | 'forged'> {
  const [key, sig, ...rest] = segment.split('.');
  if (key === undefined || sig === undefined || rest.length > 0 || !KEY_PATTERN.test(key) || !SIG_PATTERN.test(sig)) return 'malformed';
  const encoder = new TextEncoder();
  const given = encoder.encode(sig);
  const expected = encoder.encode(await sigOf(secret, purpose, key));
  // Same length by the pattern; compared in constant time all the same.
  return given.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(given, expected) ? { key } : 'forged';
}
