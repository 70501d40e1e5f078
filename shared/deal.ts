/** Shuffling and dealing (R2): a deal is the three hands in dealing order and the stock. */
import { CARD_CODES, CARD_COUNT, cardFromCode, type CardCode } from './cards.js';
import { badRequest, ok, type Result } from './result.js';
import { fromHex, sha256, toHex } from './sha256.js';

export interface Deal {
  /** hands[seat]: 10 codes; the first 3 are the packet seen in the doubling window (R3.1). */
  readonly hands: readonly [readonly CardCode[], readonly CardCode[], readonly CardCode[]];
  readonly stock: readonly CardCode[];
}

export const HAND_SIZE = 10;
export const PACKET_SIZE = 3;
export const STOCK_SIZE = 2;

/** Fills an array with uniformly random 32-bit words, like `crypto.getRandomValues`. */
export type RandomSource = (words: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const cryptoRandom: RandomSource = (words) => crypto.getRandomValues(words);

/** A uniform integer in [0, bound) by rejection sampling: no modulo bias. */
function uniformBelow(bound: number, random: RandomSource, word: Uint32Array<ArrayBuffer>): number {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % bound);
  for (;;) {
    const value = random(word)[0]!;
    if (value < limit) return value % bound;
  }
}

/** Lays a shuffled deck out as a deal: 10 cards to each seat in turn, the last 2 to the stock. */
export function dealFromDeck(deck: readonly CardCode[]): Deal {
  return {
    hands: [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)],
    stock: deck.slice(30, 32),
  };
}

/**
 * R2.1: a Fisher–Yates shuffle driven by a cryptographically secure source (never
 * Math.random). The source is a parameter so tests can replay a shuffle.
 */
export function shuffleDeal(random: RandomSource = cryptoRandom): Deal {
  const deck = CARD_CODES.slice();
  const word = new Uint32Array(1);
  for (let i = CARD_COUNT - 1; i > 0; i--) {
    const j = uniformBelow(i + 1, random, word);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return dealFromDeck(deck);
}

/** R2.2: checks a given deal (tests, fixed deals): 3 × 10 cards and a stock of 2, all 32 different. */
export function validateDeal(input: unknown): Result<Deal> {
  if (typeof input !== 'object' || input === null) return badRequest('R2.2: a deal must be an object {hands, stock}');
  const { hands, stock } = input as { hands?: unknown; stock?: unknown };
  if (!Array.isArray(hands) || hands.length !== 3) return badRequest('R2.2: a deal needs "hands": 3 lists of 10 cards');
  if (!Array.isArray(stock) || stock.length !== STOCK_SIZE) return badRequest('R2.2: a deal needs a "stock" of 2 cards');
  const seen = new Set<string>();
  const lists: unknown[] = [...(hands as unknown[]), stock];
  for (const [index, list] of lists.entries()) {
    const where = index < 3 ? `hand of seat ${index}` : 'stock';
    if (!Array.isArray(list) || list.length !== (index < 3 ? HAND_SIZE : STOCK_SIZE)) {
      return badRequest(`R2.2: the ${where} must hold ${index < 3 ? HAND_SIZE : STOCK_SIZE} cards`);
    }
    for (const code of list) {
      if (cardFromCode(code) === undefined) return badRequest(`R2.2: ${JSON.stringify(code)} in the ${where} is not a card`);
      if (seen.has(code as string)) return badRequest(`R2.2: ${code as string} is dealt twice`);
      seen.add(code as string);
    }
  }
  const [h0, h1, h2] = hands as CardCode[][];
  return ok({ hands: [[...h0!], [...h1!], [...h2!]], stock: [...(stock as CardCode[])] });
}

/**
 * The verifiable shuffle: the random words of a deal derived from a secret seed. Block i
 * (i = 0, 1, …) is SHA-256(seed ‖ i as 4 bytes big-endian); its 32 bytes are read as 8
 * big-endian 32-bit words, and shuffleDeal draws from these words in order. Publishing
 * SHA-256(seed) before the first bid (the commitment) and the seed after the game lets
 * anyone re-run `dealFromSeed` and check that the deal was fixed in advance.
 */
export function seedWords(seed: Uint8Array): RandomSource {
  let block = 0;
  let words: Uint32Array = new Uint32Array(0);
  let next = 0;
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  return (out) => {
    for (let i = 0; i < out.length; i++) {
      if (next === words.length) {
        new DataView(input.buffer).setUint32(seed.length, block++);
        const digest = new DataView(sha256(input).buffer);
        words = Uint32Array.from({ length: 8 }, (_, k) => digest.getUint32(k * 4));
        next = 0;
      }
      out[i] = words[next++]!;
    }
    return out;
  };
}

export const SEED_BYTES = 32;

/** The deal of a seed given as 64 hex digits (see seedWords). */
export function dealFromSeed(seedHex: string): Result<Deal> {
  const seed = fromHex(seedHex);
  if (seed === undefined || seed.length !== SEED_BYTES) return badRequest('R2.1: a seed is 64 lowercase hex digits');
  return ok(shuffleDeal(seedWords(seed)));
}

/** The commitment published while the seed is secret: SHA-256 of the seed's bytes, in hex. */
export function commitmentOf(seedHex: string): string {
  return toHex(sha256(fromHex(seedHex) ?? new Uint8Array()));
}

/** A fresh secret seed (R2.1: crypto.getRandomValues), as hex. */
export function newSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
}
