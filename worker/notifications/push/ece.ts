/**
 * Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188),
 * with WebCrypto only, so it runs in the Worker:
 *
 *   ecdh_secret = ECDH(as_private, ua_public)
 *   IKM   = HKDF(salt = auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
 *   CEK   = HKDF(salt, IKM, "Content-Encoding: aes128gcm" 0x00, 16)
 *   NONCE = HKDF(salt, IKM, "Content-Encoding: nonce" 0x00, 12)
 *   body  = salt(16) | rs(uint32) | idlen(1) = 65 | as_public(65) | AES-128-GCM(plaintext | 0x02)
 *
 * One record, as RFC 8291 §4 requires for push messages: the padding delimiter 0x02 marks
 * it as the last, and no padding follows (the payloads are small and their length says only
 * which event it is, which the push service could tell from the timing anyway).
 */
import { concat, fromBase64url } from './base64url.js';
import type { SubscriptionKeys } from '../../storage/push-subscriptions.js';

/** RFC 8291 §4: a push message body is at most 4096 octets; the header takes 86, the tag 16, the delimiter 1. */
export const MAX_PLAINTEXT_BYTES = 4096 - 86 - 16 - 1;

/** The record size written in the header: a single record of at most 4096 octets. */
const RECORD_SIZE = 4096;

const encoder = new TextEncoder();

/** Whether keys have the lengths RFC 8291 gives them (a point on the curve is checked when it is used). */
export function validKeys(keys: SubscriptionKeys): boolean {
  try {
    const p256dh = fromBase64url(keys.p256dh);
    return p256dh.length === 65 && p256dh[0] === 0x04 && fromBase64url(keys.auth).length === 16;
  } catch {
    return false;
  }
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** IKM of RFC 8291 §3.3: the input keying material of the content coding, from the key agreement and the auth secret. */
export async function webPushIkm(ecdhSecret: Uint8Array, authSecret: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array): Promise<Uint8Array> {
  return hkdf(authSecret, ecdhSecret, concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic), 32);
}

/** The key and nonce of one aes128gcm coding (RFC 8188 §2.2, §2.3), shared by the sender and the tests' receiver. */
export async function contentKeys(ikm: Uint8Array, salt: Uint8Array): Promise<{ cek: Uint8Array; nonce: Uint8Array }> {
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  return { cek, nonce };
}

/**
 * The aes128gcm content coding of RFC 8188 with a single record, the last (delimiter 0x02),
 * unpadded: salt | rs | idlen | keyid | ciphertext. The record's nonce is NONCE itself (its
 * sequence number is 0).
 */
export async function aes128gcm(ikm: Uint8Array, salt: Uint8Array, keyid: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array> {
  const { cek, nonce } = await contentKeys(ikm, salt);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, concat(plaintext, Uint8Array.of(0x02))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = keyid.length;
  return concat(header, keyid, ciphertext);
}

/**
 * The ECDH algorithm with the peer's key. WebCrypto names the member `public`; the Workers
 * types call it `$public` (a reserved word in their generator), which the runtime does not read.
 */
export const ecdh = (peer: CryptoKey) => ({ name: 'ECDH', public: peer }) as unknown as SubtleCryptoDeriveKeyAlgorithm;

/** The sender's one-off key pair and salt; chosen fresh per message, given only by the RFC's test vector. */
export interface Ephemeral {
  readonly keys: CryptoKeyPair;
  readonly salt: Uint8Array;
}

export async function newEphemeral(): Promise<Ephemeral> {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  return { keys, salt: crypto.getRandomValues(new Uint8Array(16)) };
}

/** Encrypts `plaintext` for a subscription: the whole request body, header included. */
export async function encryptPush(plaintext: Uint8Array, keys: SubscriptionKeys, ephemeral?: Ephemeral): Promise<Uint8Array> {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`a push message holds at most ${MAX_PLAINTEXT_BYTES} bytes`);
  const { keys: own, salt } = ephemeral ?? (await newEphemeral());
  const uaPublic = fromBase64url(keys.p256dh);
  const authSecret = fromBase64url(keys.auth);
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdh(uaKey), own.privateKey, 256));
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', own.publicKey)) as ArrayBuffer);
  return aes128gcm(await webPushIkm(ecdhSecret, authSecret, uaPublic, asPublic), salt, asPublic, plaintext);
}
