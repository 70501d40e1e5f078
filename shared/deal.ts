/** Shuffling and dealing (R2): a deal is the three hands in dealing order and the stock. */
import { CARD_CODES, CARD_COUNT, cardFromCode, type CardCode } from './cards.js';
import { badRequest, ok, type Result } from './result.js';

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
