/**
 * The bots' paired bench (issue 27), `npm run bench:bots`, part of `npm run bench`.
 *
 * Deal i comes from its own seed; its dealer is i mod 3 and the tested seat ⌊i/3⌋ mod 3, so
 * over every 9 deals the tested seat sits once in each position relative to each dealer.
 * Every configuration plays the same deals from the same tested seat (paired), and every
 * bot decides from its own seeded source (one per deal, seat and bot), so that no
 * configuration's choices change another's deals or draws.
 *
 * The omniscient bot, built here and nowhere in the product, is the strong bot with its
 * sampled worlds replaced by the one true deal: the most the strong bot's way of deciding
 * could win. A bot's margin is what it earns in the tested seat minus what an easy bot earns
 * there on the same deal; `bots.strengthRatio` is the strong bot's margin over the
 * omniscient bot's, its standard error by the delta method over the paired deals.
 */
import { seededRng, type Rng } from '../../shared/bots.js';
import { chooseAction, type BotLevel } from '../../shared/bots/index.js';
import { playDeal, randomAction, randomSource, type SeatPlayer } from '../../shared/bots/selfplay.js';
import { sampledWorlds, strongAction } from '../../shared/bots/strong.js';
import type { Decision, WorldSource } from '../../shared/bots/worlds.js';
import { shuffleDeal } from '../../shared/deal.js';
import type { GameState } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import { startSeries } from '../../shared/series.js';
import { isMain, report } from './bench-line.js';

export type BenchPlayer = BotLevel | 'omniscient' | 'random';

/** A seed for what names one stream of random numbers (FNV-1a), so that streams never overlap by accident. */
function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('/')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** The deal, dealer and tested seat of paired deal `i`. */
export function pairedDeal(i: number) {
  return {
    deal: shuffleDeal(randomSource(seededRng(seedOf('deal', i)))),
    dealer: (i % 3) as Seat,
    tested: (Math.floor(i / 3) % 3) as Seat,
  };
}

/** The omniscient bot's worlds: the true game alone for the decisions in `truthFor`, sampled ones for the others (to tell where the gap is). */
const truthSource =
  (truthFor: ReadonlySet<Decision> | 'all', truth: GameState): WorldSource =>
  (decision, k, count, rng) =>
    truthFor === 'all' || truthFor.has(decision) ? [truth] : sampledWorlds(decision, k, count, rng);

/** A seat's player, deciding from its own seeded source; `cpuMs` collects the CPU time of each strong decision. */
function seatPlayer(player: BenchPlayer, rng: Rng, truthFor: ReadonlySet<Decision> | 'all', cpuMs?: number[]): SeatPlayer {
  if (player === 'random') return (views) => randomAction(views.at(-1)!, rng);
  if (player === 'easy') return (views) => chooseAction('easy', { views }, rng);
  return (views, truth) => {
    const start = cpuMs === undefined ? 0 : cpuMsNow();
    const action = strongAction({ views }, rng, player === 'omniscient' ? truthSource(truthFor, truth) : sampledWorlds);
    cpuMs?.push(cpuMsNow() - start);
    return action;
  };
}

/**
 * The process's CPU time in ms: not the wall clock, which counts the other work of a shared
 * machine. (process.threadCpuUsage advances here in steps of milliseconds; this counts
 * microseconds, and V8's helper threads with it, so it errs on the high side.)
 */
const cpuMsNow = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** What the tested seat was paid on paired deal `i` with `player` there and `others` in the other two seats. */
export function testedPayment(
  i: number,
  player: BenchPlayer,
  others: BenchPlayer,
  truthFor: ReadonlySet<Decision> | 'all' = 'all',
  cpuMs?: number[],
): number {
  const { deal, dealer, tested } = pairedDeal(i);
  const series = startSeries({ games: 1, firstDealer: dealer });
  if (!series.ok) throw new Error(series.error.message);
  const players = ([0, 1, 2] as Seat[]).map((seat) => {
    const who = seat === tested ? player : others;
    return seatPlayer(who, seededRng(seedOf(who, i, seat)), truthFor, seat === tested ? cpuMs : undefined);
  }) as [SeatPlayer, SeatPlayer, SeatPlayer];
  const end = playDeal(series.value, deal, players);
  return end.game!.outcome!.settlement.payments[tested];
}

export interface Estimate {
  readonly mean: number;
  readonly stdError: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

export function estimate(xs: readonly number[]): Estimate {
  const m = mean(xs);
  const variance = xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1);
  return { mean: m, stdError: Math.sqrt(variance / xs.length) };
}

/** The ratio of the means of two paired samples, with its standard error by the delta method. */
export function ratio(numerator: readonly number[], denominator: readonly number[]): Estimate {
  const r = mean(numerator) / mean(denominator);
  const residual = numerator.map((x, i) => x - r * denominator[i]!);
  return { mean: r, stdError: estimate(residual).stdError / Math.abs(mean(denominator)) };
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

export interface BotFigures {
  readonly deals: number;
  readonly easyVsEasy: Estimate;
  readonly strongVsEasy: Estimate;
  readonly omniscientVsEasy: Estimate;
  readonly strongVsStrong: Estimate;
  readonly strongVsRandom: Estimate;
  readonly strongMargin: Estimate;
  readonly omniscientMargin: Estimate;
  readonly strengthRatio: Estimate;
  /** With BENCH_BOTS_TRUTH: the strong bot given the truth for those decisions only, its margin and its share of the omniscient margin. */
  readonly partial: { readonly margin: Estimate; readonly ratio: Estimate } | null;
  readonly decisionCpuMsP50: number;
  readonly decisionCpuMsP99: number;
  readonly decisions: number;
  readonly seconds: number;
}

/**
 * Plays `deals` paired deals in every configuration, deal by deal (so that a slow stretch of
 * the shared machine falls on all alike); `progress` is told after each deal.
 */
export function measureBots(
  deals: number,
  truthFor: ReadonlySet<Decision> | null,
  progress?: (done: number) => void,
  /** For quick looks while developing: the first deal, and whether to leave out strong vs strong and vs random. */
  { first = 0, pairedOnly = false } = {},
): BotFigures {
  const started = performance.now();
  const rows = { easy: [] as number[], strong: [] as number[], omniscient: [] as number[], strongAll: [] as number[], random: [] as number[] };
  const partial: number[] = [];
  const cpuMs: number[] = [];
  for (let i = first; i < first + deals; i++) {
    const easy = testedPayment(i, 'easy', 'easy');
    rows.easy.push(easy);
    rows.strong.push(testedPayment(i, 'strong', 'easy', 'all', cpuMs));
    rows.omniscient.push(testedPayment(i, 'omniscient', 'easy'));
    if (!pairedOnly) rows.strongAll.push(testedPayment(i, 'strong', 'strong'));
    if (!pairedOnly) rows.random.push(testedPayment(i, 'strong', 'random'));
    if (truthFor !== null) partial.push(testedPayment(i, 'omniscient', 'easy', truthFor) - easy);
    progress?.(i + 1 - first);
  }
  const strongMargin = rows.strong.map((x, i) => x - rows.easy[i]!);
  const omniscientMargin = rows.omniscient.map((x, i) => x - rows.easy[i]!);
  cpuMs.sort((a, b) => a - b);
  return {
    deals,
    easyVsEasy: estimate(rows.easy),
    strongVsEasy: estimate(rows.strong),
    omniscientVsEasy: estimate(rows.omniscient),
    strongVsStrong: estimate(rows.strongAll.length === 0 ? [NaN] : rows.strongAll),
    strongVsRandom: estimate(rows.random.length === 0 ? [NaN] : rows.random),
    strongMargin: estimate(strongMargin),
    omniscientMargin: estimate(omniscientMargin),
    strengthRatio: ratio(strongMargin, omniscientMargin),
    partial: truthFor === null ? null : { margin: estimate(partial), ratio: ratio(partial, omniscientMargin) },
    decisionCpuMsP50: quantile(cpuMs, 0.5),
    decisionCpuMsP99: quantile(cpuMs, 0.99),
    decisions: cpuMs.length,
    seconds: (performance.now() - started) / 1000,
  };
}

const DECISIONS: readonly Decision[] = ['bid', 'discard', 'declare', 'kontra', 're', 'play'];

/** Reads BENCH_BOTS_TRUTH, a comma-separated list of decisions ("" or unset: none). */
export function truthFromEnv(value: string | undefined): ReadonlySet<Decision> | null {
  if (value === undefined || value.trim() === '') return null;
  const names = value.split(',').map((name) => name.trim());
  for (const name of names)
    if (!DECISIONS.includes(name as Decision)) throw new Error(`BENCH_BOTS_TRUTH: "${name}" is none of ${DECISIONS.join(', ')}`);
  return new Set(names as Decision[]);
}

/** Measures and prints the bots' figures as bench lines, each estimate followed by its standard error; progress goes to stderr. */
export function reportBots(deals: number, truthFor: ReadonlySet<Decision> | null): void {
  const start = performance.now();
  const figures = measureBots(deals, truthFor, (done) => {
    if (done % 50 === 0 || done === deals) console.error(`bots: ${done}/${deals} paired deals, ${Math.round((performance.now() - start) / 1000)} s`);
  });
  const estimateLines = (name: string, e: Estimate, unit: string) => {
    report(name, e.mean, unit);
    report(`${name}.stdError`, e.stdError, unit);
  };
  report('bots.deals', figures.deals, 'paired deals');
  estimateLines('bots.easyVsEasy', figures.easyVsEasy, 'per game');
  estimateLines('bots.strongVsEasy', figures.strongVsEasy, 'per game');
  estimateLines('bots.omniscientVsEasy', figures.omniscientVsEasy, 'per game');
  estimateLines('bots.strongVsStrong', figures.strongVsStrong, 'per game');
  estimateLines('bots.strongVsRandom', figures.strongVsRandom, 'per game');
  estimateLines('bots.strongMargin', figures.strongMargin, 'per game');
  estimateLines('bots.omniscientMargin', figures.omniscientMargin, 'per game');
  estimateLines('bots.strengthRatio', figures.strengthRatio, 'ratio');
  if (figures.partial !== null) {
    estimateLines('bots.partialTruthMargin', figures.partial.margin, 'per game');
    estimateLines('bots.partialTruthRatio', figures.partial.ratio, 'ratio');
  }
  report('bots.strongDecisionMsP50', figures.decisionCpuMsP50, 'ms CPU');
  report('bots.strongDecisionMsP99', figures.decisionCpuMsP99, 'ms CPU');
  report('bots.strongDecisions', figures.decisions, 'decisions');
  report('bots.benchSeconds', figures.seconds, 's');
}

if (isMain(import.meta.url)) {
  reportBots(Number(process.env.BENCH_BOT_DEALS ?? 2000), truthFromEnv(process.env.BENCH_BOTS_TRUTH));
}
