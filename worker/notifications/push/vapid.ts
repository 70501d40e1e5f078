/**
 * Voluntary application server identification (VAPID, RFC 8292): each push request carries
 * a JWT signed with the server's P-256 key (ES256), for the push service's origin (aud), for
 * at most 24 hours (exp), naming whom to contact (sub), and the public key beside it:
 *
 *   Authorization: vapid t=<jwt>, k=<public key, base64url>
 *
 * The key pair is the Worker's secrets VAPID_PUBLIC_KEY (65 octets, uncompressed point) and
 * VAPID_PRIVATE_KEY (the 32-octet scalar), both base64url (`npm run vapid-keys`). Without
 * them, a Worker serving a loopback origin (local development) uses a fixed development
 * pair, as tokens.ts does for its key; any other has no key: push is refused as not configured.
 */
import { fromBase64url, toBase64url } from './base64url.js';
import { isLoopbackOrigin } from '../../model/tokens.js';

/** The pair of local development: public, so only ever used for loopback origins. */
export const DEVELOPMENT_VAPID_KEYS = {
  publicKey: 'BL3Sqas3sGSzhZ8cfGkXvemB7ARpzAqYp3ZLEBtOxtGEaOJWOSxZX4_XpISECSkMinbjQcWN18dSiXvwLnoVrZI',
  privateKey: 'hYytBepmBwWts8CatHaogIqWRzR8GRRT1GHw2IpYEj8',
} as const;

/** How long a VAPID token is valid: RFC 8292 §2 allows at most 24 hours; 12 leaves room for clocks that differ. */
export const TOKEN_LIFETIME_S = 12 * 60 * 60;

/** Whom a push service may contact about our pushes, unless the VAPID_SUBJECT var says otherwise. */
const DEFAULT_SUBJECT = 'mailto:push@wallachen.example';

export interface VapidEnv {
  readonly VAPID_PUBLIC_KEY?: string | undefined;
  readonly VAPID_PRIVATE_KEY?: string | undefined;
  readonly VAPID_SUBJECT?: string | undefined;
}

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
}

export type VapidKeyChoice = { readonly ok: true; readonly keys: VapidKeys } | { readonly ok: false; readonly message: string };

/** The key pair for pushes of an app at `origin`: the secrets, else (loopback only) the development pair. */
export function vapidKeys(env: VapidEnv, origin: string): VapidKeyChoice {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (!/^(mailto:|https:\/\/)/.test(subject)) return { ok: false, message: 'VAPID_SUBJECT must be a mailto: or https: URL' };
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey && privateKey) {
    if (!wellFormed(publicKey, privateKey))
      return { ok: false, message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (npm run vapid-keys)' };
    return { ok: true, keys: { publicKey, privateKey, subject } };
  }
  if (isLoopbackOrigin(origin)) return { ok: true, keys: { ...DEVELOPMENT_VAPID_KEYS, subject } };
  return { ok: false, message: 'push notifications are not set up on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)' };
}

function wellFormed(publicKey: string, privateKey: string): boolean {
  try {
    const point = fromBase64url(publicKey);
    return point.length === 65 && point[0] === 0x04 && fromBase64url(privateKey).length === 32;
  } catch {
    return false;
  }
}

/** The private key as WebCrypto takes it: a JWK with the point's coordinates beside the scalar. */
async function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = fromBase64url(keys.publicKey);
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64url(point.slice(1, 33)),
    y: toBase64url(point.slice(33, 65)),
    d: keys.privateKey,
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

const encoder = new TextEncoder();
const part = (value: unknown) => toBase64url(encoder.encode(JSON.stringify(value)));

/** The Authorization header for a push to `endpoint`, valid from `now` (ms) for TOKEN_LIFETIME_S. */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now: number): Promise<string> {
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + TOKEN_LIFETIME_S, sub: keys.subject };
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  // WebCrypto's ECDSA signature is already JWS's r|s form (64 octets), not DER.
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(keys), encoder.encode(input)));
  return `vapid t=${input}.${toBase64url(signature)}, k=${keys.publicKey}`;
}
