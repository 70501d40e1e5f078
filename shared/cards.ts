/**
 * Cards (R1.1) as small integers and card sets as 32-bit masks.
 *
 * A card's index is suit * 8 + rank, with rank 0 = 7 up to rank 7 = Sau (A), so within a
 * suit a higher index is a stronger card and "every card above x" is a mask operation.
 * Masks are int32 values: bit 31 makes a mask negative, so compare masks with 0, never
 * with `> 0`.
 */

export const SUITS = ['E', 'G', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks from weakest to strongest; R1.1 lists them strongest first. */
export const RANKS = ['7', '8', '9', '10', 'U', 'O', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export type CardCode = `${Suit}${Rank}`;
/** Index 0..31 of a card. */
export type Card = number;
/** A set of cards, one bit per card index. */
export type CardSet = number;

export const CARD_COUNT = 32;

export const suitOf = (card: Card): number => card >> 3;
export const rankOf = (card: Card): number => card & 7;
export const bit = (card: Card): CardSet => 1 << card;
export const has = (set: CardSet, card: Card): boolean => (set & (1 << card)) !== 0;

export const SUIT_MASKS: readonly CardSet[] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24];

/** ABOVE[c]: the cards of c's suit that outrank c. */
export const ABOVE: readonly CardSet[] = Array.from({ length: CARD_COUNT }, (_, c) => {
  let mask = 0;
  for (let higher = c + 1; higher < (suitOf(c) + 1) * 8; higher++) mask |= 1 << higher;
  return mask;
});

export const CARD_CODES: readonly CardCode[] = Array.from({ length: CARD_COUNT }, (_, c) => `${SUITS[suitOf(c)]}${RANKS[rankOf(c)]}` as CardCode);

/** Suit index by the char code of its letter; -1 for other letters. */
const SUIT_BY_CHAR: readonly number[] = Array.from({ length: 128 }, (_, c) => SUITS.indexOf(String.fromCharCode(c) as Suit));
/** Rank index by the char code of a one-character rank ("10" is handled apart). */
const RANK_BY_CHAR: readonly number[] = Array.from({ length: 128 }, (_, c) => RANKS.indexOf(String.fromCharCode(c) as Rank));

/**
 * The card for a code such as "H10", or undefined for anything else. Reads char codes
 * instead of looking the string up: it runs once per action on the hot path.
 */
export function cardFromCode(code: unknown): Card | undefined {
  if (typeof code !== 'string' || code.length < 2 || code.length > 3) return undefined;
  const suit = SUIT_BY_CHAR[code.charCodeAt(0)] ?? -1;
  if (suit < 0) return undefined;
  if (code.length === 3) return code[1] === '1' && code[2] === '0' ? suit * 8 + 3 : undefined;
  const rank = RANK_BY_CHAR[code.charCodeAt(1)] ?? -1;
  return rank < 0 ? undefined : suit * 8 + rank;
}

export const codeOf = (card: Card): CardCode => CARD_CODES[card] as CardCode;

export function popcount(set: CardSet): number {
  let v = set - ((set >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The lowest-index card of a non-empty set. */
export const lowestCard = (set: CardSet): Card => 31 - Math.clz32(set & -set);

/** The n-th card (0-based, by index) of a set; used to pick a random member without arrays. */
export function nthCard(set: CardSet, n: number): Card {
  let rest = set;
  for (let i = 0; i < n; i++) rest &= rest - 1;
  return lowestCard(rest);
}

export function cardsOf(set: CardSet): Card[] {
  const cards: Card[] = [];
  for (let rest = set; rest !== 0; rest &= rest - 1) cards.push(lowestCard(rest));
  return cards;
}

export function setOf(cards: readonly Card[]): CardSet {
  let set = 0;
  for (const card of cards) set |= 1 << card;
  return set;
}

/**
 * Codes of a set in display order: suits E G H S (the trump suit first when given),
 * strongest card first within a suit.
 */
export function codesOf(set: CardSet, trumpFirst: number = -1): CardCode[] {
  const order = trumpFirst >= 0 ? [trumpFirst, ...[0, 1, 2, 3].filter((s) => s !== trumpFirst)] : [0, 1, 2, 3];
  const codes: CardCode[] = [];
  for (const suit of order) {
    for (let card = suit * 8 + 7; card >= suit * 8; card--) if (has(set, card)) codes.push(codeOf(card));
  }
  return codes;
}

export const SUIT_NAMES_DE: Record<Suit, string> = { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' };
