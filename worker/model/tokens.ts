/**
 * Seat links. A token is derived from the server's secret key and a random nonce:
 *
 *   token = base64url(HMAC-SHA256(key = TOKEN_SECRET, message = `${tableId}:${seat or "spectator" or "admin"}:${nonce}`))
 *
 * with a 128-bit random nonce per token. The table stores the nonce and the token's SHA-256
 * hash, never the token; it compares hashes in constant time. Knowing the key, the table
 * can derive a seat's link again to put it in a mail. A copy of the table's storage alone
 * (nonces and hashes) gives no token.
 */
import type { Seat } from '../../shared/options.js';

const NONCE_BYTES = 16;

/**
 * The key of local development: public, so only ever used for tables created at a loopback
 * address (see tokenKey). Production runs with the secret TOKEN_SECRET.
 */
export const DEVELOPMENT_TOKEN_SECRET = 'wallachen-local-development-key-not-secret';

/** TOKEN_SECRET must have at least this many characters (e.g. `openssl rand -base64 32`). */
export const MIN_SECRET_LENGTH = 32;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new nonce for one token (22 characters of base64url, 128 random bits). */
export const newNonce = (): string => base64url(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));

/** A new table id: 16 characters of base32 (80 bits), short enough for links. */
export function newTableId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => alphabet[b & 31]).join('');
}

export const TABLE_ID_PATTERN = /^[a-z2-9]{16}$/;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether an origin such as "http://localhost:8787" is this machine (local development). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(origin).hostname.replace(/\.$/, ''));
  } catch {
    return false;
  }
}

export type TokenKey = { readonly ok: true; readonly secret: string } | { readonly ok: false; readonly message: string };

/**
 * The key for the tokens of a table at `origin` (the origin its links point to):
 * TOKEN_SECRET when set (at least 32 characters); without it, the fixed development key,
 * but only for a loopback origin, which a deployed Worker never serves. Anything else has
 * no key: such a table cannot be created.
 */
export function tokenKey(env: { readonly TOKEN_SECRET?: string | undefined }, origin: string): TokenKey {
  const secret = env.TOKEN_SECRET;
  if (secret !== undefined && secret !== '') {
    if (secret.length < MIN_SECRET_LENGTH) return { ok: false, message: `TOKEN_SECRET must have at least ${MIN_SECRET_LENGTH} characters` };
    return { ok: true, secret };
  }
  if (isLoopbackOrigin(origin)) return { ok: true, secret: DEVELOPMENT_TOKEN_SECRET };
  return { ok: false, message: 'the server has no TOKEN_SECRET: set it with `npx wrangler secret put TOKEN_SECRET`' };
}

/** Whose token: a seat's, the spectators' (null), or the table admin's. */
export type TokenOwner = Seat | null | 'admin';

/** The token of `owner` (a seat, null: the spectators, or "admin") at a table, from the key and the token's nonce. */
export async function deriveToken(secret: string, tableId: string, owner: TokenOwner, nonce: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${tableId}:${owner ?? 'spectator'}:${nonce}`));
  return base64url(new Uint8Array(mac));
}

/** SHA-256 of a token, in hex: what the table stores and compares. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether two hex hashes are equal, in time independent of where they differ. */
export function sameHash(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  return x.byteLength === y.byteLength && crypto.subtle.timingSafeEqual(x, y);
}

/** A seat's link: the token sits in the fragment, which browsers never send to a server. */
export const linkOf = (origin: string, tableId: string, token: string): string => `${origin}/t/${tableId}#${token}`;

/** The admin's link: the admin page of the web app, the token in the fragment as for the seats. */
export const adminLinkOf = (origin: string, tableId: string, token: string): string => `${origin}/admin/${tableId}#${token}`;
