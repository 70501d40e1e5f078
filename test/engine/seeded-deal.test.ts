/** The verifiable shuffle: SHA-256, seed → deal, commitment. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, dealFromSeed, newSeed } from '../../shared/deal.js';
import { sha256, toHex } from '../../shared/sha256.js';
import { expectRefused, must } from './support.js';

describe('SHA-256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    const hex = (text: string) => toHex(sha256(new TextEncoder().encode(text)));
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it("agrees with Node's crypto on random messages of every length up to 300 bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('seed to deal', () => {
  it('R2.1: a seed gives one deal, always the same, and its commitment is SHA-256 of the seed', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const deal = must(dealFromSeed(seed));
    expect(must(dealFromSeed(seed))).toEqual(deal);
    expect(new Set([...deal.hands.flat(), ...deal.stock]).size).toBe(32);
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });

  it('R2.1: the documented procedure gives this deal for the all-zero seed (a fixed vector for other implementations)', () => {
    const deal = must(dealFromSeed('0'.repeat(64)));
    // Recomputed here from the procedure in deal.ts, independently of shuffleDeal.
    const words: number[] = [];
    for (let block = 0; words.length < 64; block++) {
      const input = Buffer.alloc(36);
      input.writeUInt32BE(block, 32);
      const digest = createHash('sha256').update(input).digest();
      for (let k = 0; k < 8; k++) words.push(digest.readUInt32BE(k * 4));
    }
    const deck = [
      'E7',
      'E8',
      'E9',
      'E10',
      'EU',
      'EO',
      'EK',
      'EA',
      'G7',
      'G8',
      'G9',
      'G10',
      'GU',
      'GO',
      'GK',
      'GA',
      'H7',
      'H8',
      'H9',
      'H10',
      'HU',
      'HO',
      'HK',
      'HA',
      'S7',
      'S8',
      'S9',
      'S10',
      'SU',
      'SO',
      'SK',
      'SA',
    ];
    let next = 0;
    for (let i = 31; i > 0; i--) {
      const bound = i + 1;
      const limit = 2 ** 32 - (2 ** 32 % bound);
      let word = words[next++]!;
      while (word >= limit) word = words[next++]!;
      const j = word % bound;
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    expect(deal).toEqual({ hands: [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)], stock: deck.slice(30) });
  });

  it('R2.1: anything but 64 hex digits is refused as a seed', () => {
    for (const bad of ['', 'abc', 'G'.repeat(64), '0'.repeat(62), 'A'.repeat(64)]) expectRefused(dealFromSeed(bad), 'bad_request', 'R2.1');
  });
});
