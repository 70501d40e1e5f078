/**
 * Writes a table's history and reads it back: the table and its seats in D1, each finished
 * game's record in R2 (records.ts) with a slim index row in D1, in SQL with bound parameters
 * on the tables of schema.ts (drizzle-kit makes the migrations from it; drizzle-orm itself stays out
 * of the Worker, a fifth of its size for these five statements; the worker tests run each
 * against the migrated database). Every write is idempotent, so the outbox may retry it
 * after a failure or run it twice.
 */
import { LEVELS } from '../../shared/actions.js';
import type { Settlement } from '../../shared/settlement.js';
import type { GamesPage, GamesPageRequest } from '../published/games-page.js';
import type { PublishedGame } from '../published/published.js';
import { getRecord, putRecord, recordKey } from './records.js';

export interface TableHistory {
  readonly id: string;
  readonly name: string;
  readonly options: unknown;
  readonly createdAt: string;
  readonly seats: readonly { readonly seat: number; readonly name: string; readonly bot: boolean }[];
}

export interface GameHistory {
  readonly tableId: string;
  readonly game: PublishedGame;
  readonly settlement: Settlement | null;
}

/** What a row of `games` says of where the record is. */
interface IndexRow {
  readonly deal_index: number;
  readonly series: number;
}

/** The index row of a finished game (schema.ts `games`), in its columns' order. */
export function indexRowOf(
  tableId: string,
  game: PublishedGame,
): [string, number, number, number, number, number | null, number | null, number | null] {
  const declarer = game.declarer;
  const result = declarer === null ? null : (game.settlement?.payments[declarer] ?? null);
  return [
    tableId,
    game.dealIndex,
    game.series ?? 1,
    game.gameNumber,
    Date.parse(game.finishedAt),
    declarer,
    game.contract === null ? null : LEVELS.indexOf(game.contract),
    result,
  ];
}

export const INSERT_INDEX_ROW =
  'INSERT INTO games (table_id, deal_index, series, game_number, finished_at, declarer, contract, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';

export class History {
  /** `db`: the table's shard (shards.ts), or how to find it once the table is known. */
  constructor(
    private readonly shard: D1Database | (() => D1Database),
    private readonly records: R2Bucket,
  ) {}

  private get db(): D1Database {
    return typeof this.shard === 'function' ? this.shard() : this.shard;
  }

  async writeTable(table: TableHistory): Promise<void> {
    await this.db.batch([
      this.db
        .prepare('INSERT INTO tables (id, name, options, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(table.id, table.name, JSON.stringify(table.options), table.createdAt),
      ...table.seats.map((s) =>
        this.db
          .prepare('INSERT INTO seats (table_id, seat, name, bot) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
          .bind(table.id, s.seat, s.name, s.bot ? 1 : 0),
      ),
    ]);
  }

  /**
   * The record to R2 first, then its index row: a reader finds a game by its row only, so a
   * crash between the two leaves nothing half-visible, and the retry writes the same object
   * again (same key, same bytes) and the row once (ON CONFLICT DO NOTHING).
   */
  async writeGame({ tableId, game }: GameHistory): Promise<void> {
    await putRecord(this.records, tableId, game);
    await this.db
      .prepare(INSERT_INDEX_ROW)
      .bind(...indexRowOf(tableId, game))
      .run();
  }

  /** The table's finished games written so far, oldest first. */
  async games(tableId: string): Promise<PublishedGame[]>;
  /**
   * One page of them (games-page.ts): the `limit` newest with a dealIndex below `before`,
   * oldest first, read as limit + 1 rows, the one more telling whether older ones remain
   * (`next`). Only what D1 holds: the table fills in what is still in its outbox (pageOfGames).
   */
  async games(tableId: string, page: GamesPageRequest): Promise<GamesPage>;
  async games(tableId: string, page?: GamesPageRequest): Promise<PublishedGame[] | GamesPage> {
    if (page === undefined) {
      const { results } = await this.db
        .prepare('SELECT deal_index, series FROM games WHERE table_id = ? ORDER BY deal_index')
        .bind(tableId)
        .all<IndexRow>();
      return this.recordsOf(tableId, results);
    }
    const { results: rows } = await (
      page.before === undefined
        ? this.db.prepare('SELECT deal_index, series FROM games WHERE table_id = ? ORDER BY deal_index DESC LIMIT ?').bind(tableId, page.limit + 1)
        : this.db
            .prepare('SELECT deal_index, series FROM games WHERE table_id = ? AND deal_index < ? ORDER BY deal_index DESC LIMIT ?')
            .bind(tableId, page.before, page.limit + 1)
    ).all<IndexRow>();
    const newest = rows.slice(0, page.limit).reverse();
    const games = await this.recordsOf(tableId, newest);
    return rows.length > page.limit && newest.length > 0 ? { games, next: newest[0]!.deal_index } : { games };
  }

  /** The records of `rows`, read from R2 together, in their order; one R2 lacks is left out (the table fills it in: games-page.ts). */
  private async recordsOf(tableId: string, rows: readonly IndexRow[]): Promise<PublishedGame[]> {
    const games = await Promise.all(rows.map((row) => getRecord(this.records, recordKey(tableId, row.series, row.deal_index))));
    return games.filter((game) => game !== null);
  }
}
