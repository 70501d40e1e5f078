/**
 * The names and links of a mail address, derived from the server's token key (tokens.ts),
 * so that the address itself never has to be kept or shown anywhere but in the seat's own
 * notifications:
 *
 *   key = hex(HMAC-SHA256(token key, "mail-address:" + address trimmed and lower-cased))
 *   unsubscribe: sig = base64url(HMAC-SHA256(token key, "mail-unsubscribe:" + key)),
 *                link = <origin>/api/mail/unsubscribe/<key>.<sig>
 *   confirm:     sig = base64url(HMAC-SHA256(token key, "mail-confirm:" + key + ":" + table id)),
 *                link = <origin>/api/mail/confirm/<key>.<table id>.<sig>
 *
 * The key names the address's Durable Object (address-object.ts); nobody without the key
 * can compute it from an address. The sig makes a link unforgeable even to someone who
 * learnt a key, and differs per purpose: an unsubscribe link (in every mail's headers,
 * seen by mail providers) cannot confirm an address. A confirm link confirms one table for
 * one address: its sig covers the table's id, so it cannot be turned into another table's.
 * Unsubscribing is for every table at once: its link names none.
 */
import { TABLE_ID_PATTERN } from '../../model/tokens.js';

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

/** What a link's sig covers: the address's key, and for a confirm link the table it confirms (null: a confirm link of before, which named none). */
const signed = (purpose: LinkPurpose, key: string, tableId: string | null): string =>
  purpose === 'confirm' && tableId !== null ? `mail-confirm:${key}:${tableId}` : `mail-${purpose}:${key}`;

const sigOf = async (secret: string, purpose: LinkPurpose, key: string, tableId: string | null): Promise<string> =>
  base64url(await hmac(secret, signed(purpose, key, tableId)));

/** The address's one-click unsubscribe link: for every table. */
export const unsubscribeLink = async (secret: string, origin: string, key: string): Promise<string> =>
  `${origin}/api/mail/unsubscribe/${key}.${await sigOf(secret, 'unsubscribe', key, null)}`;

/** The link that confirms table `tableId`'s mail to the address of `key`, and no other table's. */
export const confirmLink = async (secret: string, origin: string, key: string, tableId: string): Promise<string> =>
  `${origin}/api/mail/confirm/${key}.${tableId}.${await sigOf(secret, 'confirm', key, tableId)}`;

/** Everything a mail from a table to `address` needs: its key, the table's confirm link and the unsubscribe link. */
export interface AddressLinks {
  readonly key: string;
  readonly confirm: string;
  readonly unsubscribe: string;
}

export async function addressLinks(secret: string, origin: string, address: string, tableId: string): Promise<AddressLinks> {
  const key = await addressKey(secret, address);
  return { key, confirm: await confirmLink(secret, origin, key, tableId), unsubscribe: await unsubscribeLink(secret, origin, key) };
}

/** What a link's last segment names: the address's key, and for a confirm link the table. */
export interface LinkTarget {
  readonly key: string;
  readonly tableId: string | null;
}

/**
 * What a link's last segment (`<key>.<sig>`, a confirm link `<key>.<table id>.<sig>`) names
 * when its sig is right for `purpose`: "malformed" when it is no such segment, "forged"
 * when the sig does not match, "outdated" for a confirm link of before confirmations were
 * per table (its sig right, but it names no table, so it confirms nothing).
 */
export async function targetOfLink(secret: string, purpose: LinkPurpose, segment: string): Promise<LinkTarget | 'malformed' | 'forged' | 'outdated'> {
  const parts = segment.split('.');
  const namesTable = purpose === 'confirm' && parts.length === 3;
  if (parts.length !== 2 && !namesTable) return 'malformed';
  const key = parts[0]!;
  const sig = parts[parts.length - 1]!;
  const tableId = namesTable ? parts[1]! : null;
  if (!KEY_PATTERN.test(key) || !SIG_PATTERN.test(sig) || (tableId !== null && !TABLE_ID_PATTERN.test(tableId))) return 'malformed';
  const matches = async (table: string | null) => {
    const encoder = new TextEncoder();
    const given = encoder.encode(sig);
    const expected = encoder.encode(await sigOf(secret, purpose, key, table));
    // Same length by the pattern; compared in constant time all the same.
    return given.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(given, expected);
  };
  if (purpose === 'confirm' && tableId === null) return (await matches(null)) ? 'outdated' : 'forged';
  return (await matches(tableId)) ? { key, tableId } : 'forged';
}
