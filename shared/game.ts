/**
 * One game of Wallachen as a value: deal, doubling, auction, discard, contract, play and
 * settlement. `applyAction` returns a new state or a refusal and never changes its input.
 */
import {
  CLAIM,
  DECLARE_ACTIONS,
  DOUBLE_NO,
  DOUBLE_YES,
  hasTrumpSuit,
  isLevelAllowed,
  KONTRA,
  LEVEL_BETTEL,
  LEVEL_MORD,
  LEVELS,
  NO_RE,
  RE,
  type Action,
} from './actions.js';
import { parseAction } from './parse-action.js';
import { redealsLeft } from './all-pass.js';
import { applyAuction, auctionActions, startAuction, type AuctionState } from './auction.js';
import {
  bit,
  cardFromCode,
  CARD_CODES,
  cardsOf,
  codeOf,
  has,
  popcount,
  SUIT_MASKS,
  SUITS,
  suitOf,
  type Card,
  type CardCode,
  type CardSet,
  type Suit,
} from './cards.js';
import { PACKET_SIZE, type Deal } from './deal.js';
import type { Seat, TableOptions } from './options.js';
import { nextSeat } from './seats.js';
import { legalCards, NO_TRUMP, playRefusal, trickWinnerIndex } from './play.js';
import { badRequest, illegal, ok, refuse, type Result } from './result.js';
import { contractWon, multiplierOf, settleAllPassIntoPot, settleContract, type Settlement } from './settlement.js';

export type Phase = 'doubling' | 'auction' | 'discard' | 'declare' | 'play' | 'finished';

export type Hands = readonly [CardSet, CardSet, CardSet];

/** One accepted action; the log is a persistent list (newest first) so applying never copies it. */
export interface LogEntry {
  readonly seat: Seat;
  readonly action: Action;
  /** R7.12: a claim judged not sure: recorded and shown to every seat, nothing else changed. */
  readonly refused?: true;
  readonly previous: LogEntry | null;
}

export type Outcome =
  | { readonly kind: 'allPass'; readonly settlement: Settlement }
  | {
      readonly kind: 'contract';
      readonly won: boolean;
      readonly declarerTricks: number;
      /** R7.9: bettel or mord decided before the tenth trick. */
      readonly endedEarly: boolean;
      readonly settlement: Settlement;
    };

export interface GameState {
  readonly options: TableOptions;
  readonly gameNumber: number;
  readonly dealer: Seat;
  /** The pot when this game was dealt (R5.2); the game may move it (R9.3). */
  readonly potBefore: number;
  /** 0 for the first deal of this game number, n for its n-th redeal in a row (R5.2, R5.4). */
  readonly redeal: number;
  readonly deal: Deal;
  readonly phase: Phase;
  /** What each seat holds now; during doubling the seat only sees its packet (R3.1). */
  readonly hands: Hands;
  /** The first packet of 3 cards of each seat (R3.1). */
  readonly packets: Hands;
  /** The two stock cards; in the declarer's hand from the pickup on (R6.1), which is when `declarer` is set. */
  readonly stock: CardSet;
  readonly discards: CardSet;
  /** Cards played to tricks, the current one included. */
  readonly played: CardSet;
  /** Seats that decided in the doubling window, and those that doubled, as bit masks. */
  readonly decided: number;
  readonly doubledBy: number;
  readonly auction: AuctionState | null;
  /** The seat to act, or -1 when several (doubling) or none (finished) may. */
  readonly turn: Seat | -1;
  readonly declarer: Seat | -1;
  /** Index into LEVELS of the winning bid, and of the announced contract; -1 before. */
  readonly bid: number;
  readonly contract: number;
  readonly trump: number;
  /** R7.4 in this contract (R7.8), chosen once when the contract is announced. */
  readonly winDuty: boolean;
  readonly trick: readonly Card[];
  /** Who leads the current trick: the declarer first (R7.1), then the last trick's winner (R7.7). */
  readonly trickLeader: Seat | -1;
  readonly tricksTaken: readonly [number, number, number];
  readonly completedTricks: number;
  readonly kontra: Seat | -1;
  /** R8.2: after a kontra, play pauses until the declarer decides on re (its turn). */
  readonly awaitingRe: boolean;
  readonly re: boolean;
  readonly log: LogEntry | null;
  readonly outcome: Outcome | null;
}

export { nextSeat };
export const forehandOf = (dealer: Seat): Seat => nextSeat(dealer, 1);
export const isSeat = (value: unknown): value is Seat => value === 0 || value === 1 || value === 2;

/** The set of the cards from `from` up to `to` (exclusive) of a list of codes. */
function setOfCodes(codes: readonly CardCode[], from: number, to: number): CardSet {
  let set = 0;
  for (let i = from; i < to; i++) set |= bit(cardFromCode(codes[i])!);
  return set;
}

/** Each seat's packet (its first 3 cards, R3.1) and whole hand, reading every code once. */
function handsFromDeal(deal: Deal): { packets: Hands; hands: Hands } {
  const packets = deal.hands.map((codes) => setOfCodes(codes, 0, PACKET_SIZE)) as unknown as Hands;
  const hands = deal.hands.map((codes, seat) => packets[seat]! | setOfCodes(codes, PACKET_SIZE, codes.length)) as unknown as Hands;
  return { packets, hands };
}

/** A freshly dealt game. The deal must be valid (see validateDeal). */
export function newGame(options: TableOptions, deal: Deal, dealer: Seat, gameNumber = 1, potBefore = 0, redeal = 0): GameState {
  const { packets, hands } = handsFromDeal(deal);
  return {
    options,
    gameNumber,
    dealer,
    potBefore,
    redeal,
    deal,
    phase: options.doubling ? 'doubling' : 'auction', // R3.3
    hands,
    packets,
    stock: setOfCodes(deal.stock, 0, deal.stock.length),
    discards: 0,
    played: 0,
    decided: 0,
    doubledBy: 0,
    auction: options.doubling ? null : startAuction(dealer),
    turn: options.doubling ? -1 : forehandOf(dealer),
    declarer: -1,
    bid: -1,
    contract: -1,
    trump: NO_TRUMP,
    winDuty: true,
    trick: [],
    trickLeader: -1,
    tricksTaken: [0, 0, 0],
    completedTricks: 0,
    kontra: -1,
    awaitingRe: false,
    re: false,
    log: null,
    outcome: null,
  };
}

export const multiplierOfGame = (game: GameState): number => multiplierOf(popcount(game.doubledBy), game.kontra >= 0, game.re);

const withHand = (hands: Hands, seat: Seat, hand: CardSet): Hands => {
  const copy = hands.slice() as [CardSet, CardSet, CardSet];
  copy[seat] = hand;
  return copy;
};

type Draft = { -readonly [K in keyof GameState]: GameState[K] };

/**
 * A shallow copy to change before returning it. Listing every field keeps one object
 * shape for all states, which makes copying several times faster than a spread.
 */
function copyOf(g: GameState): Draft {
  return {
    options: g.options,
    gameNumber: g.gameNumber,
    dealer: g.dealer,
    potBefore: g.potBefore,
    redeal: g.redeal,
    deal: g.deal,
    phase: g.phase,
    hands: g.hands,
    packets: g.packets,
    stock: g.stock,
    discards: g.discards,
    played: g.played,
    decided: g.decided,
    doubledBy: g.doubledBy,
    auction: g.auction,
    turn: g.turn,
    declarer: g.declarer,
    bid: g.bid,
    contract: g.contract,
    trump: g.trump,
    winDuty: g.winDuty,
    trick: g.trick,
    trickLeader: g.trickLeader,
    tricksTaken: g.tricksTaken,
    completedTricks: g.completedTricks,
    kontra: g.kontra,
    awaitingRe: g.awaitingRe,
    re: g.re,
    log: g.log,
    outcome: g.outcome,
  };
}

/** A copy of the state with `seat`'s action appended to the log, to be changed further. */
function logged(game: GameState, seat: Seat, action: Action): Draft {
  const next = copyOf(game);
  next.log = { seat, action, previous: game.log };
  return next;
}

// ---------------------------------------------------------------- R3 doubling

function applyDouble(game: GameState, seat: Seat, action: Action): Result<GameState> {
  if (action.type !== 'double') return illegal('R3.1: the doubling window is open; decide first whether to double');
  if ((game.decided & (1 << seat)) !== 0) return illegal('R3.1: you have already decided whether to double');
  const next = logged(game, seat, action);
  next.decided = game.decided | (1 << seat);
  if (action.double) next.doubledBy = game.doubledBy | (1 << seat);
  if (next.decided === 0b111) {
    next.phase = 'auction';
    next.auction = startAuction(game.dealer);
    next.turn = forehandOf(game.dealer);
  }
  return ok(next);
}

/**
 * R3.1: the three doubling decisions are independent, each made on the seat's own packet: a
 * seat that has not decided yet decides the same whatever the others decided meanwhile. So
 * its `double` depends on no other move (API.md: it is not stale in the window).
 */
export const isIndependentDecision = (game: GameState, seat: Seat, action: Action): boolean =>
  game.phase === 'doubling' && action.type === 'double' && (game.decided & (1 << seat)) === 0;

// ---------------------------------------------------------------- R4, R5 auction

function applyBid(game: GameState, seat: Seat, action: Action): Result<GameState> {
  const step = applyAuction(game.auction!, seat, action, game.options.tenTrickBid);
  if (!step.ok) return step;
  const result = step.value;
  const next = logged(game, seat, action);
  if (!result.done) {
    next.auction = result.auction;
    next.turn = result.auction.turn;
  } else if (result.declarer !== null) {
    pickUpStock(next, result.declarer, result.level);
  } else if (redealsLeft(game.options, game.redeal) === 0) {
    pickUpStock(next, forehandOf(game.dealer), 0); // R5.1, and R5.4 after the last redeal allowed
  } else {
    next.phase = 'finished'; // R5.2
    next.auction = null;
    next.turn = -1;
    next.outcome = { kind: 'allPass', settlement: settleAllPassIntoPot(game.options) };
  }
  return ok(next);
}

/** R4.5, R6.1: the declarer takes the stock into its hand. */
function pickUpStock(next: Draft, declarer: Seat, bid: number): void {
  next.phase = 'discard';
  next.auction = null;
  next.declarer = declarer;
  next.bid = bid;
  next.turn = declarer;
  next.hands = withHand(next.hands, declarer, next.hands[declarer] | next.stock);
}

// ---------------------------------------------------------------- R6 discard and contract

function applyDiscard(game: GameState, seat: Seat, action: Action): Result<GameState> {
  if (action.type !== 'discard') return illegal('R6.1: the declarer must first discard 2 cards');
  if (seat !== game.declarer) return refuse('not_your_turn', `R6.1: the declarer (seat ${game.declarer}) is discarding`);
  let discards = 0;
  for (const code of action.cards) {
    const card = cardFromCode(code)!;
    if (!has(game.hands[seat], card)) return illegal(`R6.1: you do not hold ${code}`);
    discards |= bit(card);
  }
  const next = logged(game, seat, action);
  next.phase = 'declare';
  next.discards = discards;
  next.hands = withHand(game.hands, seat, game.hands[seat] & ~discards);
  return ok(next);
}

/** R6.2: the contracts the declarer may announce after a winning bid of `bid`. */
export function allowedContracts(bid: number, tenTrickBid: boolean): number[] {
  const levels: number[] = [];
  for (let level = Math.max(bid, 0); level < LEVELS.length; level++) if (isLevelAllowed(level, tenTrickBid)) levels.push(level);
  return levels;
}

/** R7.8: whether win duty (R7.4) applies in `contract` (an index into LEVELS): always, but in bettel with winDutyInBettel off. */
export const hasWinDuty = (contract: number, options: TableOptions): boolean => contract !== LEVEL_BETTEL || options.winDutyInBettel;

function applyDeclare(game: GameState, seat: Seat, action: Action): Result<GameState> {
  if (action.type !== 'declare') return illegal('R6.2: the declarer must first announce the contract');
  if (seat !== game.declarer) return refuse('not_your_turn', `R6.2: the declarer (seat ${game.declarer}) is announcing the contract`);
  const contract = LEVELS.indexOf(action.contract);
  if (!isLevelAllowed(contract, game.options.tenTrickBid)) return illegal('R6.2: the contract 10 needs the table option tenTrickBid');
  if (contract < game.bid) return illegal(`R6.2: the contract may not be lower than the winning bid ${LEVELS[game.bid]}`);
  const next = logged(game, seat, action);
  next.phase = 'play';
  next.contract = contract;
  next.winDuty = hasWinDuty(contract, game.options);
  next.turn = seat; // R7.1: the declarer leads to the first trick
  next.trickLeader = seat;
  return ok(next);
}

// ---------------------------------------------------------------- R7 play, R8 kontra and re

/** R8.1, R8.2: whether `seat` may say kontra / decide on re now. */
export const mayKontra = (game: GameState, seat: Seat): boolean =>
  game.phase === 'play' && game.options.kontra && game.completedTricks === 0 && game.kontra < 0 && seat !== game.declarer;
export const mayRe = (game: GameState, seat: Seat): boolean => game.awaitingRe && seat === game.declarer;

/** The seat whose card the current trick waits for. */
const seatToPlay = (game: GameState): Seat => nextSeat(game.trickLeader as Seat, game.trick.length);

function applyKontraOrRe(game: GameState, seat: Seat, action: Action): Result<GameState> {
  if (action.type === 'kontra') {
    if (!game.options.kontra) return illegal('R8: kontra is off at this table');
    if (seat === game.declarer) return illegal('R8.1: only a defender may say kontra');
    if (game.kontra >= 0) return illegal('R8.1: kontra has already been said');
    if (game.completedTricks > 0) return illegal('R8.1: kontra is only possible until the first trick is complete');
    const next = logged(game, seat, action);
    next.kontra = seat;
    // R8.2: play pauses; the declarer's turn is to decide on re.
    next.awaitingRe = true;
    next.turn = game.declarer;
    return ok(next);
  }
  if (seat !== game.declarer) return illegal('R8.2: only the declarer may say re');
  if (game.kontra < 0) return illegal('R8.2: re needs a kontra first');
  if (!game.awaitingRe) return illegal('R8.2: re is decided once, right after the kontra');
  const next = logged(game, seat, action);
  next.re = action.type === 're' && action.re !== false;
  next.awaitingRe = false;
  next.turn = seatToPlay(game);
  return ok(next);
}

/** R7.2: whether the card about to be played is the declarer's first of a number contract, which fixes trump (R6.3). */
export const fixesTrump = (game: GameState): boolean => game.trump === NO_TRUMP && hasTrumpSuit(game.contract);

/** R7.2 with option trump "named": the seat to play names trump with this card. */
export const namesTrump = (game: GameState): boolean =>
  fixesTrump(game) && game.options.trump === 'named' && game.phase === 'play' && !game.awaitingRe;

/** R7.2: why a card may not be played naming `named` as trump (undefined: naming none), or null. Allocation-free: it runs for every card. */
function trumpRefusal(game: GameState, named: Suit | undefined): string | null {
  if (!fixesTrump(game)) return named === undefined ? null : "R7.2: trump is named only with the declarer's first card of a game with trumps";
  if (game.options.trump === 'led') return named === undefined ? null : 'R7.2: at this table the suit of the first card is trump; it cannot be named';
  return named === undefined ? 'R7.2: name the trump suit with your first card ("trump": E, G, H or S)' : null;
}

/** R7.11: whether playing `card` lets a defender knock. */
export function mayKnock(game: GameState, seat: Seat, card: Card): boolean {
  if (!game.options.knock || seat === game.declarer || game.trick.length === 0) return false;
  const suit = suitOf(card);
  return suit !== suitOf(game.trick[0]!) && (game.hands[seat] & SUIT_MASKS[suit]!) === bit(card);
}

function applyPlay(game: GameState, seat: Seat, action: Action): Result<GameState> {
  if (action.type === 'kontra' || action.type === 're') return applyKontraOrRe(game, seat, action);
  // Only the claiming seat's view may decide a claim, and views are built above this module.
  if (action.type === 'claim') return illegal('R7.12: a claim is judged by applyTurn (claims.ts)');
  if (action.type !== 'play') return illegal('R7: the cards are being played');
  if (game.awaitingRe) {
    return seat === game.declarer
      ? illegal('R8.2: a defender said kontra: say re or no re before you play')
      : refuse('not_your_turn', `R8.2: the declarer (seat ${game.declarer}) is deciding on re`);
  }
  if (seat !== game.turn) return refuse('not_your_turn', `R7.7: it is seat ${game.turn}'s turn to play`);
  const card = cardFromCode(action.card)!;
  const refusal = playRefusal(game.hands[seat], game.trick, game.trump, game.winDuty, card);
  if (refusal !== null) return illegal(refusal);
  if (action.knock === true && !mayKnock(game, seat, card)) {
    return illegal('R7.11: only a defender playing the last card of a suit while not following suit may knock');
  }
  const trumpRefused = trumpRefusal(game, action.trump);
  if (trumpRefused !== null) return illegal(trumpRefused);
  const next = logged(game, seat, action);
  // R7.2: the declarer's first card of a number contract fixes trump: its suit, or the suit it names.
  if (fixesTrump(game)) next.trump = action.trump === undefined ? suitOf(card) : SUITS.indexOf(action.trump);
  next.trick = [...game.trick, card];
  next.hands = withHand(game.hands, seat, game.hands[seat] & ~bit(card));
  next.played = game.played | bit(card);
  if (next.trick.length < 3) next.turn = nextSeat(seat);
  else completeTrick(next);
  return ok(next);
}

/** R7.7, R7.9: the trick goes to its winner, who leads next, unless the game is decided. */
function completeTrick(next: Draft): void {
  const leader = next.trickLeader as Seat;
  const winner = nextSeat(leader, trickWinnerIndex(next.trick, next.trump));
  const tricksTaken = next.tricksTaken.slice() as [number, number, number];
  tricksTaken[winner] += 1;
  next.trick = [];
  next.trickLeader = winner;
  next.turn = winner;
  next.tricksTaken = tricksTaken;
  next.completedTricks += 1;
  const declarerWon = winner === next.declarer;
  const decidedEarly = (next.contract === LEVEL_BETTEL && declarerWon) || (next.contract === LEVEL_MORD && !declarerWon);
  if (next.completedTricks === 10 || decidedEarly) finishContract(next, next.completedTricks < 10);
}

function finishContract(next: Draft, endedEarly: boolean, declarerTricks = next.tricksTaken[next.declarer as Seat]): void {
  const declarer = next.declarer as Seat;
  const settlement = settleContract(next.options, declarer, next.contract, declarerTricks, multiplierOfGame(next), next.potBefore);
  next.phase = 'finished';
  next.turn = -1;
  next.outcome = { kind: 'contract', won: contractWon(next.contract, declarerTricks), declarerTricks, endedEarly, settlement };
}

// ---------------------------------------------------------------- R7.12 claims

/**
 * R7.12: what a claim by `seat` says of the rest of the game: the declarer that it takes every
 * remaining trick (in bettel none), a defender that the declarer takes no more (in mord: that
 * the defenders take one).
 */
export type ClaimGoal = 'declarerTakesAll' | 'declarerTakesNone' | 'declarerTakesOne' | 'defendersTakeOne';

export function claimGoalOf(contract: number, declarer: Seat, seat: Seat): ClaimGoal {
  if (seat === declarer) return contract === LEVEL_BETTEL ? 'declarerTakesNone' : 'declarerTakesAll';
  return contract === LEVEL_MORD ? 'defendersTakeOne' : contract === LEVEL_BETTEL ? 'declarerTakesOne' : 'declarerTakesNone';
}

/**
 * R7.12: whether `seat`'s claim was refused in the trick under way (the one begun or about to
 * begin): that seat claims again only from the next trick.
 */
export function claimRefusedInTrick(game: GameState, seat: Seat): boolean {
  let plays = 0;
  for (let entry = game.log; entry !== null && plays <= game.trick.length; entry = entry.previous) {
    if (entry.action.type === 'play') plays++;
    else if (entry.refused === true && entry.seat === seat && plays <= game.trick.length) return true;
  }
  return false;
}

/** R7.12: whether `seat` may send a claim now (the server judges it): during play, not while re is owed, not twice in a trick. */
export const mayClaim = (game: GameState, seat: Seat): boolean =>
  game.phase === 'play' && game.options.claims && !game.awaitingRe && !claimRefusedInTrick(game, seat);

/** R7.12: `seat`'s claim judged not sure: in the log (so every seat sees it, and the record holds it), nothing else changes. */
export function refuseClaim(game: GameState, seat: Seat): GameState {
  const next = copyOf(game);
  next.log = { seat, action: CLAIM, refused: true, previous: game.log };
  return next;
}

/**
 * R7.12, R9: the game ended by `seat`'s claim, settled as if played out so: a number game to its
 * tenth trick, bettel won by the declarer's claim or lost at its next trick by a defender's, mord
 * won by the declarer's claim or lost at the defenders' first trick (R7.9). Only for a claim
 * already judged sure (claims.ts); the tricks played stay as they were.
 */
export function endByClaim(game: GameState, seat: Seat): GameState {
  const next = logged(game, seat, CLAIM);
  const goal = claimGoalOf(game.contract, game.declarer as Seat, seat);
  const taken = game.tricksTaken[game.declarer as Seat];
  const declarerTricks = goal === 'declarerTakesAll' ? taken + 10 - game.completedTricks : goal === 'declarerTakesOne' ? taken + 1 : taken;
  finishContract(next, goal === 'defendersTakeOne' || goal === 'declarerTakesOne', declarerTricks);
  return next;
}

// ---------------------------------------------------------------- entry points

/** Applies an already parsed action; see applyAction. */
export function applyParsedAction(game: GameState, seat: Seat, action: Action): Result<GameState> {
  switch (game.phase) {
    case 'doubling':
      return applyDouble(game, seat, action);
    case 'auction':
      return applyBid(game, seat, action);
    case 'discard':
      return applyDiscard(game, seat, action);
    case 'declare':
      return applyDeclare(game, seat, action);
    case 'play':
      return applyPlay(game, seat, action);
    case 'finished':
      return illegal('R10: this game is over');
  }
}

/**
 * The game after `seat` takes `action` (both untrusted input), or a refusal naming the
 * rule. Never throws and never changes `game`.
 */
export function applyAction(game: GameState, seat: unknown, action: unknown): Result<GameState> {
  if (!isSeat(seat)) return badRequest('seat must be 0, 1 or 2');
  const parsed = parseAction(action);
  return parsed.ok ? applyParsedAction(game, seat, parsed.value) : parsed;
}

const PLAY_ACTIONS = CARD_CODES.map((card) => Object.freeze({ type: 'play', card } as const));
const KNOCK_ACTIONS = CARD_CODES.map((card) => Object.freeze({ type: 'play', card, knock: true } as const));
/** NAMING_ACTIONS[card][suit]: the first card played with trump named (R7.2, option trump "named"). */
export const NAMING_ACTIONS = CARD_CODES.map((card) => SUITS.map((trump) => Object.freeze({ type: 'play', card, trump } as const)));

/** R7.3–R7.6 for the seat to play, as a card set (none while re is being decided); allocation-free. */
export const legalPlayCards = (game: GameState): CardSet =>
  game.phase === 'play' && !game.awaitingRe ? legalCards(game.hands[game.turn as Seat], game.trick, game.trump, game.winDuty) : 0;

/** Every action `seat` may take now; each of them is accepted by applyAction. */
export function legalActions(game: GameState, seat: Seat): Action[] {
  switch (game.phase) {
    case 'doubling':
      return (game.decided & (1 << seat)) === 0 ? [DOUBLE_YES, DOUBLE_NO] : [];
    case 'auction':
      return game.turn === seat ? auctionActions(game.auction!, game.options.tenTrickBid) : [];
    case 'discard':
      return game.declarer === seat ? discardPairs(game.hands[seat]) : [];
    case 'declare':
      return game.declarer === seat ? allowedContracts(game.bid, game.options.tenTrickBid).map((l) => DECLARE_ACTIONS[l]!) : [];
    case 'play': {
      if (game.awaitingRe) return mayRe(game, seat) ? [RE, NO_RE] : []; // R8.2: nothing else until the declarer decides
      const actions: Action[] = [];
      if (game.turn === seat) {
        const naming = namesTrump(game);
        for (const card of cardsOf(legalPlayCards(game))) {
          if (naming) actions.push(...NAMING_ACTIONS[card]!);
          else actions.push(PLAY_ACTIONS[card]!);
          if (mayKnock(game, seat, card)) actions.push(KNOCK_ACTIONS[card]!);
        }
      }
      if (mayKontra(game, seat)) actions.push(KONTRA);
      return actions;
    }
    case 'finished':
      return [];
  }
}

function discardPairs(hand: CardSet): Action[] {
  const cards = cardsOf(hand);
  const pairs: Action[] = [];
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      pairs.push({ type: 'discard', cards: [codeOf(cards[i]!), codeOf(cards[j]!)] as [CardCode, CardCode] });
    }
  }
  return pairs;
}

/** An action of the log: `refused` marks a claim judged not sure (R7.12). */
export interface LoggedAction {
  readonly seat: Seat;
  readonly action: Action;
  readonly refused?: true;
}

/** The accepted actions, oldest first. */
export function actionsOf(game: GameState): LoggedAction[] {
  const actions: LoggedAction[] = [];
  for (let entry = game.log; entry !== null; entry = entry.previous) {
    actions.push(entry.refused === true ? { seat: entry.seat, action: entry.action, refused: true } : { seat: entry.seat, action: entry.action });
  }
  return actions.reverse();
}
