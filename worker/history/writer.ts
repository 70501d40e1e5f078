/**
 * Writes a table's history to D1 and reads it back, in SQL with bound parameters on the
 * tables of schema.ts (drizzle-kit makes the migrations from it; drizzle-orm itself stays out
 * of the Worker, a fifth of its size for these five statements; the worker tests run each
 * against the migrated database). Every write is idempotent, so the outbox may retry it
 * after a failure or run it twice.
 */
import type { Settlement } from '../../shared/settlement.js';
import type { GamesPage, GamesPageRequest } from '../table/games-page.js';
import type { PublishedGame } from '../table/published.js';

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

/** A row of `games` as read: its record, as JSON. */
interface GameRow {
  readonly record: string;
}

export class History {
  constructor(private readonly db: D1Database) {}

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

  async writeGame({ tableId, game, settlement }: GameHistory): Promise<void> {
    await this.db
      .prepare(
        'INSERT INTO games (table_id, deal_index, game_number, record, settlement, finished_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .bind(tableId, game.dealIndex, game.gameNumber, JSON.stringify(game), JSON.stringify(settlement), game.finishedAt)
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
      const { results } = await this.db.prepare('SELECT record FROM games WHERE table_id = ? ORDER BY deal_index').bind(tableId).all<GameRow>();
      return results.map((row) => JSON.parse(row.record) as PublishedGame);
    }
    const { results: rows } = await (
      page.before === undefined
        ? this.db.prepare('SELECT record FROM games WHERE table_id = ? ORDER BY deal_index DESC LIMIT ?').bind(tableId, page.limit + 1)
        : this.db
            .prepare('SELECT record FROM games WHERE table_id = ? AND deal_index < ? ORDER BY deal_index DESC LIMIT ?')
            .bind(tableId, page.before, page.limit + 1)
    ).all<GameRow>();
    const newest = rows
      .slice(0, page.limit)
      .map((row) => JSON.parse(row.record) as PublishedGame)
      .reverse();
    return rows.length > page.limit && newest.length > 0 ? { games: newest, next: newest[0]!.dealIndex } : { games: newest };
  }
}
