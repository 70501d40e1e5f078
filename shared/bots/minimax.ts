/**
 * A stand-in double-dummy search for the strong bot until the project's solver
 * (shared/solver, BOTS_CONTRACT.md) lands: exact alpha-beta with a transposition table at
 * trick boundaries and equivalent-card collapsing, same contract as the solver's
 * `evaluatePlays`. Exact at any depth, but meant for endgames: the strong bot bounds its use.
 */
import { LEVEL_BETTEL, LEVEL_MORD } from '../actions.js';
import { ABOVE, lowestCard, popcount, suitOf, type Card, type CardSet } from '../cards.js';
import type { GameState } from '../game.js';
import { legalCards, NO_TRUMP, trickWinnerIndex } from '../play.js';

interface Search {
  hands: [number, number, number];
  trick: Card[];
  leader: number;
  trump: number;
  readonly fixesTrump: boolean;
  readonly winDuty: boolean;
  readonly declarer: number;
  readonly contract: number;
  tricksLeft: number;
  readonly table: Map<number, number>;
  nodes: number;
}

/** Packs a bound: value (0..10) and kind (0 exact, 1 lower, 2 upper). */
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/** The legal cards to try: of cards adjacent in rank in one hand (nothing between them still out), only the highest. */
function candidates(s: Search, seat: number): CardSet {
  const legal = legalCards(s.hands[seat as 0]!, s.trick, s.trump, s.winDuty);
  let live = s.hands[0] | s.hands[1] | s.hands[2];
  for (const c of s.trick) live |= 1 << c;
  let kept = 0;
  for (let rest = legal; rest !== 0; rest &= rest - 1) {
    const card = lowestCard(rest);
    const next = ABOVE[card]! & live;
    if (next !== 0 && (legal & (next & -next)) !== 0) continue; // the next live card above is ours and legal: same value
    kept |= 1 << card;
  }
  return kept;
}

/** Declarer's tricks from here to the end (bettel and mord stop at their deciding trick, R7.9). */
function search(s: Search, alpha: number, beta: number): number {
  s.nodes++;
  if (s.trick.length === 0) {
    if (s.tricksLeft === 0) return 0;
    const key = (s.hands[0] | s.hands[1] | s.hands[2]) * 4 + s.leader + (s.trump + 1) * 2 ** 34;
    const entry = s.table.get(key);
    if (entry !== undefined) {
      const value = entry >> 2;
      const kind = entry & 3;
      if (kind === EXACT) return value;
      if (kind === LOWER && value >= beta) return value;
      if (kind === UPPER && value <= alpha) return value;
    }
    const value = searchCards(s, alpha, beta);
    s.table.set(key, (value << 2) | (value <= alpha ? UPPER : value >= beta ? LOWER : EXACT));
    return value;
  }
  return searchCards(s, alpha, beta);
}

function searchCards(s: Search, alpha: number, beta: number): number {
  const seat = (s.leader + s.trick.length) % 3;
  const declarerSide = seat === s.declarer;
  const maximizing = declarerSide !== (s.contract === LEVEL_BETTEL);
  let best = maximizing ? -1 : 99;
  for (let rest = candidates(s, seat); rest !== 0; rest &= rest - 1) {
    const card = lowestCard(rest);
    const value = playCard(s, seat, card, alpha, beta);
    if (maximizing) {
      if (value > best) best = value;
      if (best > alpha) alpha = best;
    } else {
      if (value < best) best = value;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}

function playCard(s: Search, seat: number, card: Card, alpha: number, beta: number): number {
  const savedTrump = s.trump;
  if (s.fixesTrump && s.trump === NO_TRUMP) s.trump = suitOf(card); // R7.2, option trump "led"
  s.hands[seat as 0] &= ~(1 << card);
  s.trick.push(card);
  let value: number;
  if (s.trick.length < 3) value = search(s, alpha, beta);
  else {
    const trick = s.trick;
    const leader = s.leader;
    const winner = (leader + trickWinnerIndex(trick, s.trump)) % 3;
    const won = winner === s.declarer ? 1 : 0;
    const ends = (s.contract === LEVEL_BETTEL && won === 1) || (s.contract === LEVEL_MORD && won === 0);
    if (ends) value = won;
    else {
      s.trick = [];
      s.leader = winner;
      s.tricksLeft--;
      value = won + search(s, alpha - won, beta - won);
      s.tricksLeft++;
      s.leader = leader;
      s.trick = trick;
    }
  }
  s.trick.pop();
  s.hands[seat as 0] |= 1 << card;
  s.trump = savedTrump;
  return value;
}

let nodes = 0;

/**
 * For the seat to move: each card it may play, with the declarer's final trick count under
 * perfect play after it. `trump` names the trump suit for a first card that names it (R7.2).
 */
export function evaluatePlaysExact(game: GameState, trump: number = game.trump): { card: Card; declarerTricks: number }[] {
  const s: Search = {
    hands: [game.hands[0], game.hands[1], game.hands[2]],
    trick: [...game.trick],
    leader: game.trickLeader,
    trump,
    fixesTrump: trump === NO_TRUMP && game.contract < LEVEL_BETTEL,
    winDuty: game.winDuty,
    declarer: game.declarer,
    contract: game.contract,
    tricksLeft: 10 - game.completedTricks,
    table: new Map(),
    nodes: 0,
  };
  const seat = game.turn;
  const already = game.tricksTaken[game.declarer as 0];
  const legal = legalCards(game.hands[seat as 0], game.trick, trump, game.winDuty);
  const results: { card: Card; declarerTricks: number }[] = [];
  for (let rest = legal; rest !== 0; rest &= rest - 1) {
    const card = lowestCard(rest);
    results.push({ card, declarerTricks: already + playCard(s, seat, card, -1, 11) });
  }
  nodes += s.nodes;
  return results;
}

export const exactStats = (): { nodes: number } => ({ nodes });
export const cardsLeft = (game: GameState): number => popcount(game.hands[0] | game.hands[1] | game.hands[2]);
