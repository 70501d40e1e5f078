/**
 * Writes a table's history to D1 (drizzle-orm) and reads it back. Every write is
 * idempotent, so the outbox may retry it after a failure or run it twice.
 */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { Settlement } from '../../shared/settlement.js';
import { games, seats, tables } from './schema.js';
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

export class History {
  private readonly db;

  constructor(d1: D1Database) {
    this.db = drizzle(d1);
  }

  async writeTable(table: TableHistory): Promise<void> {
    await this.db.batch([
      this.db
        .insert(tables)
        .values({ id: table.id, name: table.name, options: JSON.stringify(table.options), createdAt: table.createdAt })
        .onConflictDoNothing(),
      this.db
        .insert(seats)
        .values(table.seats.map((s) => ({ tableId: table.id, seat: s.seat, name: s.name, bot: s.bot })))
        .onConflictDoNothing(),
    ]);
  }

  async writeGame({ tableId, game, settlement }: GameHistory): Promise<void> {
    await this.db
      .insert(games)
      .values({
        tableId,
        dealIndex: game.dealIndex,
        gameNumber: game.gameNumber,
        record: JSON.stringify(game),
        settlement: JSON.stringify(settlement),
        finishedAt: game.finishedAt,
      })
      .onConflictDoNothing();
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
      const rows = await this.db.select({ record: games.record }).from(games).where(eq(games.tableId, tableId)).orderBy(asc(games.dealIndex));
      return rows.map((row) => JSON.parse(row.record) as PublishedGame);
    }
    const rows = await this.db
      .select({ record: games.record })
      .from(games)
      .where(page.before === undefined ? eq(games.tableId, tableId) : and(eq(games.tableId, tableId), lt(games.dealIndex, page.before)))
      .orderBy(desc(games.dealIndex))
      .limit(page.limit + 1);
    const newest = rows
      .slice(0, page.limit)
      .map((row) => JSON.parse(row.record) as PublishedGame)
      .reverse();
    return rows.length > page.limit && newest.length > 0 ? { games: newest, next: newest[0]!.dealIndex } : { games: newest };
  }
}
