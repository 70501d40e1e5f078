/**
 * A series of games at one table (R1.2): dealer rotation, the pot (R5.2–R5.4) and the
 * balances (R9.4). Dealing is the caller's business (it owns the randomness), so after
 * each game the series waits for `dealNextGame`.
 */
import { validateDeal } from './deal.js';
import { isMoveOwed } from './actions.js';
import { applyTurn } from './claims.js';
import { legalActions, newGame, nextSeat, type GameState } from './game.js';
import { validateOptions, type Seat, type TableOptions } from './options.js';
import { recordOf, type GameRecord } from './record.js';
import { badRequest, illegal, ok, type Result } from './result.js';
import { potShareAtEnd } from './settlement.js';
import type { ViewedSeries } from './view.js';

export type SeriesStatus = ViewedSeries['status'];

export interface SeriesState {
  readonly options: TableOptions;
  readonly status: SeriesStatus;
  /** Number of the game being played, or of the next one while awaiting a deal. */
  readonly gameNumber: number;
  /** Dealer of the game being played, or of the next one while awaiting a deal. */
  readonly dealer: Seat;
  readonly balances: readonly [number, number, number];
  readonly pot: number;
  /** Redeals in a row so far for the current game number (R5.4): the next deal's `redeal`. */
  readonly redeals: number;
  /** R5.3: what each seat got back of the pot when the series ended (0 before, or with nothing to split). */
  readonly potPaidBack: number;
  /** The current game; after it ends it stays here until the next deal. */
  readonly game: GameState | null;
  /** Every dealt game that ended, redeals included, oldest first. */
  readonly records: readonly GameRecord[];
}

export function startSeries(optionsInput?: unknown): Result<SeriesState> {
  const options = validateOptions(optionsInput);
  if (!options.ok) return options;
  return ok({
    options: options.value,
    status: 'awaitingDeal',
    gameNumber: 1,
    dealer: options.value.firstDealer,
    balances: [0, 0, 0],
    pot: 0,
    redeals: 0,
    potPaidBack: 0,
    game: null,
    records: [],
  });
}

/** Deals the next game (a validated deal: R2.2). */
export function dealNextGame(series: SeriesState, dealInput: unknown): Result<SeriesState> {
  if (series.status === 'over') return illegal('R1.2: the series is over');
  if (series.status === 'playing') return illegal('R2: a game is already being played');
  const deal = validateDeal(dealInput);
  if (!deal.ok) return deal;
  const game = newGame(series.options, deal.value, series.dealer, series.gameNumber, series.pot, series.redeals);
  return ok({ ...series, status: 'playing', game });
}

/** Applies one action to the current game and, when it ends, settles it into the series. */
export function applySeriesAction(series: SeriesState, seat: unknown, action: unknown): Result<SeriesState> {
  if (series.status === 'over') return illegal('R1.2: the series is over');
  if (series.status === 'awaitingDeal' || series.game === null) return illegal('R2: the next game has not been dealt yet');
  const next = applyTurn(series.game, seat, action);
  if (!next.ok) return next;
  const game = next.value;
  if (game.outcome === null) return ok({ ...series, game });
  return ok(settleGame(series, game));
}

function settleGame(series: SeriesState, game: GameState): SeriesState {
  const { payments } = game.outcome!.settlement;
  const redeal = game.outcome!.kind === 'allPass'; // R5.2: a redeal is not a game of the series
  const gameNumber = redeal ? series.gameNumber : series.gameNumber + 1;
  const over = gameNumber > series.options.games;
  const pot = series.pot + game.outcome!.settlement.pot;
  // R5.3: what is left in the pot goes back in equal shares when the series ends.
  const share = over ? potShareAtEnd(pot) : 0;
  return {
    ...series,
    game,
    status: over ? 'over' : 'awaitingDeal',
    gameNumber,
    dealer: nextSeat(series.dealer), // R1.2: the deal passes clockwise after every game and redeal
    balances: [series.balances[0] + payments[0] + share, series.balances[1] + payments[1] + share, series.balances[2] + payments[2] + share],
    pot: pot - 3 * share,
    redeals: redeal ? series.redeals + 1 : 0,
    potPaidBack: share,
    records: [...series.records, recordOf(game)],
  };
}

export interface SeriesRecord {
  readonly options: TableOptions;
  readonly games: readonly GameRecord[];
}

export const seriesRecordOf = (series: SeriesState): SeriesRecord => ({ options: series.options, games: series.records });

/** Replays a whole series from its record: same games, balances and pot. */
export function replaySeries(record: SeriesRecord): Result<SeriesState> {
  if (typeof record !== 'object' || record === null || !Array.isArray(record.games)) {
    return badRequest('R10.1: a series record is an object {options, games: [game records]}');
  }
  const start = startSeries(record.options);
  if (!start.ok) return start;
  let series = start.value;
  for (const [index, game] of record.games.entries()) {
    if (typeof game !== 'object' || game === null || !Array.isArray(game.actions)) {
      return badRequest(`R10.1: game record ${index + 1} is not a record with actions`);
    }
    // Each record must be the game the series deals next: no redeal left out, none reordered.
    if (game.gameNumber !== series.gameNumber || game.dealer !== series.dealer || game.potBefore !== series.pot || game.redeal !== series.redeals) {
      return illegal(
        `R10.1: game record ${index + 1} says game ${game.gameNumber}, redeal ${game.redeal}, dealer ${game.dealer}, pot ${game.potBefore}; ` +
          `the series is at game ${series.gameNumber}, redeal ${series.redeals}, dealer ${series.dealer}, pot ${series.pot}`,
      );
    }
    const dealt = dealNextGame(series, game.deal);
    if (!dealt.ok) return dealt;
    series = dealt.value;
    for (const entry of game.actions) {
      const { seat, action } = (entry ?? {}) as { seat?: unknown; action?: unknown };
      const next = applySeriesAction(series, seat, action);
      if (!next.ok) return illegal(`R10.1: game record ${index + 1}: ${next.error.message}`);
      series = next.value;
    }
  }
  return ok(series);
}

const SEATS: readonly Seat[] = [0, 1, 2];

/**
 * The seats that owe a move now (isMoveOwed): during doubling every undecided seat,
 * otherwise the seat on turn (after a kontra the declarer, deciding on re, R8.2). None
 * between games or once the series is over.
 */
export function seatsOwingMove(series: SeriesState | null): Seat[] {
  const game = series?.game;
  if (series === null || series === undefined || game === null || game === undefined || series.status !== 'playing' || game.phase === 'finished')
    return [];
  return SEATS.filter((seat) => legalActions(game, seat).some(isMoveOwed));
}
