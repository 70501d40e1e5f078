/**
 * `npm run bench:compare -- <git revision>`: the engine now against the engine at an
 * earlier revision, in one process, taking turns, so that both meet the same noise of a
 * shared machine. Prints the medians of each and their ratios as bench lines
 * ({"bench", "value", "unit"}); a ratio of games/s above 1, or of ns/call below 1, means
 * the current engine is faster. ROUNDS sets the number of turns (default 15).
 *
 * The revision is checked out into a temporary git worktree (its shared/ only is used:
 * the engine is pure TypeScript without dependencies) and removed afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Bots from '../../shared/bots.js';
import type * as DealModule from '../../shared/deal.js';
import type * as GameModule from '../../shared/game.js';
import type * as OptionsModule from '../../shared/options.js';
import { median, report } from './bench-line.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const revision = process.argv[2];
if (revision === undefined) {
  console.error('usage: npm run bench:compare -- <git revision>   (e.g. HEAD~3 or a commit id)');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 15);

/** The engine's modules as both revisions have them (only what the benchmark calls). */
interface Engine {
  readonly bots: Pick<typeof Bots, 'randomMove' | 'seededRng'>;
  readonly game: Pick<typeof GameModule, 'applyParsedAction' | 'legalActions' | 'newGame'>;
  readonly options: Pick<typeof OptionsModule, 'validateOptions'>;
}

const load = async (dir: string): Promise<Engine> => ({
  bots: await import(join(dir, 'shared/bots.ts')),
  game: await import(join(dir, 'shared/game.ts')),
  options: await import(join(dir, 'shared/options.ts')),
});

type State = GameModule.GameState;

/** The same measurements as scripts/bench/bench.ts, for one engine. */
function runner(engine: Engine, deals: readonly DealModule.Deal[]) {
  const options = engine.options.validateOptions({ knock: true, tenTrickBid: true });
  if (!options.ok) throw new Error(options.error.message);
  const rng = engine.bots.seededRng(2026);
  const play = (deal: DealModule.Deal, visit?: (game: State) => void): void => {
    let game = engine.game.newGame(options.value, deal, 0);
    for (;;) {
      visit?.(game);
      const move = engine.bots.randomMove(game, rng);
      if (move === null) return;
      const next = engine.game.applyParsedAction(game, move.seat, move.action);
      if (!next.ok) throw new Error(`a random legal move was refused: ${next.error.message}`);
      game = next.value;
    }
  };
  for (let i = 0; i < 20_000; i++) play(deals[i % deals.length]!); // warm up the JIT
  const states: { game: State; seat: GameModule.GameState['dealer'] }[] = [];
  for (let i = 0; states.length < 4096; i++) {
    play(deals[i % deals.length]!, (game) => {
      const seat = game.turn >= 0 ? (game.turn as 0 | 1 | 2) : (([0, 1, 2] as const).find((s) => engine.game.legalActions(game, s).length > 0) ?? 0);
      if (states.length < 4096) states.push({ game, seat });
    });
  }
  let next = 0;
  let sink = 0;
  return {
    gamesPerSecond(ms: number): number {
      const start = performance.now();
      let games = 0;
      while (performance.now() - start < ms) {
        for (let i = 0; i < 200; i++) play(deals[next++ % deals.length]!);
        games += 200;
      }
      return games / ((performance.now() - start) / 1000);
    },
    legalActionsNs(ms: number): number {
      const start = performance.now();
      let calls = 0;
      while (performance.now() - start < ms) {
        for (const { game, seat } of states) sink += engine.game.legalActions(game, seat).length;
        calls += states.length;
      }
      return ((performance.now() - start) * 1e6) / calls;
    },
    get sink() {
      return sink;
    },
  };
}

const worktree = mkdtempSync(join(tmpdir(), 'wallachen-baseline-'));
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '--force', worktree, revision], { stdio: 'ignore' });
  const { shuffleDeal } = (await import('../../shared/deal.js')) as typeof DealModule;
  const deals = Array.from({ length: 1024 }, () => shuffleDeal());
  const runners = { baseline: runner(await load(worktree), deals), current: runner(await load(root), deals) };
  const figures = { baseline: { games: [] as number[], legal: [] as number[] }, current: { games: [] as number[], legal: [] as number[] } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const)) {
      figures[name].games.push(runners[name].gamesPerSecond(500));
      figures[name].legal.push(runners[name].legalActionsNs(300));
    }
  }
  report('engine.compare.baselineRandomGames', median(figures.baseline.games), `games/s at ${revision}`);
  report('engine.compare.currentRandomGames', median(figures.current.games), 'games/s');
  report('engine.compare.randomGamesRatio', median(figures.current.games) / median(figures.baseline.games), 'current/baseline (above 1: faster now)');
  report('engine.compare.baselineLegalActions', median(figures.baseline.legal), `ns/call at ${revision}`);
  report('engine.compare.currentLegalActions', median(figures.current.legal), 'ns/call');
  report(
    'engine.compare.legalActionsRatio',
    median(figures.current.legal) / median(figures.baseline.legal),
    'current/baseline (below 1: faster now)',
  );
  if (runners.baseline.sink + runners.current.sink === 42) console.error(''); // keeps the measured calls from being optimised away
} finally {
  execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  rmSync(worktree, { recursive: true, force: true });
}
