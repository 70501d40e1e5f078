/**
 * The double-dummy solver: with all cards known, the declarer's tricks at the end of the
 * game under perfect play by both sides (R7 with every option; bettel and mord end early,
 * R7.9). Pure and synchronous; it runs in the browser and in the Worker.
 */
import { LEVEL_BETTEL, LEVEL_MORD } from '../actions.js';
import { ABOVE, CARD_CODES, SUITS, type Card } from '../cards.js';
import { applyParsedAction, legalPlayCards, namesTrump, type GameState } from '../game.js';
import type { Seat } from '../options.js';
import { BETTEL, load, MORD, NORMAL, nodeCount, resetNodeCount, solveLoaded } from './search.js';

const kindOf = (contract: number): number => (contract === LEVEL_BETTEL ? BETTEL : contract === LEVEL_MORD ? MORD : NORMAL);

/**
 * The declarer's tricks at the end of the game (those taken so far included) under perfect
 * play from `game`, a full state in phase "play" (or "finished": its result). A pause for
 * kontra and re is ignored. Before the declarer's first card of a number contract the
 * declarer also chooses trump with that card (R7.2): it takes the best trump it may fix.
 */
export function solve(game: GameState): number {
  if (game.phase === 'finished' && game.declarer >= 0) return game.tricksTaken[game.declarer as Seat];
  if (game.phase !== 'play') throw new Error(`solve: the game is in phase "${game.phase}", not "play"`);
  const declarer = game.declarer as Seat;
  load({
    hands: game.hands,
    trick: game.trick,
    leader: game.trickLeader,
    trump: game.trump,
    kind: kindOf(game.contract),
    winDuty: game.winDuty,
    declarer,
    trumpNamed: game.options.trump === 'named',
  });
  return game.tricksTaken[declarer] + solveLoaded();
}

/**
 * For the seat to play: each card it may play now (the engine's legalPlayCards; none while
 * re is being decided) with the declarer's final tricks under perfect play after it. The
 * declarer's first card with trump "named" is valued with the best trump to name with it.
 */
export function evaluatePlays(game: GameState): { card: Card; declarerTricks: number }[] {
  const legal = legalPlayCards(game);
  if (legal === 0) return [];
  const seat = game.turn as Seat;
  const naming = namesTrump(game);
  // Cards adjacent among those still in play (the trick's included) and held by the mover are worth the same.
  let live = game.hands[0] | game.hands[1] | game.hands[2];
  for (const card of game.trick) live |= 1 << card;
  const valueOf = new Map<Card, number>();
  for (let card = 31; card >= 0; card--) {
    if ((legal & (1 << card)) === 0) continue;
    const above = live & ABOVE[card]!;
    const twin = above & -above & legal;
    if (twin !== 0) {
      valueOf.set(card, valueOf.get(31 - Math.clz32(twin))!);
      continue;
    }
    let best = -1;
    for (const trump of naming ? SUITS : [undefined]) {
      const next = applyParsedAction(
        game,
        seat,
        trump === undefined ? { type: 'play', card: CARD_CODES[card]! } : { type: 'play', card: CARD_CODES[card]!, trump },
      );
      if (!next.ok) throw new Error(`evaluatePlays: the engine refused a legal card: ${next.error.message}`);
      const value = solve(next.value);
      // Trump is named only in number contracts, where the declarer picks the trump that gives it most.
      if (best < 0 || value > best) best = value;
    }
    valueOf.set(card, best);
  }
  const plays: { card: Card; declarerTricks: number }[] = [];
  for (let card = 0; card < 32; card++) if ((legal & (1 << card)) !== 0) plays.push({ card, declarerTricks: valueOf.get(card)! });
  return plays;
}

/** Positions searched since the last reset, for the bench. */
export const solverStats = (): { nodes: number } => ({ nodes: nodeCount() });
export const resetSolverStats = (): void => resetNodeCount();
