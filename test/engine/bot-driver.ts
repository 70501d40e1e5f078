/** Plays whole series with bots in seats, each bot given only its own seat's views. */
import { chooseAction, type BotLevel } from '../../shared/bots/index.js';
import { seededRng, type Rng } from '../../shared/bots.js';
import type { Action } from '../../shared/actions.js';
import { shuffleDeal, type RandomSource } from '../../shared/deal.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf, type SeriesView } from '../../shared/view.js';

export type Player = BotLevel | 'random';

/** A deterministic deck source for tests and the bench. */
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
function randomAction(view: SeriesView, rng: Rng): Action | null {
  const actions = view.legalActions;
  if (actions.length === 0) return null;
  const action = actions[rng(actions.length)]!;
  if (action.type === 'discard' && 'count' in action) return { type: 'discard', cards: [view.hand![0]!, view.hand![1]!] };
  return action as Action;
}

/**
 * Plays one game from a fresh deal. Every seat's memory collects its view after every
 * accepted action; the first seat (from the seat to move) with something to do acts.
 */
export function playGame(series: SeriesState, players: readonly [Player, Player, Player], rng: Rng, onStep?: (step: Step) => void): SeriesState {
  let state = must(dealNextGame(series, shuffleDeal(randomSource(rng))));
  const memories: SeriesView[][] = [[], [], []];
  const remember = () => ([0, 1, 2] as Seat[]).forEach((seat) => memories[seat]!.push(viewOf(state, seat)!));
  remember();
  for (let guard = 0; guard < 500 && state.status === 'playing'; guard++) {
    const turn = state.game!.turn;
    const order = ([0, 1, 2] as Seat[]).map((i) => ((turn < 0 ? 0 : turn) + i) % 3) as Seat[];
    let acted = false;
    for (const seat of order) {
      const player = players[seat]!;
      const views = memories[seat]!;
      const action = player === 'random' ? randomAction(views.at(-1)!, rng) : chooseAction(player, { views }, rng);
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

export function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export const newSeries = (options: Partial<TableOptions> = {}): SeriesState => must(startSeries({ games: 99, ...options }));
export { seededRng };
