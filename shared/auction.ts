/**
 * The auction (R4): two duels, forehand vs middlehand, then the dealer vs the survivor.
 * In each duel the elder seat holds or passes and the younger seat bids higher or passes.
 */
import { BID_ACTIONS, HOLD, isLevelAllowed, LEVEL_MORD, LEVELS, PASS, type Action } from './actions.js';
import type { Seat } from './options.js';
import { illegal, ok, refuse, type Result } from './result.js';

export interface AuctionState {
  readonly stage: 1 | 2;
  /** open: the seat to speak may play (6) or pass; raise: younger bids higher or passes; hold: elder holds or passes. */
  readonly step: 'open' | 'raise' | 'hold';
  readonly turn: Seat;
  readonly elder: Seat;
  readonly younger: Seat;
  /** Index into LEVELS of the standing bid, -1 before any bid of this stage. */
  readonly level: number;
}

/** The auction is over: the declarer and its bid level, or nobody when all passed (R5). */
export interface AuctionEnd {
  readonly declarer: Seat | null;
  readonly level: number;
}

export type AuctionStep = { readonly done: false; readonly auction: AuctionState } | ({ readonly done: true } & AuctionEnd);

const next = (seat: Seat, by: number): Seat => ((seat + by) % 3) as Seat;

/** R4.1: forehand opens stage 1 against middlehand. */
export function startAuction(dealer: Seat): AuctionState {
  return { stage: 1, step: 'open', turn: next(dealer, 1), elder: next(dealer, 1), younger: next(dealer, 2), level: -1 };
}

/** The next state of the same duel (written out: it is built on every bid). */
const duel = (stage: 1 | 2, step: AuctionState['step'], turn: Seat, { elder, younger }: AuctionState, level: number): AuctionState => ({
  stage,
  step,
  turn,
  elder,
  younger,
  level,
});

const continueWith = (auction: AuctionState): AuctionStep => ({ done: false, auction });

/** A duel ended with `survivor` (or nobody) holding `level`. */
function endStage(auction: AuctionState, dealer: Seat, survivor: Seat | null, level: number): AuctionStep {
  if (auction.stage === 2) return { done: true, declarer: survivor, level };
  if (survivor === null) return continueWith({ stage: 2, step: 'open', turn: dealer, elder: dealer, younger: dealer, level: -1 });
  // R4.4: nothing outranks mord, so the dealer is not asked.
  if (level === LEVEL_MORD) return { done: true, declarer: survivor, level };
  return continueWith({ stage: 2, step: 'raise', turn: dealer, elder: survivor, younger: dealer, level });
}

const dealerOf = (auction: AuctionState): Seat => (auction.stage === 1 ? next(auction.elder, 2) : auction.younger);

/** Levels strictly above `level` that may be bid (R4, R4.4; "10" only with tenTrickBid). */
function raisesAbove(level: number, tenTrickBid: boolean): number[] {
  const levels: number[] = [];
  for (let l = level + 1; l < LEVELS.length; l++) if (isLevelAllowed(l, tenTrickBid)) levels.push(l);
  return levels;
}

export function auctionActions(auction: AuctionState, tenTrickBid: boolean): Action[] {
  switch (auction.step) {
    case 'open':
      return [BID_ACTIONS[0]!, PASS];
    case 'raise':
      return [...raisesAbove(auction.level, tenTrickBid).map((l) => BID_ACTIONS[l]!), PASS];
    case 'hold':
      return [HOLD, PASS];
  }
}

const OPEN_RULE = { 1: 'R4.1', 2: 'R4.3' } as const;

export function applyAuction(auction: AuctionState, seat: Seat, action: Action, tenTrickBid: boolean): Result<AuctionStep> {
  if (action.type !== 'bid' && action.type !== 'hold' && action.type !== 'pass') {
    return illegal(`R4: the auction is running; bid, hold or pass`);
  }
  if (seat !== auction.turn) return refuse('not_your_turn', `R4: it is seat ${auction.turn}'s turn to bid`);
  const dealer = dealerOf(auction);
  switch (auction.step) {
    case 'open': {
      const rule = auction.stage === 1 && seat === auction.younger ? 'R4.2' : OPEN_RULE[auction.stage];
      if (action.type === 'hold') return illegal(`${rule}: there is no bid to hold; play (bid 6) or pass`);
      if (action.type === 'bid' && action.bid !== '6') return illegal(`${rule}: the first word is play (bid 6) or pass`);
      const plays = action.type === 'bid';
      if (auction.stage === 2) return ok({ done: true, declarer: plays ? seat : null, level: 0 });
      if (seat === auction.elder) {
        return ok(continueWith(plays ? duel(1, 'raise', auction.younger, auction, 0) : duel(1, 'open', auction.younger, auction, -1)));
      }
      return ok(endStage(auction, dealer, plays ? seat : null, 0)); // R4.2: forehand passed at once
    }
    case 'raise': {
      if (action.type === 'pass') return ok(endStage(auction, dealer, auction.elder, auction.level));
      if (action.type === 'hold') return illegal('R4.2: only the elder seat holds; bid higher or pass');
      const level = LEVELS.indexOf(action.bid);
      if (!isLevelAllowed(level, tenTrickBid)) return illegal('R4: the bid 10 needs the table option tenTrickBid');
      if (level <= auction.level) return illegal(`R4.2: a bid must be higher than ${LEVELS[auction.level]}`);
      return ok(continueWith(duel(auction.stage, 'hold', auction.elder, auction, level)));
    }
    case 'hold': {
      if (action.type === 'pass') return ok(endStage(auction, dealer, auction.younger, auction.level));
      if (action.type === 'bid') return illegal('R4.2: the elder seat never raises; hold or pass');
      // R4.4: a younger seat that would have to outbid mord is not asked and counts as passed.
      if (auction.level === LEVEL_MORD) return ok(endStage(auction, dealer, auction.elder, auction.level));
      return ok(continueWith(duel(auction.stage, 'raise', auction.younger, auction, auction.level)));
    }
  }
}
