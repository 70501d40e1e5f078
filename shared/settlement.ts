/** Settlement (R9): who pays whom at the end of a game. */
import { LEVEL_BETTEL, LEVEL_MORD } from './actions.js';
import type { Seat, TableOptions } from './options.js';

export interface Settlement {
  /** What each seat's balance changes by. */
  readonly payments: readonly [number, number, number];
  /** What the pot changes by (R5.2, R9.3). payments plus pot always sum to 0 (R9.4). */
  readonly pot: number;
}

/** R9: m = 2^(doubles + kontra + re). */
export const multiplierOf = (doubles: number, kontra: boolean, re: boolean): number => 2 ** (doubles + (kontra ? 1 : 0) + (re ? 1 : 0));

/** R7.9, R9.1, R9.2: whether the declarer won its contract with `declarerTricks` tricks. */
export function contractWon(contract: number, declarerTricks: number): boolean {
  if (contract === LEVEL_BETTEL) return declarerTricks === 0;
  if (contract === LEVEL_MORD) return declarerTricks === 10;
  return declarerTricks >= contract + 6;
}

/** The figures a played game's settlement is made of (R9.1–R9.3), for showing its arithmetic. */
export interface SettlementFigures {
  readonly won: boolean;
  /** Bettel or mord: the flat tariff instead of tricks times the stake (R9.2). */
  readonly flat: boolean;
  /** The tricks paid for: those taken when won, those announced when lost (R9.1); 0 when flat. */
  readonly tricks: number;
  /** The stake per trick, or the flat tariff. */
  readonly unit: number;
  readonly multiplier: number;
  /** What each defender pays the declarer (won) or is paid by it (lost). */
  readonly perDefender: number;
  /** R5.2: the pot taken by a winning declarer, or each defender's share of it (potTo "winners"). */
  readonly potToDeclarer: number;
  readonly potToEachDefender: number;
}

/**
 * R9.1–R9.3: the figures of a played game's settlement. `contract` is an index into LEVELS.
 * The pot (R5.2) is never multiplied: a won game takes it whole; a lost one leaves it, or with
 * potTo "winners" the two defenders share it, a unit that cannot be split staying in it.
 */
export function settlementFigures(
  options: TableOptions,
  contract: number,
  declarerTricks: number,
  multiplier: number,
  potBefore: number,
): SettlementFigures {
  const won = contractWon(contract, declarerTricks);
  const flat = contract === LEVEL_BETTEL || contract === LEVEL_MORD;
  const tricks = flat ? 0 : won ? declarerTricks : contract + 6;
  const unit = flat ? options.flatTariff : options.stakePerTrick;
  return {
    won,
    flat,
    tricks,
    unit,
    multiplier,
    perDefender: (flat ? unit : unit * tricks) * multiplier,
    potToDeclarer: won ? potBefore : 0,
    potToEachDefender: !won && options.potTo === 'winners' ? Math.floor(potBefore / 2) : 0,
  };
}

/** R9.1–R9.3: the settlement of a played game (see settlementFigures). */
export function settleContract(
  options: TableOptions,
  declarer: Seat,
  contract: number,
  declarerTricks: number,
  multiplier: number,
  potBefore: number,
): Settlement {
  const { won, perDefender, potToDeclarer, potToEachDefender } = settlementFigures(options, contract, declarerTricks, multiplier, potBefore);
  const fromEachDefender = won ? perDefender : -perDefender;
  const payments: [number, number, number] = [
    potToEachDefender - fromEachDefender,
    potToEachDefender - fromEachDefender,
    potToEachDefender - fromEachDefender,
  ];
  payments[declarer] = 2 * fromEachDefender + potToDeclarer;
  return { payments, pot: 0 - potToDeclarer - 2 * potToEachDefender }; // 0 - x, not -x: no negative zero in records
}

/** R5.3: what each seat gets back of the pot when the series ends; the remainder stays in the pot. */
export const potShareAtEnd = (pot: number): number => Math.floor(pot / 3);

/** R5.2: everybody passed with the pot option: each seat pays the pot stake into the pot. */
export function settleAllPassIntoPot(options: TableOptions): Settlement {
  const stake = options.potStake;
  return { payments: [-stake, -stake, -stake], pot: 3 * stake };
}
