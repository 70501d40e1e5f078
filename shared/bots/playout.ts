/** Playing a full-information game to its end: by the easy bot's rules (a quick estimate) or exactly. */
import { LEVEL_BETTEL } from '../actions.js';
import { CARD_CODES, type Card } from '../cards.js';
import { applyParsedAction, legalPlayCards, NAMING_ACTIONS, namesTrump, type GameState } from '../game.js';
import { bestTrump } from './hand.js';
import type { Seat } from '../options.js';
import { settlementFigures } from '../settlement.js';
import { easyCard } from './policy.js';

const PLAYS = CARD_CODES.map((card) => Object.freeze({ type: 'play', card } as const));

/**
 * Plays `card` for the seat to move (kontra/re pauses skipped: they do not change the tricks);
 * a first card that names trump (R7.2) names the mover's best trump suit.
 */
export function withCard(game: GameState, card: Card): GameState {
  const seat = game.turn as Seat;
  const action = namesTrump(game) ? NAMING_ACTIONS[card]![bestTrump(game.hands[seat]).suit]! : PLAYS[card]!;
  const next = applyParsedAction(game.awaitingRe ? skipRe(game) : game, seat, action);
  if (!next.ok) throw new Error(`playout: ${next.error.message}`);
  return next.value;
}

function skipRe(game: GameState): GameState {
  const next = applyParsedAction(game, game.declarer as Seat, { type: 're', re: false });
  return next.ok ? next.value : game;
}

/** The declarer's final tricks when every seat plays the easy bot's cards from here, seeing all. */
export function easyPlayout(start: GameState): number {
  let game = start.awaitingRe ? skipRe(start) : start;
  while (game.phase === 'play') {
    const seat = game.turn as Seat;
    const card = easyCard({
      seat,
      declarer: game.declarer as Seat,
      contract: game.contract,
      trump: game.trump,
      trick: game.trick,
      leader: game.trickLeader as Seat,
      hand: game.hands[seat],
      legal: legalPlayCards(game),
      gone: game.played,
    });
    game = withCard(game, card);
  }
  return game.outcome?.kind === 'contract' ? game.outcome.declarerTricks : 0;
}

/** What the declarer gains (positive) or loses with `declarerTricks` in `contract`, per unit of multiplier. */
export function declarerGain(game: GameState, contract: number, declarerTricks: number): number {
  const f = settlementFigures(game.options, contract, declarerTricks, 1, 0);
  return (f.won ? 2 : -2) * f.perDefender;
}

export const isBettel = (contract: number): boolean => contract === LEVEL_BETTEL;
