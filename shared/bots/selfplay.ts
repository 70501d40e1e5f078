/**
 * Games played by bots alone, each given only its own seat's views, as a table does: for the
 * property tests and the bench (strong against easy and random players).
 */
import type { Action } from '../actions.js';
import { seededRng, type Rng } from '../bots.js';
import { shuffleDeal, type Deal, type RandomSource } from '../deal.js';
import type { GameState } from '../game.js';
import type { Seat, TableOptions } from '../options.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../series.js';
import { viewOf, type SeriesView } from '../view.js';
import { chooseAction, type BotLevel } from './index.js';

export type Player = BotLevel | 'random';

/** A deck source driven by a seeded rng: reproducible deals for tests and the bench, never for real tables (R2.1). */
export function randomSource(rng: Rng): RandomSource {
  return (words) => {
    for (let i = 0; i < words.length; i++) words[i] = rng(0x1_0000_0000) >>> 0;
    return words;
  };
}

export interface Step {
  /** The series before the action. */
  readonly state: SeriesState;
  readonly seat: Seat;
  /** Every seat's memory before the action. */
  readonly memories: readonly (readonly SeriesView[])[];
  readonly views: readonly SeriesView[];
  readonly action: Action;
}

/** Randomly picks one of a view's legal actions (a discard: the first two cards of the hand). */
export function randomAction(view: SeriesView, rng: Rng): Action | null {
  const actions = view.legalActions;
  if (actions.length === 0) return null;
  const action = actions[rng(actions.length)]!;
  if (action.type === 'discard' && 'count' in action) return { type: 'discard', cards: [view.hand![0]!, view.hand![1]!] };
  return action as Action;
}

/**
 * A seat's player: its action from its seat's views (null: nothing to do now). `truth`, the
 * game itself, is there for the bench's omniscient yardstick alone; the bots never get it.
 */
export type SeatPlayer = (views: readonly SeriesView[], truth: GameState) => Action | null;

/**
 * Plays one game of `series` from `deal`. Every seat's memory collects its view after every
 * accepted action; the first seat (from the seat to move) with something to do acts.
 */
export function playDeal(
  series: SeriesState,
  deal: Deal,
  players: readonly [SeatPlayer, SeatPlayer, SeatPlayer],
  onStep?: (step: Step) => void,
): SeriesState {
  let state = must(dealNextGame(series, deal));
  const memories: SeriesView[][] = [[], [], []];
  const remember = () => ([0, 1, 2] as Seat[]).forEach((seat) => memories[seat]!.push(viewOf(state, seat)!));
  remember();
  for (let guard = 0; guard < 500 && state.status === 'playing'; guard++) {
    const turn = state.game!.turn;
    const order = ([0, 1, 2] as Seat[]).map((i) => ((turn < 0 ? 0 : turn) + i) % 3) as Seat[];
    let acted = false;
    for (const seat of order) {
      const views = memories[seat]!;
      const action = players[seat]!(views, state.game!);
      if (action === null) continue;
      onStep?.({ state, seat, memories: memories.map((m) => [...m]), views: [...views], action });
      state = must(applySeriesAction(state, seat, action));
      remember();
      acted = true;
      break;
    }
    if (!acted) throw new Error('nobody acted in a running game');
  }
  if (state.status === 'playing') throw new Error('game did not end');
  return state;
}

/** Plays one game from a fresh deal drawn from `rng`, which every player's decisions share. */
export function playGame(
  series: SeriesState,
  players: readonly [Player, Player, Player],
  rng: Rng,
  onStep?: (step: Step) => void,
  decide: (player: BotLevel, views: readonly SeriesView[], rng: Rng) => Action | null = (player, views, r) => chooseAction(player, { views }, r),
): SeriesState {
  const deal = shuffleDeal(randomSource(rng));
  const seatPlayers = players.map(
    (player): SeatPlayer =>
      (views) =>
        player === 'random' ? randomAction(views.at(-1)!, rng) : decide(player, views, rng),
  ) as [SeatPlayer, SeatPlayer, SeatPlayer];
  return playDeal(series, deal, seatPlayers, onStep);
}

/** The value of an engine result that must be accepted. */
export function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A series long enough for many games in a row (start another when it is over). */
export const newSeries = (options: Partial<TableOptions> = {}): SeriesState => must(startSeries({ games: 99, ...options }));
export { seededRng };
