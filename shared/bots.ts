/**
 * A random player: picks uniformly among the legal actions of a seat that may act. Used
 * by the benchmarks, the property tests and as the simplest bot. In the play phase it
 * draws from the legal card set directly, so a played-out game allocates no action lists.
 */
import { DOUBLE_NO, DOUBLE_YES, KONTRA, NO_RE, RE, type Action } from './actions.js';
import { bit, CARD_CODES, lowestCard, nthCard, popcount } from './cards.js';
import { legalActions, legalPlayCards, mayKnock, mayKontra, NAMING_ACTIONS, namesTrump, type GameState } from './game.js';
import type { Seat } from './options.js';

/** A uniform integer in [0, bound). */
export type Rng = (bound: number) => number;

/** A small fast seeded generator (mulberry32) for reproducible random games; not for dealing. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

const PLAYS = CARD_CODES.map((card) => Object.freeze({ type: 'play', card } as const));
const KNOCKS = CARD_CODES.map((card) => Object.freeze({ type: 'play', card, knock: true } as const));

/**
 * One random legal move: which seat acts and what it does; null when nobody may act.
 * Uniform over all (seat, action) pairs, with shortcuts where the pairs are easy to count.
 */
export function randomMove(game: GameState, rng: Rng): { seat: Seat; action: Action } | null {
  switch (game.phase) {
    case 'doubling': {
      // Every undecided seat has the same two choices: pick the n-th undecided seat.
      const undecided = ~game.decided & 0b111;
      return { seat: nthCard(undecided, rng(popcount(undecided))) as Seat, action: rng(2) === 0 ? DOUBLE_YES : DOUBLE_NO };
    }
    case 'discard': {
      // A uniform unordered pair of the declarer's 12 cards.
      const seat = game.declarer as Seat;
      const hand = game.hands[seat];
      const first = nthCard(hand, rng(popcount(hand)));
      const rest = hand & ~bit(first);
      const second = nthCard(rest, rng(popcount(rest)));
      return { seat, action: { type: 'discard', cards: [CARD_CODES[first]!, CARD_CODES[second]!] } };
    }
    case 'play':
      return randomPlay(game, rng);
  }
  // Uniform over all (seat, action) pairs without building the pairs.
  const bySeat: [Action[], Action[], Action[]] = [legalActions(game, 0), legalActions(game, 1), legalActions(game, 2)];
  let pick = rng(bySeat[0].length + bySeat[1].length + bySeat[2].length || 1);
  for (const seat of [0, 1, 2] as Seat[]) {
    const actions = bySeat[seat]!;
    if (pick < actions.length) return { seat, action: actions[pick]! };
    pick -= actions.length;
  }
  return null;
}

/**
 * The play phase, uniform over its (seat, action) pairs and allocation-free: the seat to
 * play has a card for each legal card (four, one per trump suit it may name, R7.2) and a
 * knock for each card it may knock with; until the first trick is complete a defender may
 * also say kontra, after which the declarer alone decides on re (R8).
 */
function randomPlay(game: GameState, rng: Rng): { seat: Seat; action: Action } {
  if (game.awaitingRe) return { seat: game.declarer as Seat, action: rng(2) === 0 ? RE : NO_RE };
  const seat = game.turn as Seat;
  const legal = legalPlayCards(game);
  const naming = namesTrump(game);
  let knocking = 0;
  // Only a defender who does not lead may knock (R7.11): the others skip the loop.
  if (game.options.knock && game.trick.length > 0 && seat !== game.declarer) {
    for (let rest = legal; rest !== 0; rest &= rest - 1) if (mayKnock(game, seat, lowestCard(rest))) knocking |= rest & -rest;
  }
  let calling = 0; // seats that may say kontra
  if (game.completedTricks === 0) for (const s of [0, 1, 2] as Seat[]) if (mayKontra(game, s)) calling |= 1 << s;
  const plays = popcount(legal) * (naming ? 4 : 1);
  let pick = rng(plays + popcount(knocking) + popcount(calling));
  if (pick < plays) return { seat, action: naming ? NAMING_ACTIONS[nthCard(legal, pick >> 2)]![pick & 3]! : PLAYS[nthCard(legal, pick)]! };
  pick -= plays;
  if (pick < popcount(knocking)) return { seat, action: KNOCKS[nthCard(knocking, pick)]! };
  pick -= popcount(knocking);
  return { seat: nthCard(calling, pick) as Seat, action: KONTRA };
}
