/**
 * What one seat (or a spectator) may see of a series (R10.2): built from the full state by
 * this one function, so hidden information has a single place to be checked.
 */
import { LEVELS, type Action, type Level } from './actions.js';
import { cardFromCode, codeOf, codesOf, popcount, SUITS, type CardCode, type Suit } from './cards.js';
import { isForcedGame, redealsLeft } from './all-pass.js';
import { actionsOf, fixesTrump, legalActions, mayClaim, multiplierOfGame, type GameState, type Phase } from './game.js';
import type { Seat, TableOptions } from './options.js';
import { publicAction, type PublicAction } from './public-action.js';
import type { Settlement } from './settlement.js';
import { resultOf, tricksOf, type GameResult, type TrickRecord } from './tricks.js';

/** A legal action as offered to a client: discarding is offered once, as a count (API.md). */
export type { PublicAction };

/**
 * A card played, as an entry of the view's `moves`: which trick (1-based) and, when R7.10
 * lets the viewer look at that trick now, the card; null otherwise (who played is public).
 */
export interface PlayMove {
  readonly seat: Seat;
  readonly type: 'play';
  readonly trick: number;
  readonly card: CardCode | null;
  readonly knock?: true;
  /** R7.2, option trump "named": the suit named with the declarer's first card (public). */
  readonly trump?: Suit;
}

/** One accepted action of the current game as the viewer may know it. */
export type Move = PublicAction | PlayMove;

export type OfferedAction = Action | { readonly type: 'discard'; readonly count: 2 };

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
  /** The table's rule options (public: every seat plays by them). */
  readonly options: TableOptions;
  readonly phase: Phase;
  readonly gameNumber: number;
  readonly games: number;
  readonly seriesOver: boolean;
  readonly dealer: Seat;
  readonly turn: Seat | null;
  readonly hand: CardCode[] | null;
  readonly seats: SeatSummary[];
  readonly pot: number;
  /** 0 for the first deal of this game number, n for its n-th redeal in a row (R5.2, R5.4). */
  readonly redeal: number;
  /**
   * R5.4: how many more times everybody passing deals this game number again; 0: the next
   * all-pass is played as the forced game (R5.1), as always with allPass "forced".
   */
  readonly redealsLeft: number;
  /** R5.1, R5.4: the game is the forced one: everybody passed, and forehand plays it. */
  readonly forcedGame: boolean;
  /** R5.3: what each seat got back of the pot when the series ended. */
  readonly potPaidBack: number;
  readonly bid: Level | null;
  readonly contract: Level | null;
  readonly declarer: Seat | null;
  readonly trump: Suit | null;
  /** R7.2: the next card played is the declarer's first of a number contract and fixes trump (R6.3: bettel and mord have none). */
  readonly nextCardFixesTrump: boolean;
  readonly trick: { seat: Seat; card: CardCode }[];
  /**
   * R7.10: the trick just completed, until the next card is played; then the last completed
   * trick, or with trickHistory "opponents" the last one the other side took.
   */
  readonly lastTrick: TrickRecord | null;
  /**
   * R7.10: which trick `lastTrick` is: the latest completed one, or with trickHistory
   * "opponents", once the next card is down, the last one the other side took ("otherSide";
   * `lastTrick` null while that side has taken none); null before the first trick is complete.
   */
  readonly lastTrickIs: LastTrickIs;
  /** Every completed trick with trickHistory "all" (R7.10), else null. */
  readonly tricks: TrickRecord[] | null;
  /** 2^(doubles + kontra + re); 1 while the doubling window is open, as the doubles are not known yet (R3.1). */
  readonly multiplier: number;
  readonly doubles: Seat[];
  readonly kontra: Seat | null;
  /** R8.2: a kontra was said and play waits for the declarer's decision on re (its turn). */
  readonly awaitingRe: boolean;
  readonly re: boolean;
  readonly knocks: { seat: Seat; trick: number }[];
  readonly history: PublicAction[];
  /**
   * Every accepted action of the current game, oldest first: the public entries of `history`
   * and the cards played, each with its trick; a card is named only while R7.10 lets the viewer
   * look at its trick (the current one, the completed one `lastTrick` shows, all with "all").
   */
  readonly moves: Move[];
  /** Who took each completed trick, oldest first (public: everyone sees a trick taken). */
  readonly trickWinners: Seat[];
  /** The declarer alone, after the pickup (R10.2). */
  readonly stock: CardCode[] | null;
  readonly discards: CardCode[] | null;
  readonly legalActions: OfferedAction[];
  /**
   * R7.12: whether this seat may send `{"type": "claim"}` now (during play, not while re is
   * owed, not again in a trick where its claim was refused). The server judges the claim; it is
   * not in `legalActions`, which lists the moves of the game itself.
   */
  readonly mayClaim: boolean;
  /** Once the game is over. */
  readonly result: GameResult | null;
  readonly settlement: Settlement | null;
}

/** The winning bid once the auction is over, else the bid standing in it (null before any). */
function standingBid(game: GameState): Level | null {
  const level = game.bid >= 0 ? game.bid : (game.auction?.level ?? -1);
  return level >= 0 ? LEVELS[level]! : null;
}

/** R7.10: which completed trick the view's `lastTrick` is (SeriesView). */
export type LastTrickIs = 'latest' | 'otherSide' | null;

/**
 * R7.10: the completed trick a viewer may look at, and which one it is. The trick just
 * completed lies on the table for everyone until the next card is played (each seat saw its
 * cards fall); after that, with "opponents", a seat may look back only at the other side's
 * last trick (a spectator as a defender does: at the declarer's).
 */
function visibleLastTrick(game: GameState, tricks: readonly TrickRecord[], viewer: Seat | null): { trick: TrickRecord | null; is: LastTrickIs } {
  const last = tricks.at(-1) ?? null;
  if (last === null) return { trick: null, is: null };
  if (game.options.trickHistory !== 'opponents' || game.trick.length === 0) return { trick: last, is: 'latest' };
  const viewerIsDeclarer = viewer !== null && viewer === game.declarer;
  for (let i = tricks.length - 1; i >= 0; i--) {
    const takenByDeclarer = tricks[i]!.winner === game.declarer;
    if (takenByDeclarer !== viewerIsDeclarer) return { trick: tricks[i]!, is: 'otherSide' };
  }
  return { trick: null, is: 'otherSide' };
}

/** R7.10: a card played as a move; the card itself only when its trick may be looked at (`shown`). */
function playMove(seat: Seat, action: Extract<Action, { type: 'play' }>, trick: number, shown: boolean): PlayMove {
  const move: { -readonly [K in keyof PlayMove]: PlayMove[K] } = { seat, type: 'play', trick, card: shown ? action.card : null };
  if (action.knock === true) move.knock = true; // R7.11: the knock is shown to all seats
  if (action.trump !== undefined) move.trump = action.trump; // R7.2: named aloud
  return move;
}

function offered(game: GameState, seat: Seat): OfferedAction[] {
  const actions = legalActions(game, seat);
  return game.phase === 'discard' && actions.length > 0 ? [{ type: 'discard', count: 2 }] : actions;
}

/**
 * What a view is built from: a series (SeriesState of series.ts is one), named here so that
 * the claims (claims.ts), which the series applies, can build a seat's view without a cycle.
 */
export interface ViewedSeries {
  readonly options: TableOptions;
  readonly status: 'awaitingDeal' | 'playing' | 'over';
  readonly balances: readonly [number, number, number];
  readonly pot: number;
  readonly potPaidBack: number;
  readonly game: GameState | null;
}

/** R10.2: the view of `seat` (null: a spectator) of the series and its current game. */
export function viewOf(series: ViewedSeries, seat: Seat | null): SeriesView | null {
  const game = series.game;
  if (game === null) return null;
  const doubling = game.phase === 'doubling';
  const tricks = tricksOf(game);
  const isDeclarer = seat !== null && seat === game.declarer;
  const { trick: lastTrick, is: lastTrickIs } = visibleLastTrick(game, tricks, seat);
  const history: PublicAction[] = [];
  const moves: Move[] = [];
  const knocks: { seat: Seat; trick: number }[] = [];
  const trickShown = (trick: number): boolean =>
    game.options.trickHistory === 'all' || trick === tricks.length + 1 || (lastTrick !== null && tricks[trick - 1] === lastTrick);
  const actions = actionsOf(game);
  let plays = 0;
  for (const { seat: actor, action, refused } of actions) {
    if (action.type === 'play') {
      const trick = Math.floor(plays / 3) + 1;
      if (action.knock === true) knocks.push({ seat: actor, trick });
      plays++;
      moves.push(playMove(actor, action, trick, trickShown(trick)));
      continue;
    }
    const shown = publicAction(actor, action, !doubling || actor === seat, refused === true);
    if (shown !== null) {
      history.push(shown);
      moves.push(shown);
    }
  }
  const ownCards = seat === null ? null : doubling ? game.packets[seat] : game.hands[seat];
  const declarer = game.declarer < 0 ? null : (game.declarer as Seat);
  return {
    seat,
    options: series.options,
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
    redeal: game.redeal,
    redealsLeft: redealsLeft(game.options, game.redeal),
    forcedGame: isForcedGame(declarer, actions),
    potPaidBack: series.potPaidBack,
    bid: standingBid(game),
    contract: game.contract < 0 ? null : LEVELS[game.contract]!,
    declarer,
    trump: game.trump < 0 ? null : SUITS[game.trump]!,
    nextCardFixesTrump: game.phase === 'play' && fixesTrump(game),
    trick: game.trick.map((card, i) => ({ seat: ((game.trickLeader + i) % 3) as Seat, card: codeOf(card) })),
    lastTrick,
    lastTrickIs,
    tricks: game.options.trickHistory === 'all' ? tricks : null,
    multiplier: doubling ? 1 : multiplierOfGame(game),
    doubles: doubling ? [] : ([0, 1, 2] as Seat[]).filter((s) => (game.doubledBy & (1 << s)) !== 0),
    kontra: game.kontra < 0 ? null : (game.kontra as Seat),
    awaitingRe: game.awaitingRe,
    re: game.re,
    knocks,
    history,
    moves,
    trickWinners: tricks.map((trick) => trick.winner),
    stock: isDeclarer ? codesOf(game.stock) : null, // the declarer has it from the pickup on
    discards: isDeclarer && game.discards !== 0 ? codesOf(game.discards) : null,
    legalActions: seat === null ? [] : offered(game, seat),
    mayClaim: seat !== null && mayClaim(game, seat),
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
