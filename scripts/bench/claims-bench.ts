/**
 * `npm run bench:claims` (and part of `npm run bench`), R7.12: the time to decide a claim, from the claiming
 * seat's view to the verdict (applyTurn, as the server and a record's replay run it), over
 * positions of random games with 2 to 6 tricks left (the current one included) and 0 to 2
 * cards in the trick, every seat claiming, under random play options. Some are sure, most not,
 * a few undecided within the search's limit: the shares are printed too.
 */
import { CLAIM } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { applyTurn } from '../../shared/claims.js';
import { shuffleDeal, type RandomSource } from '../../shared/deal.js';
import { applyParsedAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat } from '../../shared/options.js';
import { isMain, median, report } from './bench-line.js';

const POSITIONS = 600;
const HISTORIES = ['last', 'all', 'opponents'] as const;

/** A random game played at random to `tricksLeft` tricks left with `inTrick` cards down, or null if it ended first. */
function position(rng: Rng, tricksLeft: number, inTrick: number): GameState | null {
  const words: RandomSource = (out) => {
    for (let i = 0; i < out.length; i++) out[i] = rng(0x1_0000_0000);
    return out;
  };
  const options = validateOptions({ kontra: false, trump: rng(2) === 0 ? 'led' : 'named', trickHistory: HISTORIES[rng(3)]! });
  if (!options.ok) throw new Error(options.error.message);
  let game = newGame(options.value, shuffleDeal(words), rng(3) as Seat);
  while (game.phase !== 'finished' && !(game.phase === 'play' && 10 - game.completedTricks === tricksLeft && game.trick.length === inTrick)) {
    const move = randomMove(game, rng)!;
    const next = applyParsedAction(game, move.seat, move.action);
    if (!next.ok) throw new Error(`bench: a random legal move was refused: ${next.error.message}`);
    game = next.value;
  }
  return game.phase === 'play' ? game : null;
}

function positions(seed: number, count: number): GameState[] {
  const rng = seededRng(seed);
  const found: GameState[] = [];
  while (found.length < count) {
    const game = position(rng, 2 + rng(5), rng(3));
    if (game !== null) found.push(game);
  }
  return found;
}

export interface ClaimFigures {
  decisionP50Ms: number;
  decisionP99Ms: number;
  decisionMaxMs: number;
  decisions: number;
  sureShare: number;
  undecidedShare: number;
}

export function measureClaims(seed = 2026): ClaimFigures {
  // Warm up the JIT on other positions first.
  for (const game of positions(seed + 1, 100)) for (const seat of [0, 1, 2] as Seat[]) applyTurn(game, seat, CLAIM);
  const times: number[] = [];
  let sure = 0;
  let undecided = 0;
  for (const game of positions(seed, POSITIONS)) {
    for (const seat of [0, 1, 2] as Seat[]) {
      const start = performance.now();
      const verdict = applyTurn(game, seat, CLAIM);
      times.push(performance.now() - start);
      if (verdict.ok) sure++;
      else if (verdict.error.message.includes('could not be decided')) undecided++;
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    decisionP50Ms: median(times),
    decisionP99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
    decisionMaxMs: sorted.at(-1)!,
    decisions: times.length,
    sureShare: sure / times.length,
    undecidedShare: undecided / times.length,
  };
}

if (isMain(import.meta.url)) {
  const claims = measureClaims();
  report('claims.decisionP50Ms', claims.decisionP50Ms, 'ms');
  report('claims.decisionP99Ms', claims.decisionP99Ms, 'ms');
  report('claims.decisionMaxMs', claims.decisionMaxMs, 'ms');
  report('claims.sureShare', claims.sureShare * 100, '%');
  report('claims.undecidedShare', claims.undecidedShare * 100, '%');
}
