/**
 * Judging contracts by simulation: worlds drawn from the seat's knowledge, each solved
 * double-dummy for the contracts a hand could play, valued by what the declarer would be
 * paid (R9, before doubles: they multiply every choice alike).
 */
import { LEVEL_BETTEL, LEVEL_MORD } from '../actions.js';
import { cardsOf, rankOf, type Card, type CardSet } from '../cards.js';
import type { GameState } from '../game.js';
import type { Seat } from '../options.js';
import { NO_TRUMP } from '../play.js';
import { settlementFigures } from '../settlement.js';
import { solve } from '../solver/index.js';
import { bettelDanger } from './hand.js';

/** What the declarer gains (positive) or loses with `declarerTricks` in `contract`, at multiplier 1 and without the pot. */
export function declarerGain(game: GameState, contract: number, declarerTricks: number): number {
  const f = settlementFigures(game.options, contract, declarerTricks, 1, 0);
  return (f.won ? 2 : -2) * f.perDefender;
}

/** A world turned into the start of play with `declarer` holding `ten` in `contract` (the other hands as dealt). */
export function playStart(world: GameState, declarer: Seat, ten: CardSet, discards: CardSet, contract: number): GameState {
  const hands = world.hands.slice() as [CardSet, CardSet, CardSet];
  hands[declarer] = ten;
  return {
    ...world,
    phase: 'play',
    hands,
    discards,
    declarer,
    contract,
    trump: NO_TRUMP,
    winDuty: contract !== LEVEL_BETTEL || world.options.winDutyInBettel,
    trick: [],
    turn: declarer,
    trickLeader: declarer,
    tricksTaken: [0, 0, 0],
    completedTricks: 0,
    kontra: -1,
    awaitingRe: false,
    re: false,
    outcome: null,
  };
}

/** Whether bettel is worth solving for: few cards that a low card of their suit does not cover. */
export const bettelPlausible = (ten: CardSet): boolean => cardsOf(ten).filter((c) => bettelDanger(ten, c) > 1).length <= 1;
/** Whether mord is worth solving for: mostly top cards. */
export const mordPlausible = (ten: CardSet): boolean => cardsOf(ten).filter((c) => rankOf(c) >= 6).length >= 7;

/** The two cards a bettel player puts away: those its suit covers least. */
export function bettelDiscard(twelve: CardSet): [Card, Card] {
  return cardsOf(twelve)
    .sort((a, b) => bettelDanger(twelve, b) - bettelDanger(twelve, a) || rankOf(b) - rankOf(a))
    .slice(0, 2) as [Card, Card];
}

const without = (hand: CardSet, pair: readonly [Card, Card]): CardSet => hand & ~(1 << pair[0]) & ~(1 << pair[1]);

/** Sums per contract level (index into LEVELS) of the declarer's gain over worlds. */
export class ContractValues {
  readonly totals = new Map<number, number>();
  count = 0;

  /**
   * Adds one world where `declarer` holds `twelve` (hand and stock) and keeps `ten` for numbers
   * and mord, `bettelTen` for bettel.
   */
  addWorld(world: GameState, declarer: Seat, twelve: CardSet, ten: CardSet, bettelTen: CardSet, tenTrickBid: boolean): void {
    this.count++;
    const tricks = solve(playStart(world, declarer, ten, twelve & ~ten, 0));
    for (let level = 0; level < LEVEL_BETTEL; level++) {
      if (level === 4 && !tenTrickBid) continue;
      this.add(level, declarerGain(world, level, tricks));
    }
    const bettelTricks = bettelPlausible(bettelTen) ? solve(playStart(world, declarer, bettelTen, twelve & ~bettelTen, LEVEL_BETTEL)) : 1;
    this.add(LEVEL_BETTEL, declarerGain(world, LEVEL_BETTEL, bettelTricks));
    const mordTricks = mordPlausible(ten) ? solve(playStart(world, declarer, ten, twelve & ~ten, LEVEL_MORD)) : 0;
    this.add(LEVEL_MORD, declarerGain(world, LEVEL_MORD, mordTricks));
  }

  private add(level: number, gain: number): void {
    this.totals.set(level, (this.totals.get(level) ?? 0) + gain);
  }

  /** The mean gain of `level`, or -Infinity when it was not valued. */
  mean(level: number): number {
    const total = this.totals.get(level);
    return total === undefined || this.count === 0 ? -Infinity : total / this.count;
  }

  /** The best contract at or above `minimum`, with its mean gain. */
  best(minimum: number): { contract: number; value: number } {
    let best = { contract: Math.max(minimum, 0), value: -Infinity };
    for (const level of this.totals.keys())
      if (level >= minimum && this.mean(level) > best.value) best = { contract: level, value: this.mean(level) };
    return best;
  }
}

export { without };
