/**
 * Counting a hand's strength the way a careful club player does: sure tricks from aces,
 * guarded kings and trump length, and whether a hand is clear enough for bettel or mord.
 * Shared by the easy bot (its whole judgement) and the strong bot (its candidate filter).
 */
import { popcount, rankOf, SUIT_MASKS, type CardSet } from '../cards.js';

const ACE = 7;
const KING = 6;
const OBER = 5;

const suitCards = (hand: CardSet, suit: number): CardSet => hand & SUIT_MASKS[suit]!;
const holds = (hand: CardSet, suit: number, rank: number): boolean => (hand & (1 << (suit * 8 + rank))) !== 0;

/** Tricks expected from a side suit: its ace, a king guarded by the ace or by a small card. */
function sideTricks(hand: CardSet, suit: number): number {
  const length = popcount(suitCards(hand, suit));
  let tricks = 0;
  if (holds(hand, suit, ACE)) tricks += 1;
  if (holds(hand, suit, KING) && length >= 2) tricks += holds(hand, suit, ACE) ? 1 : 0.5;
  if (holds(hand, suit, OBER) && holds(hand, suit, ACE) && holds(hand, suit, KING) && length >= 3) tricks += 1;
  return tricks;
}

/** Tricks expected from the trump suit: its honours in order while guarded, and length beyond three. */
function trumpTricks(hand: CardSet, suit: number): number {
  const length = popcount(suitCards(hand, suit));
  let tricks = 0;
  let guardsNeeded = 0;
  for (let rank = ACE; rank >= OBER; rank--) {
    if (holds(hand, suit, rank) && length > guardsNeeded) tricks += 1;
    guardsNeeded++;
  }
  return tricks + Math.max(0, length - 3) + (length >= 5 ? 0.5 : 0);
}

/** The counted tricks of `hand` with `trump` as trump suit. */
export function countedTricks(hand: CardSet, trump: number): number {
  let tricks = trumpTricks(hand, trump);
  for (let suit = 0; suit < 4; suit++) if (suit !== trump) tricks += sideTricks(hand, suit);
  return tricks;
}

/** The trump suit that counts most tricks (longer suit on ties), with its count. */
export function bestTrump(hand: CardSet): { suit: number; tricks: number } {
  let best = { suit: 0, tricks: -1 };
  for (let suit = 0; suit < 4; suit++) {
    const tricks = countedTricks(hand, suit) + popcount(suitCards(hand, suit)) / 100;
    if (tricks > best.tricks) best = { suit, tricks };
  }
  return { suit: best.suit, tricks: Math.floor(best.tricks * 100) / 100 };
}

/**
 * Bettel needs every card to be safely ducked: in each suit the i-th lowest card (0-based)
 * may be at most rank 2i+1 above the 7, so that opponents always hold lower cards to play under it.
 */
export function bettelClear(hand: CardSet): boolean {
  for (let suit = 0; suit < 4; suit++) {
    let index = 0;
    for (let rest = suitCards(hand, suit); rest !== 0; rest &= rest - 1, index++) {
      if (rankOf(31 - Math.clz32(rest & -rest)) > 2 * index + 1) return false;
    }
  }
  return true;
}

/** Mord needs every suit held to be a solid run from the ace down: no trick can be lost. */
export function mordClear(hand: CardSet): boolean {
  for (let suit = 0; suit < 4; suit++) {
    const cards = suitCards(hand, suit);
    const length = popcount(cards);
    const top = (0xff << (8 - length)) & 0xff;
    if (length > 0 && cards !== top << (suit * 8)) return false;
  }
  return true;
}

/** Cards whose bettel danger is greatest: the highest rank above what the lower cards of its suit cover. */
export function bettelDanger(hand: CardSet, card: number): number {
  const suit = card >> 3;
  const below = popcount(suitCards(hand, suit) & ((1 << card) - 1) & SUIT_MASKS[suit]!);
  return rankOf(card) - (2 * below + 1);
}
