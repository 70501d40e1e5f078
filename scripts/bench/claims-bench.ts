/**
 * `npm run bench:claims` (and part of `npm run bench`), R7.12: claims as players make them.
 *
 * 1. The time to decide a claim, from the game to the verdict as the server and a record's
 *    replay run it (applyTurn: the claiming seat's view of all it has seen, then the search),
 *    over positions of real games: three easy bots play games through, and at every card of
 *    every trick (1–10) each seat claims. At least 100,000 claims: p50, p99 and the slowest,
 *    how many were not decided (a verdict other than sure or not sure: there is none), and the
 *    share accepted at each trick.
 * 2. How early a table of bots ends: the same bots, now claiming as soon as their claim would
 *    be accepted (chooseAction), and how many tricks each game was spared.
 */
import { CLAIM, type Action } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { easyAction } from '../../shared/bots/easy.js';
import { chooseAction } from '../../shared/bots/index.js';
import { applyTurn, CLAIM_REFUSALS, claimAnswer, claimerView, refusedClaim } from '../../shared/claims.js';
import { shuffleDeal, type RandomSource } from '../../shared/deal.js';
import { applyParsedAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat } from '../../shared/options.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import { isMain, median, report } from './bench-line.js';

const MIN_CLAIMS = 100_000;
const BOT_GAMES = 2_000;
const HISTORIES = ['last', 'all', 'opponents'] as const;

const wordsOf =
  (rng: Rng): RandomSource =>
  (out) => {
    for (let i = 0; i < out.length; i++) out[i] = rng(0x1_0000_0000);
    return out;
  };

const viewFor = (game: GameState, seat: Seat): SeriesView =>
  viewOf({ options: game.options, status: 'playing', balances: [0, 0, 0], pot: 0, potPaidBack: 0, game }, seat)!;

/** A new game under the table options players meet (kontra on, trump led or named, every trick history). */
function dealGame(rng: Rng): GameState {
  const options = validateOptions({ trump: rng(2) === 0 ? 'led' : 'named', trickHistory: HISTORIES[rng(3)]! });
  if (!options.ok) throw new Error(options.error.message);
  return newGame(options.value, shuffleDeal(wordsOf(rng)), rng(3) as Seat);
}

/**
 * Plays `game` to its end: each seat's move chosen by `choose` from all its views so far (the
 * doubling's simultaneous decisions at random); `onPosition` is called before every card.
 */
function playThrough(game: GameState, rng: Rng, choose: (views: SeriesView[]) => Action | null, onPosition: (game: GameState) => void): GameState {
  const memories: SeriesView[][] = [[], [], []];
  while (game.phase !== 'finished') {
    for (const seat of [0, 1, 2] as Seat[]) memories[seat]!.push(viewFor(game, seat));
    if (game.phase === 'play' && !game.awaitingRe) onPosition(game);
    let seat: Seat;
    let action: Action;
    if (game.turn < 0) ({ seat, action } = randomMove(game, rng)!);
    else {
      seat = game.turn as Seat;
      action = choose(memories[seat]!) ?? randomMove(game, rng)!.action;
    }
    const next = action.type === 'claim' ? applyTurn(game, seat, action) : applyParsedAction(game, seat, action);
    if (!next.ok) throw new Error(`bench: a bot's move was refused: ${next.error.message}`);
    game = next.value;
  }
  return game;
}

export interface ClaimFigures {
  decisions: number;
  /** Wall-clock time of a decision: on a busy machine, other processes' turns are in it. */
  decisionP50Ms: number;
  decisionP99Ms: number;
  decisionMaxMs: number;
  /** The CPU time of a decision (process.cpuUsage, microseconds): what a Worker is billed for. */
  cpuP50Ms: number;
  cpuP99Ms: number;
  cpuMaxMs: number;
  /** Positions the search visited for the decision slowest in CPU, and the most of any. */
  slowestNodes: number;
  maxNodes: number;
  largestSearchMs: number;
  undecided: number;
  /** Per trick 1–10: the share of claims accepted. */
  acceptedShareByTrick: number[];
}

export function measureClaims(seed = 2026): ClaimFigures {
  const rng = seededRng(seed);
  // Warm up the JIT on other games first.
  for (let i = 0; i < 30; i++)
    playThrough(
      dealGame(rng),
      rng,
      (views) => easyAction({ views }),
      (g) => [0, 1, 2].forEach((s) => applyTurn(g, s, CLAIM)),
    );
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let slowest: { ms: number; game: GameState; seat: Seat } | null = null;
  const asked = Array<number>(11).fill(0);
  const accepted = Array<number>(11).fill(0);
  let undecided = 0;
  let maxNodes = 0;
  let largest: { game: GameState; seat: Seat } | null = null;
  while (times.length < MIN_CLAIMS) {
    playThrough(
      dealGame(rng),
      rng,
      (views) => easyAction({ views }),
      (game) => {
        const trick = game.completedTricks + 1;
        for (const seat of [0, 1, 2] as Seat[]) {
          const start = performance.now();
          const cpuStart = process.cpuUsage();
          const verdict = applyTurn(game, seat, CLAIM);
          const cpu = process.cpuUsage(cpuStart);
          times.push(performance.now() - start);
          cpuTimes.push((cpu.user + cpu.system) / 1000);
          if (slowest === null || cpuTimes.at(-1)! > slowest.ms) slowest = { ms: cpuTimes.at(-1)!, game, seat };
          asked[trick]!++;
          const judged = claimAnswer({ views: [claimerView(game, seat)] });
          if ('nodes' in judged && judged.nodes > maxNodes) {
            maxNodes = judged.nodes;
            largest = { game, seat };
          }
          if (verdict.ok && refusedClaim(verdict.value) === null) accepted[trick]!++;
          else if (!(verdict.ok || verdict.error.message === CLAIM_REFUSALS.again)) undecided++;
        }
      },
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  const cpuSorted = [...cpuTimes].sort((a, b) => a - b);
  const again = claimAnswer({ views: [claimerView(slowest!.game, slowest!.seat)] });
  return {
    decisions: times.length,
    decisionP50Ms: median(times),
    decisionP99Ms: sorted[Math.floor(sorted.length * 0.99)]!,
    decisionMaxMs: sorted.at(-1)!,
    cpuP50Ms: median(cpuTimes),
    cpuP99Ms: cpuSorted[Math.floor(cpuSorted.length * 0.99)]!,
    cpuMaxMs: cpuSorted.at(-1)!,
    slowestNodes: 'nodes' in again ? again.nodes : 0,
    maxNodes,
    // The largest search again, five times: its least CPU time is its own cost, without a pause of the collector or another process.
    largestSearchMs: Math.min(
      ...Array.from({ length: 5 }, () => {
        const cpuStart = process.cpuUsage();
        applyTurn(largest!.game, largest!.seat, CLAIM);
        const cpu = process.cpuUsage(cpuStart);
        return (cpu.user + cpu.system) / 1000;
      }),
    ),
    undecided,
    acceptedShareByTrick: accepted.slice(1).map((n, i) => n / Math.max(1, asked[i + 1]!)),
  };
}

/** Games of three easy bots that claim as soon as they may: the share ended by a claim, and the tricks each game was spared on average. */
export function measureBotClaims(seed = 2027): { claimedShare: number; tricksSpared: number; games: number } {
  const rng = seededRng(seed);
  let played = 0;
  let claimed = 0;
  let spared = 0;
  for (let i = 0; i < BOT_GAMES; i++) {
    const end = playThrough(
      dealGame(rng),
      rng,
      (views) => chooseAction('easy', { views }, rng),
      () => {},
    );
    if (end.outcome?.kind !== 'contract') continue;
    played++;
    const last = end.log!;
    if (last.action.type === 'claim' && last.refused !== true) {
      claimed++;
      spared += 10 - end.completedTricks;
    }
  }
  return { claimedShare: claimed / played, tricksSpared: spared / played, games: played };
}

if (isMain(import.meta.url)) {
  const claims = measureClaims();
  report('claims.decisions', claims.decisions, 'claims');
  report('claims.decisionP50Ms', claims.decisionP50Ms, 'ms');
  report('claims.decisionP99Ms', claims.decisionP99Ms, 'ms');
  report('claims.decisionMaxMs', claims.decisionMaxMs, 'ms');
  report('claims.cpuP50Ms', claims.cpuP50Ms, 'ms');
  report('claims.cpuP99Ms', claims.cpuP99Ms, 'ms');
  report('claims.cpuMaxMs', claims.cpuMaxMs, 'ms');
  report('claims.slowestNodes', claims.slowestNodes, 'positions');
  report('claims.maxNodes', claims.maxNodes, 'positions');
  report('claims.largestSearchCpuMs', claims.largestSearchMs, 'ms');
  report('claims.undecided', claims.undecided, 'claims');
  claims.acceptedShareByTrick.forEach((share, i) => report(`claims.acceptedShare.trick${i + 1}`, share * 100, '%'));
  const bots = measureBotClaims();
  report('claims.botGamesEndedByClaim', bots.claimedShare * 100, '%');
  report('claims.botTricksSparedPerGame', bots.tricksSpared, 'tricks');
}
