/**
 * `npm run bench:solver` (and part of `npm run bench`): the time to solve 1,000 random deals
 * from the declarer's first card (right after the contract is announced), with random
 * contracts and random play options, one call at a time on this process's one thread.
 */
import { LEVEL_BETTEL } from '../../shared/actions.js';
import { randomMove, seededRng } from '../../shared/bots.js';
import { shuffleDeal, type RandomSource } from '../../shared/deal.js';
import { applyParsedAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions } from '../../shared/options.js';
import { resetSolverStats, solve, solverStats } from '../../shared/solver/index.js';
import { isMain, report } from './bench-line.js';

const DEALS = 1000;

/** Random deals played at random (bidding, discard, contract) up to the declarer's first card. */
function startsOfPlay(seed: number): GameState[] {
  const rng = seededRng(seed);
  const words: RandomSource = (out) => {
    for (let i = 0; i < out.length; i++) out[i] = rng(0x1_0000_0000);
    return out;
  };
  const games: GameState[] = [];
  while (games.length < DEALS) {
    const options = validateOptions({
      kontra: false,
      tenTrickBid: rng(2) === 0,
      trump: rng(2) === 0 ? 'led' : 'named',
      winDutyInBettel: rng(2) === 0,
    });
    if (!options.ok) throw new Error(options.error.message);
    let game = newGame(options.value, shuffleDeal(words), rng(3) as 0 | 1 | 2);
    while (game.phase !== 'play' && game.phase !== 'finished') {
      const move = randomMove(game, rng)!;
      const next = applyParsedAction(game, move.seat, move.action);
      if (!next.ok) throw new Error(`bench: a random legal move was refused: ${next.error.message}`);
      game = next.value;
    }
    if (game.phase === 'play') games.push(game);
  }
  return games;
}

export interface SolverFigures {
  medianMs: number;
  p99Ms: number;
  nodesPerSecond: number;
  /** The same over the deals with a number contract alone: bettel and mord are mostly decided within a trick or two. */
  numberDeals: number;
  numberMedianMs: number;
  numberP99Ms: number;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

export function measureSolver(seed = 2026): SolverFigures {
  const games = startsOfPlay(seed);
  // Warm up the JIT on other deals first.
  for (const game of startsOfPlay(seed + 1).slice(0, 200)) solve(game);
  const times: number[] = [];
  const numberTimes: number[] = [];
  let nodes = 0;
  for (const game of games) {
    resetSolverStats();
    const start = performance.now();
    solve(game);
    const ms = performance.now() - start;
    times.push(ms);
    if (game.contract < LEVEL_BETTEL) numberTimes.push(ms);
    nodes += solverStats().nodes;
  }
  const total = times.reduce((sum, t) => sum + t, 0);
  times.sort((a, b) => a - b);
  numberTimes.sort((a, b) => a - b);
  return {
    medianMs: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
    nodesPerSecond: nodes / (total / 1000),
    numberDeals: numberTimes.length,
    numberMedianMs: quantile(numberTimes, 0.5),
    numberP99Ms: quantile(numberTimes, 0.99),
  };
}

if (isMain(import.meta.url)) {
  const solver = measureSolver();
  report('solver.medianMs', solver.medianMs, 'ms');
  report('solver.p99Ms', solver.p99Ms, 'ms');
  report('solver.nodesPerSecond', solver.nodesPerSecond, 'nodes/s');
  // Of the 1,000 deals, those with a number contract (the rest, bettel and mord, are mostly decided at once).
  report('solver.numberContract.medianMs', solver.numberMedianMs, 'ms');
  report('solver.numberContract.p99Ms', solver.numberP99Ms, 'ms');
  report('solver.numberContract.deals', solver.numberDeals, 'deals');
}
