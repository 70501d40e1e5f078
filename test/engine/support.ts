/** Helpers for engine tests: fixed deals and short action scripts. */
import { expect } from 'vitest';
import { cardFromCode, codesOf } from '../../shared/cards.js';
import { validateDeal, type Deal, type RandomSource } from '../../shared/deal.js';
import { applyAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat, type TableOptions } from '../../shared/options.js';
import type { Refusal, Result } from '../../shared/result.js';
import type { Rng } from '../../shared/bots.js';
import { applySeriesAction, type SeriesState } from '../../shared/series.js';
import { actionFor } from './script-actions.js';

/** A script word as an action (script-actions.ts). */
export { actionFor };

/** The value of a Result that must be ok; fails the test with the refusal's message otherwise. */
export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The refusal of a Result that must be refused. */
export function refusal<T>(result: Result<T>): Refusal {
  if (result.ok) throw new Error('expected a refusal, but the action was accepted');
  return result.error;
}

export const options = (given: Partial<TableOptions> = {}): TableOptions => must(validateOptions(given));

/** A deal from four space-separated lists: the three hands (in dealing order) and the stock. */
export function deal(hand0: string, hand1: string, hand2: string, stock: string): Deal {
  const split = (s: string) => s.trim().split(/\s+/);
  return must(validateDeal({ hands: [split(hand0), split(hand1), split(hand2)], stock: split(stock) }));
}

/**
 * A deal where each seat holds whole suits: seat 0 all Eichel and GA GK, seat 1 all Herz and
 * GO GU, seat 2 all Schellen and G10 G9; the stock is G8 G7.
 */
export const SUIT_DEAL = deal('EA EK EO EU E10 E9 E8 E7 GA GK', 'HA HK HO HU H10 H9 H8 H7 GO GU', 'SA SK SO SU S10 S9 S8 S7 G10 G9', 'G8 G7');

/** Applies a script of `seat:word` tokens (see actionFor); every action must be accepted. */
export function run(game: GameState, script: string): GameState {
  for (const token of script
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')) {
    const [seat, word] = token.split(':');
    const result = applyAction(game, Number(seat), actionFor(game, word!));
    if (!result.ok) throw new Error(`"${token}" refused: ${result.error.message}`);
    game = result.value;
  }
  return game;
}

/** The result of one more `seat:word` token, refused or not. */
export function attempt(game: GameState, token: string): Result<GameState> {
  const [seat, word] = token.split(':');
  return applyAction(game, Number(seat), actionFor(game, word!));
}

/** A new game of the given deal and options, after the given script. */
export function gameAfter(script: string, opts: Partial<TableOptions> = {}, d: Deal = SUIT_DEAL, dealer: Seat = 0): GameState {
  return run(newGame(options(opts), d, dealer), script);
}

/** A card set from codes, for the pure play functions. */
export const cards = (codes: string): number =>
  codes
    .trim()
    .split(/\s+/)
    .filter((c) => c !== '')
    .reduce((set, code) => set | (1 << cardFromCode(code)!), 0);

export const cardList = (codes: string): number[] =>
  codes
    .trim()
    .split(/\s+/)
    .filter((c) => c !== '')
    .map((code) => cardFromCode(code)!);

/** Codes of a card set, for readable expectations. */
export const codes = (set: number): string => codesOf(set).join(' ');

export function expectRefused<T>(result: Result<T>, code: Refusal['code'], messageStart: string): void {
  const error = refusal(result);
  expect(error.code).toBe(code);
  expect(error.message.startsWith(messageStart), `"${error.message}" should start with "${messageStart}"`).toBe(true);
}

/** A series holding just this game, for views (balances and pot at 0). */
export function seriesOf(game: GameState): SeriesState {
  return {
    options: game.options,
    status: game.phase === 'finished' ? 'over' : 'playing',
    gameNumber: game.gameNumber,
    dealer: game.dealer,
    balances: [0, 0, 0],
    pot: game.potBefore,
    redeals: game.redeal,
    potPaidBack: 0,
    game,
    records: [],
  };
}

/** Applies a script of `seat:word` tokens to the current game of a series. */
export function runSeries(series: SeriesState, script: string): SeriesState {
  for (const token of script
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')) {
    const [seat, word] = token.split(':');
    series = must(applySeriesAction(series, Number(seat), actionFor(series.game!, word!)));
  }
  return series;
}

/** A shuffle's random words drawn from a seeded generator, so that a random deal can be replayed. */
export const wordsFrom =
  (rng: Rng): RandomSource =>
  (words) => {
    for (let i = 0; i < words.length; i++) words[i] = rng(0x1_0000_0000);
    return words;
  };
