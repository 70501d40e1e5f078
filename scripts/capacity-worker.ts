/**
 * The Worker of the capacity bench (capacity-bench.ts): inside workerd, it writes synthetic
 * finished games through the real writer (worker/history/writer.ts) into its D1 and R2, or as
 * the layout before did (full records in games_v1), and answers how long that took.
 */
import type { GameRecord } from '../shared/record.js';
import { History } from '../worker/history/writer.js';
import { syntheticGame, tableIdOf } from './capacity-games.js';

interface BenchEnv {
  readonly DB: D1Database;
  readonly RECORDS: R2Bucket;
}

/** Writes in flight at once, as many tables ending games at the same time. */
const CONCURRENCY = 16;

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const from = Number(url.searchParams.get('from'));
    const count = Number(url.searchParams.get('count'));
    const legacy = url.searchParams.get('layout') === 'legacy';
    const models = (await request.json()) as GameRecord[];
    const history = new History(env.DB, env.RECORDS);
    const write = async (i: number) => {
      const game = syntheticGame(models, i);
      const tableId = tableIdOf(i);
      if (!legacy) return history.writeGame({ tableId, game, settlement: game.settlement });
      // The writer before records moved to R2 (git history of worker/history/writer.ts).
      await env.DB.prepare('INSERT INTO games_v1 (table_id, deal_index, game_number, record, settlement, finished_at) VALUES (?, ?, ?, ?, ?, ?)')
        .bind(tableId, game.dealIndex, game.gameNumber, JSON.stringify(game), JSON.stringify(game.settlement), game.finishedAt)
        .run();
    };
    const start = performance.now();
    let next = from;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < from + count) await write(next++);
      }),
    );
    return Response.json({ seconds: (performance.now() - start) / 1000 });
  },
};
