/**
 * Moves the history of the layout before (full records in D1's `games_v1`) to records in R2
 * and index rows in `games`, a batch at a time (`npm run history:migrate`, POST
 * /api/ops/history/migrate). Each batch writes its records to R2, then in one D1 transaction
 * inserts their index rows and deletes them from `games_v1`. So the rows still to move are
 * the cursor: a batch cut short anywhere is done again by the next (the same objects written
 * again, the index rows inserted once), and nothing is lost or counted twice.
 *
 * Only shard 0 has such rows: tables made before shards keep shard 0 (history/shards.ts).
 */
import type { PublishedGame } from '../published/published.js';
import { putRecord } from './records.js';
import { indexRowOf, INSERT_INDEX_ROW } from './writer.js';

/** The largest batch: its R2 writes and D1 statements stay well inside a request's 1,000 subrequests. */
export const MAX_MIGRATE_BATCH = 200;

interface LegacyRow {
  readonly table_id: string;
  readonly deal_index: number;
  readonly record: string;
}

export interface MigrateStep {
  /** Games moved by this batch. */
  readonly moved: number;
  /** Games still in the old table: 0 when the migration is done. */
  readonly remaining: number;
}

export async function migrateBatch(db: D1Database, records: R2Bucket, limit: number): Promise<MigrateStep> {
  const { results } = await db
    .prepare('SELECT table_id, deal_index, record FROM games_v1 ORDER BY table_id, deal_index LIMIT ?')
    .bind(limit)
    .all<LegacyRow>();
  await Promise.all(results.map((row) => putRecord(records, row.table_id, JSON.parse(row.record) as PublishedGame)));
  if (results.length > 0)
    await db.batch(
      results.flatMap((row) => [
        db.prepare(INSERT_INDEX_ROW).bind(...indexRowOf(row.table_id, JSON.parse(row.record) as PublishedGame)),
        db.prepare('DELETE FROM games_v1 WHERE table_id = ? AND deal_index = ?').bind(row.table_id, row.deal_index),
      ]),
    );
  const left = await db.prepare('SELECT COUNT(*) AS n FROM games_v1').first<{ n: number }>();
  return { moved: results.length, remaining: left?.n ?? 0 };
}
