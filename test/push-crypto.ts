/**
 * The receiving half of Web Push, for the tests only: what a browser does with a push
 * (RFC 8291 decryption, written apart from worker/push/ so that the two check each other)
 * and what a push service checks (the VAPID JWT of RFC 8292). WebCrypto only: runs in
 * workerd and in Node alike.
 */

const encoder = new TextEncoder();

export const b64u = {
  encode(bytes: Uint8Array): string {
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  },
};

const join = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}

/** HKDF as RFC 5869 spells it (one block of output is all any of these need), by HMAC rather than WebCrypto's HKDF. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: string | Uint8Array,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const prk = await hmac(salt, ikm);
  const okm = await hmac(prk, join(typeof info === 'string' ? encoder.encode(info) : info, Uint8Array.of(1)));
  return okm.slice(0, length);
}

export interface Aes128gcmMessage {
  readonly rs: number;
  readonly keyid: Uint8Array<ArrayBuffer>;
  readonly plaintext: Uint8Array<ArrayBuffer>;
}

/** RFC 8188: decodes a one-record aes128gcm body with its input keying material; throws unless it is the last record, padded per §2. */
export async function decryptAes128gcm(received: Uint8Array, ikm: Uint8Array<ArrayBuffer>): Promise<Aes128gcmMessage> {
  const body = new Uint8Array(received);
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idlen = body[20]!;
  const keyid = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const cek = await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error(`the record is not marked as the last (delimiter ${padded[end]})`);
  return { rs, keyid, plaintext: padded.slice(0, end) };
}

/** A browser's side of a subscription: its keys as it would send them, and its private key. */
export interface Subscriber {
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly privateKey: CryptoKey;
}

export async function newSubscriber(): Promise<Subscriber> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const p256dh = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { keys: { p256dh: b64u.encode(p256dh), auth: b64u.encode(crypto.getRandomValues(new Uint8Array(16))) }, privateKey: pair.privateKey };
}

/** A subscriber from given keys (the RFC 8291 example's user agent). */
export async function subscriberOf(publicKey: string, privateKey: string, auth: string): Promise<Subscriber> {
  const point = b64u.decode(publicKey);
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u.encode(point.slice(1, 33)), y: b64u.encode(point.slice(33)), d: privateKey };
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  return { keys: { p256dh: publicKey, auth }, privateKey: key };
}

/** RFC 8291 §3: the push body decrypted with the subscription's keys, as text. */
export async function decryptPush(received: Uint8Array, subscriber: Subscriber): Promise<string> {
  const body = new Uint8Array(received);
  const asPublic = body.slice(21, 21 + body[20]!);
  if (asPublic.length !== 65) throw new Error(`keyid of ${asPublic.length} bytes, not the sender's 65-byte key`);
  const peer = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const algorithm = { name: 'ECDH', public: peer } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const secret = new Uint8Array(await crypto.subtle.deriveBits(algorithm, subscriber.privateKey, 256));
  const uaPublic = b64u.decode(subscriber.keys.p256dh);
  const ikm = await hkdf(b64u.decode(subscriber.keys.auth), secret, join(encoder.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  return new TextDecoder().decode((await decryptAes128gcm(body, ikm)).plaintext);
}

export interface VapidClaims {
  readonly aud: string;
  readonly exp: number;
  readonly sub: string;
}

/**
 * What a push service checks of `Authorization: vapid t=…, k=…` (RFC 8292 §3): k is the
 * key the subscription was made with, the ES256 signature verifies with it, aud is the
 * endpoint's origin and exp within the next 24 hours. Throws otherwise; answers the claims.
 */
export async function verifyVapid(authorization: string, publicKey: string, endpoint: string, now = Date.now()): Promise<VapidClaims> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (match === null) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string];
  if (k !== publicKey) throw new Error('k is not the key of GET /api/push/key');
  if (JSON.parse(new TextDecoder().decode(b64u.decode(header))).alg !== 'ES256') throw new Error('not ES256');
  const key = await crypto.subtle.importKey('raw', b64u.decode(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b64u.decode(signature), encoder.encode(`${header}.${claims}`));
  if (!valid) throw new Error('the JWT signature does not verify');
  const parsed = JSON.parse(new TextDecoder().decode(b64u.decode(claims))) as VapidClaims;
  if (parsed.aud !== new URL(endpoint).origin) throw new Error(`aud ${parsed.aud} is not the endpoint's origin`);
  const seconds = now / 1000;
  if (!(parsed.exp > seconds && parsed.exp <= seconds + 86_400)) throw new Error(`exp ${parsed.exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error(`sub ${parsed.sub} is neither mailto: nor https:`);
  return parsed;
}
