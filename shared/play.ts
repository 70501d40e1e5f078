/** Trick play (R7): which cards may be played, why another card may not, and who wins a trick. */
import { ABOVE, has, SUIT_MASKS, SUIT_NAMES_DE, SUITS, suitOf, codeOf, type Card, type CardSet } from './cards.js';

export const NO_TRUMP = -1;

/** The highest card of `suit` among the trick's cards, or -1. */
export function highestOfSuit(trick: readonly Card[], suit: number): Card {
  let best = -1;
  for (const card of trick) if (suitOf(card) === suit && card > best) best = card;
  return best;
}

/**
 * R7.3–R7.6: the cards of `hand` that may be played to `trick`. `winDuty` is R7.4 for this
 * contract (off only in bettel with winDutyInBettel off, R7.8); `trump` is NO_TRUMP in
 * bettel and mord and before the first card of a normal game. Allocation-free.
 */
export function legalCards(hand: CardSet, trick: readonly Card[], trump: number, winDuty: boolean): CardSet {
  if (trick.length === 0) return hand;
  const led = suitOf(trick[0]!);
  const follow = hand & SUIT_MASKS[led]!;
  if (follow !== 0) {
    // R7.4: head the led suit, unless a trump already lies in the trick (then nothing of the led suit can win).
    if (!winDuty) return follow;
    if (trump !== NO_TRUMP && led !== trump && highestOfSuit(trick, trump) >= 0) return follow;
    const higher = follow & ABOVE[highestOfSuit(trick, led)]!;
    return higher !== 0 ? higher : follow;
  }
  if (trump !== NO_TRUMP) {
    // R7.5: void in the led suit, so trump; over a trump already played if possible, else undertrump.
    const trumps = hand & SUIT_MASKS[trump]!;
    if (trumps !== 0) {
      const bestTrump = highestOfSuit(trick, trump);
      if (bestTrump < 0) return trumps;
      const higher = trumps & ABOVE[bestTrump]!;
      return higher !== 0 ? higher : trumps;
    }
  }
  return hand; // R7.6
}

/** Why `card` may not be played, naming the rule; null when it may. */
export function playRefusal(hand: CardSet, trick: readonly Card[], trump: number, winDuty: boolean, card: Card): string | null {
  if (!has(hand, card)) return `R7: you do not hold ${codeOf(card)}`;
  if (has(legalCards(hand, trick, trump, winDuty), card)) return null;
  const led = suitOf(trick[0]!);
  const ledName = SUIT_NAMES_DE[SUITS[led]!];
  if ((hand & SUIT_MASKS[led]!) !== 0) {
    return suitOf(card) !== led ? `R7.3: you must follow suit (${ledName})` : `R7.4: you must win the trick if you can: play a higher ${ledName}`;
  }
  return suitOf(card) !== trump ? 'R7.5: you must play a trump' : 'R7.5: you must overtrump';
}

/**
 * R7.7: the position (0–2) in the trick of the card that wins it. The best card so far is
 * always of the led suit or a trump, so a card beats it by being higher in the same suit
 * or by being the first trump.
 */
export function trickWinnerIndex(trick: readonly Card[], trump: number): number {
  let winner = 0;
  for (let i = 1; i < trick.length; i++) {
    const card = trick[i]!;
    const best = trick[winner]!;
    if (suitOf(card) === suitOf(best) ? card > best : suitOf(card) === trump) winner = i;
  }
  return winner;
}
