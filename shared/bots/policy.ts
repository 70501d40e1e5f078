/**
 * The easy bot's card play, on a compact situation that both a seat's view and a full game
 * state can describe (the strong bot uses it for quick playouts).
 */
import { LEVEL_BETTEL, LEVEL_MORD } from '../actions.js';
import { ABOVE, cardsOf, popcount, rankOf, SUIT_MASKS, suitOf, type Card, type CardSet } from '../cards.js';
import { NO_TRUMP, trickWinnerIndex } from '../play.js';
import type { Seat } from '../options.js';

export interface PlaySituation {
  readonly seat: Seat;
  readonly declarer: Seat;
  readonly contract: number;
  /** NO_TRUMP before the first card of a numbers game and in bettel and mord. */
  readonly trump: number;
  readonly trick: readonly Card[];
  readonly leader: Seat;
  readonly hand: CardSet;
  /** The cards the seat may play now (R7.3–R7.6). */
  readonly legal: CardSet;
  /** Every card known to be out of play for this seat: played, in the trick, or its own discards. */
  readonly gone: CardSet;
}

const lowest = (cards: readonly Card[], trump: number): Card => cards.reduce((best, c) => (rank(c, trump) < rank(best, trump) ? c : best));
const highest = (cards: readonly Card[], trump: number): Card => cards.reduce((best, c) => (rank(c, trump) > rank(best, trump) ? c : best));
/** Rank for choosing: trumps above every plain card. */
const rank = (card: Card, trump: number): number => rankOf(card) + (suitOf(card) === trump ? 8 : 0);

/** Whether `card` is the highest card of its suit still out (after `gone` and the holder's own cards). */
const isMaster = (card: Card, gone: CardSet, hand: CardSet): boolean => (ABOVE[card]! & ~gone & ~hand) === 0;

/** The cheapest legal card that would take the lead in the trick, or -1. */
function cheapestWinner(s: PlaySituation, legal: readonly Card[], trump: number): Card {
  const winners = legal.filter((card) => trickWinnerIndex([...s.trick, card], trump) === s.trick.length);
  return winners.length === 0 ? -1 : lowest(winners, trump);
}

/** The highest legal card that does not take the lead (bettel ducking), or -1. */
function highestLoser(s: PlaySituation, legal: readonly Card[], trump: number): Card {
  const losers = legal.filter((card) => trickWinnerIndex([...s.trick, card], trump) !== s.trick.length);
  return losers.length === 0 ? -1 : highest(losers, trump);
}

/** A card to discard when void: the lowest of the shortest plain suit, keeping masters. */
function throwAway(s: PlaySituation, legal: readonly Card[], trump: number): Card {
  const plain = legal.filter((c) => suitOf(c) !== trump && !isMaster(c, s.gone, s.hand));
  const pool = plain.length > 0 ? plain : legal;
  const length = (c: Card) => popcount(s.hand & SUIT_MASKS[suitOf(c)]!);
  return pool.reduce((best, c) => (length(c) < length(best) || (length(c) === length(best) && rankOf(c) < rankOf(best)) ? c : best));
}

function lead(s: PlaySituation, legal: readonly Card[], trump: number): Card {
  if (s.contract === LEVEL_BETTEL) return lowest(legal, trump); // the declarer ducks; defenders probe with low cards
  const masters = legal.filter((c) => isMaster(c, s.gone, s.hand));
  if (s.contract === LEVEL_MORD) return masters.length > 0 ? highest(masters, trump) : highest(legal, trump);
  if (trump === NO_TRUMP) {
    // The declarer's first card fixes trump (R7.2): lead the longest suit from the top.
    const length = (c: Card) => popcount(s.hand & SUIT_MASKS[suitOf(c)]!) * 8 + rankOf(c);
    return legal.reduce((best, c) => (length(c) > length(best) ? c : best));
  }
  const trumps = legal.filter((c) => suitOf(c) === trump);
  const outstandingTrumps = SUIT_MASKS[trump]! & ~s.gone & ~s.hand;
  if (s.seat === s.declarer && trumps.length > 0 && outstandingTrumps !== 0) {
    const masterTrumps = trumps.filter((c) => isMaster(c, s.gone, s.hand));
    return masterTrumps.length > 0 ? highest(masterTrumps, trump) : lowest(trumps, trump);
  }
  const plainMasters = masters.filter((c) => suitOf(c) !== trump);
  if (plainMasters.length > 0) return highest(plainMasters, trump);
  const plain = legal.filter((c) => suitOf(c) !== trump);
  return plain.length > 0 ? throwAway(s, plain, trump) : lowest(legal, trump);
}

/** The easy bot's card. */
export function easyCard(s: PlaySituation): Card {
  const legal = cardsOf(s.legal);
  if (legal.length === 1) return legal[0]!;
  // Before trump is fixed, the first card of a numbers game behaves as if its own suit were trump.
  const trump = s.trump;
  if (s.trick.length === 0) return lead(s, legal, trump);
  const winnerSeat = ((s.leader + trickWinnerIndex(s.trick, trump)) % 3) as Seat;
  const defending = s.seat !== s.declarer;
  const partnerWinning = defending && winnerSeat !== s.declarer;
  const last = s.trick.length === 2;
  const ledSuit = suitOf(s.trick[0]!);
  const following = legal.some((c) => suitOf(c) === ledSuit);
  if (s.contract === LEVEL_BETTEL) {
    if (!defending) {
      const duck = highestLoser(s, legal, trump);
      return duck >= 0 ? duck : highest(legal, trump);
    }
    // Defenders: leave the trick to the declarer when it is still to play, else stay low.
    return following ? lowest(legal, trump) : highest(legal, trump);
  }
  if (s.contract === LEVEL_MORD) {
    const win = cheapestWinner(s, legal, trump);
    if (!defending) return win >= 0 ? win : lowest(legal, trump);
    if (partnerWinning) return following ? lowest(legal, trump) : throwAway(s, legal, trump);
    return win >= 0 ? win : lowest(legal, trump);
  }
  if (partnerWinning && (last || isMaster(s.trick[trickWinnerIndex(s.trick, trump)]!, s.gone, s.hand))) {
    return following ? lowest(legal, trump) : throwAway(s, legal, trump);
  }
  const win = cheapestWinner(s, legal, trump);
  if (win >= 0 && (last || isMaster(win, s.gone, s.hand) || suitOf(win) === trump)) return win;
  return following ? lowest(legal, trump) : throwAway(s, legal, trump);
}
