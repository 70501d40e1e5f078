/**
 * What one seat (or a spectator) may see of a series (R10.2): built from the full state by
 * this one function, so hidden information has a single place to be checked.
 */
import { LEVELS, type Action, type Level } from './actions.js';
import { cardFromCode, codeOf, codesOf, popcount, SUITS, type CardCode, type Suit } from './cards.js';
import { actionsOf, legalActions, multiplierOfGame, type GameState, type Phase } from './game.js';
import type { Seat } from './options.js';
import { resultOf, tricksOf, type GameResult, type TrickRecord } from './record.js';
import type { SeriesState } from './series.js';
import type { Settlement } from './settlement.js';

/** A legal action as offered to a client: discarding is offered once, as a count (API.md). */
export type OfferedAction = Action | { readonly type: 'discard'; readonly count: 2 };

/** The public part of an accepted action: no card is ever named here. */
export type PublicAction =
  | { readonly seat: Seat; readonly type: 'double'; readonly double: boolean | null }
  | { readonly seat: Seat; readonly type: 'bid'; readonly bid: Level }
  | { readonly seat: Seat; readonly type: 'hold' | 'pass' | 'discard' | 'kontra' | 're' }
  | { readonly seat: Seat; readonly type: 'declare'; readonly contract: Level };

export interface SeatSummary {
  /** How many cards the seat holds (R10.2). */
  readonly cards: number;
  readonly balance: number;
  readonly tricks: number;
  /** Doubling: whether the seat has decided; what it decided is shown once all have (R3.1). */
  readonly decided: boolean;
}

export interface SeriesView {
  readonly seat: Seat | null;
  readonly phase: Phase;
  readonly gameNumber: number;
  readonly games: number;
  readonly seriesOver: boolean;
  readonly dealer: Seat;
  readonly turn: Seat | null;
  readonly hand: CardCode[] | null;
  readonly seats: SeatSummary[];
  readonly pot: number;
  readonly bid: Level | null;
  readonly contract: Level | null;
  readonly declarer: Seat | null;
  readonly trump: Suit | null;
  readonly trick: { seat: Seat; card: CardCode }[];
  readonly lastTrick: TrickRecord | null;
  /** Every completed trick with trickHistory "all" (R7.10), else null. */
  readonly tricks: TrickRecord[] | null;
  readonly multiplier: number;
  readonly doubles: Seat[];
  readonly kontra: Seat | null;
  readonly re: boolean;
  readonly knocks: { seat: Seat; trick: number }[];
  readonly history: PublicAction[];
  /** The declarer alone, after the pickup (R10.2). */
  readonly stock: CardCode[] | null;
  readonly discards: CardCode[] | null;
  readonly legalActions: OfferedAction[];
  /** Once the game is over. */
  readonly result: GameResult | null;
  readonly settlement: Settlement | null;
}

function publicAction(seat: Seat, action: Action, doublesRevealed: boolean): PublicAction | null {
  switch (action.type) {
    case 'double':
      return { seat, type: 'double', double: doublesRevealed ? action.double : null };
    case 'bid':
      return { seat, type: 'bid', bid: action.bid };
    case 'declare':
      return { seat, type: 'declare', contract: action.contract };
    case 'discard':
    case 'hold':
    case 'pass':
    case 'kontra':
    case 're':
      return { seat, type: action.type };
    case 'play':
      return null; // cards are shown through trick, lastTrick and tricks, as R7.10 allows
  }
}

/** The winning bid once the auction is over, else the bid standing in it (null before any). */
function standingBid(game: GameState): Level | null {
  const level = game.bid >= 0 ? game.bid : (game.auction?.level ?? -1);
  return level >= 0 ? LEVELS[level]! : null;
}

function offered(game: GameState, seat: Seat): OfferedAction[] {
  const actions = legalActions(game, seat);
  return game.phase === 'discard' && actions.length > 0 ? [{ type: 'discard', count: 2 }] : actions;
}

/** R10.2: the view of `seat` (null: a spectator) of the series and its current game. */
export function viewOf(series: SeriesState, seat: Seat | null): SeriesView | null {
  const game = series.game;
  if (game === null) return null;
  const doubling = game.phase === 'doubling';
  const tricks = tricksOf(game);
  const isDeclarer = seat !== null && seat === game.declarer;
  const history: PublicAction[] = [];
  const knocks: { seat: Seat; trick: number }[] = [];
  let plays = 0;
  for (const { seat: actor, action } of actionsOf(game)) {
    if (action.type === 'play') {
      if (action.knock === true) knocks.push({ seat: actor, trick: Math.floor(plays / 3) + 1 });
      plays++;
    }
    const shown = publicAction(actor, action, !doubling);
    if (shown !== null) history.push(shown);
  }
  const ownCards = seat === null ? null : doubling ? game.packets[seat] : game.hands[seat];
  return {
    seat,
    phase: game.phase,
    gameNumber: game.gameNumber,
    games: series.options.games,
    seriesOver: series.status === 'over',
    dealer: game.dealer,
    turn: game.turn < 0 ? null : (game.turn as Seat),
    hand: ownCards === null ? null : codesOf(ownCards, game.trump),
    seats: ([0, 1, 2] as Seat[]).map((s) => ({
      cards: popcount(doubling ? game.packets[s] : game.hands[s]),
      balance: series.balances[s],
      tricks: game.tricksTaken[s],
      decided: (game.decided & (1 << s)) !== 0,
    })),
    pot: series.pot,
    bid: standingBid(game),
    contract: game.contract < 0 ? null : LEVELS[game.contract]!,
    declarer: game.declarer < 0 ? null : (game.declarer as Seat),
    trump: game.trump < 0 ? null : SUITS[game.trump]!,
    trick: game.trick.map((card, i) => ({ seat: ((game.trickLeader + i) % 3) as Seat, card: codeOf(card) })),
    lastTrick: tricks.at(-1) ?? null,
    tricks: game.options.trickHistory === 'all' ? tricks : null,
    multiplier: multiplierOfGame(game),
    doubles: doubling ? [] : ([0, 1, 2] as Seat[]).filter((s) => (game.doubledBy & (1 << s)) !== 0),
    kontra: game.kontra < 0 ? null : (game.kontra as Seat),
    re: game.re,
    knocks,
    history,
    stock: isDeclarer && game.stockTaken ? codesOf(game.stock) : null,
    discards: isDeclarer && game.discards !== 0 ? codesOf(game.discards) : null,
    legalActions: seat === null ? [] : offered(game, seat),
    result: resultOf(game),
    settlement: game.outcome?.settlement ?? null,
  };
}

/** Every card code that appears anywhere in a value (for hidden-information checks). */
export function cardCodesIn(value: unknown): Set<CardCode> {
  const found = new Set<CardCode>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (cardFromCode(v) !== undefined) found.add(v as CardCode);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(value);
  return found;
}
