/**
 * Writes a table's history to D1 (drizzle-orm) and reads it back. Every write is
 * idempotent, so the outbox may retry it after a failure or run it twice.
 */
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { Settlement } from '../../shared/settlement.js';
import { games, seats, tables } from './schema.js';
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
  readonly settlement: Settlement;
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

  /** The table's finished games, oldest first. */
  async games(tableId: string): Promise<PublishedGame[]> {
    const rows = await this.db.select({ record: games.record }).from(games).where(eq(games.tableId, tableId)).orderBy(asc(games.dealIndex));
    return rows.map((row) => JSON.parse(row.record) as PublishedGame);
  }
}
