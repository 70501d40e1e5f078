/**
 * The seat's link in a mail: derived again when the mail goes, never stored with it.
 */
import type { Seat } from '../../../shared/options.js';
import type { Settings, TokenRow } from '../../model/table.js';
import { deriveToken, hashToken, linkOf, sameHash, tokenKey } from '../../model/tokens.js';

/**
 * The seat's link of the token `holder` (the seat's when the attempt began), derived
 * again from the token key and its nonce (tokens.ts) and checked against its hash; null
 * when it cannot be (no key, or a table made before tokens were derived, or a key that
 * changed since).
 */
export async function seatLinkFor(env: Env, settings: Settings, seat: Seat, holder: TokenRow | undefined): Promise<string | null> {
  const { tableId, origin } = settings;
  if (origin === null || holder === undefined || holder.nonce === null) return null;
  const key = tokenKey(env, origin);
  if (!key.ok) return null;
  const token = await deriveToken(key.secret, tableId, seat, holder.nonce);
  if (!sameHash(await hashToken(token), holder.hash)) {
    console.warn(`table ${tableId}: seat ${seat}'s link cannot be derived again (was TOKEN_SECRET changed?); the mail goes without it`);
    return null;
  }
  return linkOf(origin, tableId, token);
}
