/** The synthetic finished games of the capacity bench (capacity-bench.ts, capacity-worker.ts). */
import type { GameRecord } from '../../shared/record.js';
import type { PublishedGame } from '../../worker/published/published.js';

/** Games per table: a long evening's series. */
export const GAMES_PER_TABLE = 50;

export const tableIdOf = (i: number): string => `t${String(Math.floor(i / GAMES_PER_TABLE)).padStart(15, '0')}`;
const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Game `i`: a model with its own table, deal index, seed, commitment and time, as a table publishes it. */
export function syntheticGame(models: readonly GameRecord[], i: number): PublishedGame {
  const dealIndex = i % GAMES_PER_TABLE;
  return {
    ...models[i % models.length]!,
    gameNumber: dealIndex + 1,
    dealIndex,
    series: 1,
    seed: hex(32),
    commitment: hex(32),
    finishedAt: new Date(Date.UTC(2026, 0, 1) + i * 1_000).toISOString(),
  };
}
