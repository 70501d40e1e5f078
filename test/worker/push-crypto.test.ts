/**
 * The Web Push crypto of worker/push/ against the RFCs' own examples, byte for byte: RFC 8291
 * Appendix A (a push message encrypted for a subscription) and RFC 8188 §3.1 (the aes128gcm
 * content coding on its own); the VAPID JWT as a push service checks it (RFC 8292); and the
 * key pair's choice (secrets, the development pair at loopback only, else not configured).
 */
import { describe, expect, it } from 'vitest';
import { aes128gcm, encryptPush, MAX_PLAINTEXT_BYTES, validKeys } from '../../worker/notifications/push/ece.js';
import { DEVELOPMENT_VAPID_KEYS, TOKEN_LIFETIME_S, vapidAuthorization, vapidKeys } from '../../worker/notifications/push/vapid.js';
import { b64u, decryptAes128gcm, decryptPush, newSubscriber, subscriberOf, verifyVapid } from '../push-crypto.js';

/** RFC 8291 Appendix A. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** RFC 8188 §3.1: "I am the walrus", one record of rs 4096, no keyid. */
const RFC8188 = {
  plaintext: 'I am the walrus',
  ikm: 'yqdlZ-tYemfogSmv7Ws5PQ',
  salt: 'I1BsxtFttlv3u_Oo94xnmw',
  body: 'I1BsxtFttlv3u_Oo94xnmwAAEAAA-NAVub2qFgBEuQKRapoZu-IxkIva3MEB1PD-ly8Thjg',
};

async function senderKeys(publicKey: string, privateKey: string): Promise<CryptoKeyPair> {
  const point = b64u.decode(publicKey);
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u.encode(point.slice(1, 33)), y: b64u.encode(point.slice(33)) };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', { ...jwk, d: privateKey }, algorithm, true, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', jwk, algorithm, true, []),
  };
}

const text = new TextEncoder();

describe('RFC 8291 message encryption', () => {
  it('encrypts Appendix A exactly, and the receiving half decrypts it', async () => {
    const ephemeral = { keys: await senderKeys(RFC8291.asPublic, RFC8291.asPrivate), salt: b64u.decode(RFC8291.salt) };
    const body = await encryptPush(text.encode(RFC8291.plaintext), { p256dh: RFC8291.uaPublic, auth: RFC8291.auth }, ephemeral);
    expect(b64u.encode(body)).toBe(RFC8291.body);
    const ua = await subscriberOf(RFC8291.uaPublic, RFC8291.uaPrivate, RFC8291.auth);
    expect(await decryptPush(b64u.decode(RFC8291.body), ua)).toBe(RFC8291.plaintext);
  });

  it('uses a fresh key and salt per message: the same text twice gives two bodies, each decrypting to it', async () => {
    const ua = await newSubscriber();
    const [a, b] = [await encryptPush(text.encode('{"type":"turn"}'), ua.keys), await encryptPush(text.encode('{"type":"turn"}'), ua.keys)];
    expect(b64u.encode(a)).not.toBe(b64u.encode(b));
    expect(b64u.encode(a.slice(0, 16))).not.toBe(b64u.encode(b.slice(0, 16)));
    expect(await decryptPush(a, ua)).toBe('{"type":"turn"}');
    expect(await decryptPush(b, ua)).toBe('{"type":"turn"}');
    // Another subscription's keys cannot read it.
    await expect(decryptPush(a, await newSubscriber())).rejects.toThrow();
  });

  it('holds at most 3993 bytes: a message of 4096 bytes with its header, tag and delimiter', async () => {
    const ua = await newSubscriber();
    const largest = await encryptPush(new Uint8Array(MAX_PLAINTEXT_BYTES).fill(0x41), ua.keys);
    expect(MAX_PLAINTEXT_BYTES).toBe(3993);
    expect(largest.length).toBe(4096);
    await expect(encryptPush(new Uint8Array(MAX_PLAINTEXT_BYTES + 1), ua.keys)).rejects.toThrow(/at most 3993 bytes/);
  });

  it('takes only keys of the lengths RFC 8291 gives them', async () => {
    const { keys } = await newSubscriber();
    expect(validKeys(keys)).toBe(true);
    expect(validKeys({ ...keys, auth: b64u.encode(new Uint8Array(15)) })).toBe(false);
    expect(validKeys({ ...keys, p256dh: keys.p256dh.slice(0, 40) })).toBe(false);
    expect(validKeys({ ...keys, p256dh: b64u.encode(Uint8Array.of(0x02, ...new Uint8Array(64))) })).toBe(false); // not an uncompressed point
    expect(validKeys({ ...keys, auth: 'not base64url!' })).toBe(false);
  });
});

describe('RFC 8188 aes128gcm content coding', () => {
  it('encodes §3.1 exactly, and the receiving half decodes it', async () => {
    const body = await aes128gcm(b64u.decode(RFC8188.ikm), b64u.decode(RFC8188.salt), new Uint8Array(0), text.encode(RFC8188.plaintext));
    expect(b64u.encode(body)).toBe(RFC8188.body);
    const decoded = await decryptAes128gcm(b64u.decode(RFC8188.body), b64u.decode(RFC8188.ikm));
    expect(decoded.rs).toBe(4096);
    expect(decoded.keyid.length).toBe(0);
    expect(new TextDecoder().decode(decoded.plaintext)).toBe(RFC8188.plaintext);
  });
});

describe('RFC 8292 VAPID', () => {
  const keys = { ...DEVELOPMENT_VAPID_KEYS, subject: 'mailto:push@wallachen.example' };
  const endpoint = 'https://push.example.net/wpush/v2/abc?x=1';

  it('signs an ES256 JWT for the push service origin, valid for 12 hours, that verifies with the public key', async () => {
    const now = Date.now();
    const authorization = await vapidAuthorization(keys, endpoint, now);
    const claims = await verifyVapid(authorization, keys.publicKey, endpoint, now);
    expect(claims).toEqual({ aud: 'https://push.example.net', exp: Math.floor(now / 1000) + TOKEN_LIFETIME_S, sub: 'mailto:push@wallachen.example' });
    expect(TOKEN_LIFETIME_S).toBeLessThanOrEqual(24 * 3600);
  });

  it('is refused by a push service for another origin, another key, or a changed claim', async () => {
    const authorization = await vapidAuthorization(keys, endpoint, Date.now());
    await expect(verifyVapid(authorization, keys.publicKey, 'https://other.example.net/x')).rejects.toThrow(/aud/);
    await expect(
      verifyVapid(authorization, 'BCSfWbljIKaaYEzMOV2SpDowDpCGJQEqud_gSXbumyQSSdkgs7WQpxuQDqFJObbou3tQuClQkXdLOHI0Nf8LAnE', endpoint),
    ).rejects.toThrow(/k is not/);
    const [head, claims, signature] = authorization.slice('vapid t='.length).split(', k=')[0]!.split('.') as [string, string, string];
    const forged = b64u.encode(
      text.encode(JSON.stringify({ aud: 'https://push.example.net', exp: Math.floor(Date.now() / 1000) + 3600, sub: 'mailto:x@y.z' })),
    );
    expect(forged).not.toBe(claims);
    await expect(verifyVapid(`vapid t=${head}.${forged}.${signature}, k=${keys.publicKey}`, keys.publicKey, endpoint)).rejects.toThrow(/signature/);
  });

  it('takes its key pair from the secrets, else the development pair at a loopback origin only, else none', () => {
    const secrets = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://wallachen.example/contact' };
    expect(vapidKeys(secrets, 'https://wallachen.example')).toEqual({
      ok: true,
      keys: { ...DEVELOPMENT_VAPID_KEYS, subject: 'https://wallachen.example/contact' },
    });
    expect(vapidKeys({}, 'http://127.0.0.1:8787')).toMatchObject({ ok: true, keys: DEVELOPMENT_VAPID_KEYS });
    expect(vapidKeys({}, 'http://localhost:5173')).toMatchObject({ ok: true });
    expect(vapidKeys({}, 'https://wallachen.example')).toEqual({ ok: false, message: expect.stringMatching(/not set up/) });
    expect(vapidKeys({ ...secrets, VAPID_PRIVATE_KEY: 'short' }, 'https://wallachen.example')).toEqual({
      ok: false,
      message: expect.stringMatching(/P-256 key pair/),
    });
    expect(vapidKeys({ VAPID_SUBJECT: 'push@wallachen.example' }, 'http://localhost:8787')).toEqual({
      ok: false,
      message: expect.stringMatching(/mailto/),
    });
  });
});
