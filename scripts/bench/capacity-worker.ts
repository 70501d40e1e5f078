/**
 * The Worker of the capacity bench (capacity-bench.ts): inside workerd, it writes synthetic
 * finished games through the real writer (worker/history/writer.ts) into its D1 and R2, or as
 * the layout before did (full records in games_v1), and answers how long that took.
 */
import type { GameRecord } from '../../shared/record.js';
import { History } from '../../worker/history/writer.js';
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
    const layout = url.searchParams.get('layout');
    const legacy = layout === 'legacy';
    if (layout === 'tables') {
      // The tables' rows of games [from, from + count) (the layout before refers to them).
      const ids = new Set(Array.from({ length: count }, (_, i) => tableIdOf(from + i)));
      const insert = "INSERT OR IGNORE INTO tables (id, name, options, created_at) VALUES (?, 'Bench', '{}', '2026-01-01T00:00:00.000Z')";
      await env.DB.batch([...ids].map((id) => env.DB.prepare(insert).bind(id)));
      return Response.json({ seconds: 0 });
    }
    const models = (await request.json()) as GameRecord[];
    const history = new History(env.DB, env.RECORDS);
    const write = async (i: number) => {
      const game = syntheticGame(models, i);
      const tableId = tableIdOf(i);
      if (!legacy) return history.writeGame({ tableId, game, settlement: game.settlement });
      // The writer before records moved to R2 (git history of worker/history/writer.ts); OR IGNORE as its ON CONFLICT DO NOTHING.
      await env.DB.prepare(
        'INSERT OR IGNORE INTO games_v1 (table_id, deal_index, game_number, record, settlement, finished_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
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
