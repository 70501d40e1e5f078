/**
 * A new VAPID key pair for Web Push (worker/notifications/push/vapid.ts), made with WebCrypto:
 * `npm run vapid-keys` prints both halves in base64url, to be set as the Worker's secrets
 * with `npx wrangler secret put VAPID_PUBLIC_KEY` and `npx wrangler secret put VAPID_PRIVATE_KEY`.
 * Replacing the pair later ends every subscription made with the old one (browsers subscribe
 * again when a player presses "Notify me on this device").
 */
import { Buffer } from 'node:buffer';

const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
const { d } = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
