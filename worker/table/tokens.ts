/**
 * Seat links: secret tokens of 256 random bits, stored only as SHA-256 hashes and compared
 * in constant time.
 */

const TOKEN_BYTES = 32;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new secret token (43 characters of base64url). */
export const newToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));

/** A new table id: 16 characters of base32 (80 bits), short enough for links. */
export function newTableId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => alphabet[b & 31]).join('');
}

export const TABLE_ID_PATTERN = /^[a-z2-9]{16}$/;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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
