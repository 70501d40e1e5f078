/**
 * `npm run bench:engine`: the engine's quick figures (random games, legal moves, shuffles) and
 * the handling of one reply by mail, one JSON line per figure, {"bench", "value", "unit"}, on
 * one core in this process, in about a minute; benchmarks are not tests. The long figures
 * have scripts of their own (`npm run bench:solver`, `bench:claims`, `bench:bots`), and
 * `npm run bench` runs them all, then the server's (docs/benchmarks.md).
 */
import { randomMove, seededRng } from '../../shared/bots.js';
import { shuffleDeal, type Deal } from '../../shared/deal.js';
import { applyParsedAction, legalActions, legalPlayCards, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat, type TableOptions } from '../../shared/options.js';
import { report } from './bench-line.js';
import { measureReplyHandling } from './mail-bench.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function optionsOf(given: Partial<TableOptions>): TableOptions {
  const result = validateOptions(given);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Runs `body` in batches for about `seconds`; returns calls per second. */
function rate(seconds: number, body: () => number): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    calls += body();
    elapsed = performance.now() - start;
  }
  return calls / (elapsed / 1000);
}

const deals: Deal[] = Array.from({ length: 1024 }, () => shuffleDeal());
const rng = seededRng(2026);
// Default options, plus the ones that make games longer or branchier.
const options = optionsOf({ knock: true, tenTrickBid: true });

/** One complete random game: doubling, auction, discard, declare, play, settlement. */
function playRandomGame(deal: Deal, visit?: (game: GameState) => void): GameState {
  let game = newGame(options, deal, 0);
  for (;;) {
    visit?.(game);
    const move = randomMove(game, rng);
    if (move === null) return game;
    const next = applyParsedAction(game, move.seat, move.action);
    if (!next.ok) throw new Error(`bench: a random legal move was refused: ${next.error.message}`);
    game = next.value;
  }
}

// Warm up the JIT before measuring.
for (let i = 0; i < 20_000; i++) playRandomGame(deals[i % deals.length]!);

let dealIndex = 0;
report(
  'engine.randomGames',
  rate(SECONDS, () => {
    for (let i = 0; i < 1000; i++) playRandomGame(deals[dealIndex++ & 1023]!);
    return 1000;
  }),
  'games/s',
);

// Sample states from random games, then time legalActions for the seat to act.
const states: { game: GameState; seat: Seat }[] = [];
for (let i = 0; states.length < 4096; i++) {
  playRandomGame(deals[i & 1023]!, (game) => {
    const seat = game.turn >= 0 ? (game.turn as Seat) : (([0, 1, 2] as Seat[]).find((s) => legalActions(game, s).length > 0) ?? 0);
    if (states.length < 4096) states.push({ game, seat });
  });
}
let sink = 0;
const perSecond = rate(SECONDS, () => {
  for (const { game, seat } of states) sink += legalActions(game, seat).length;
  return states.length;
});
report('engine.legalActions', 1e9 / perSecond, 'ns/call');

const playStates = states.filter(({ game }) => game.phase === 'play');
const cardsPerSecond = rate(SECONDS, () => {
  for (const { game } of playStates) sink += legalPlayCards(game);
  return playStates.length;
});
report('engine.legalPlayCards', 1e9 / cardsPerSecond, 'ns/call');

report(
  'engine.shuffleDeal',
  rate(SECONDS, () => {
    for (let i = 0; i < 1000; i++) sink += shuffleDeal().stock.length;
    return 1000;
  }),
  'deals/s',
);

if (sink === 42) console.error(''); // keeps the measured calls from being optimised away

// ---------------------------------------------------------------- incoming mail (issue 26): one move by reply, parsed and applied
const replies = await measureReplyHandling();
report('mail.replyHandleMs', replies.medianMs, 'ms');
console.error(`mail: a reply of ${replies.bytes} bytes; p99 ${replies.p99Ms.toFixed(3)} ms`);
