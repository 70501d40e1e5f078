/**
 * The history database (D1, one of N shards: shards.ts): tables, their seats (names only,
 * never tokens) and a slim index row per finished game; the game's full record is in R2
 * (records.ts). `games_v1` is the layout before: full records in D1, kept until
 * `npm run history:migrate` has moved them (migrate.ts). Migrations are generated from this file into drizzle/ by
 * `npm run db:generate` (drizzle-kit); writer.ts reads and writes these tables in SQL.
 */
import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const tables = sqliteTable('tables', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The rule options of the table, as JSON. */
  options: text('options').notNull(),
  createdAt: text('created_at').notNull(),
});

export const seats = sqliteTable(
  'seats',
  {
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id),
    seat: integer('seat').notNull(),
    name: text('name').notNull(),
    bot: integer('bot', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seat] })],
);

/**
 * One row per finished game: what finds its record in R2 (table, series, deal: records.ts
 * derives the key) and what a query over many games needs without reading records. Without
 * rowid: the primary key is the row, stored once. About 60 bytes a game (docs/benchmarks.md).
 */
export const games = sqliteTable(
  'games',
  {
    tableId: text('table_id').notNull(),
    /** 0, 1, 2, …: every dealt game of the table in order, redeals included. */
    dealIndex: integer('deal_index').notNull(),
    series: integer('series').notNull(),
    gameNumber: integer('game_number').notNull(),
    /** When the game ended, in ms since 1970 (its record says it as ISO text). */
    finishedAt: integer('finished_at').notNull(),
    /** The declarer's seat; null for a redeal (all passed). */
    declarer: integer('declarer'),
    /** The contract, as its index in LEVELS (shared/actions.ts: 0 for "6" … 6 for mord); null for a redeal. */
    contract: integer('contract'),
    /** What the declarer's balance changed by (negative: lost); null for a redeal. */
    result: integer('result'),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.dealIndex] })],
);

/** The layout before records moved to R2: emptied by `npm run history:migrate` (migrate.ts). */
export const gamesV1 = sqliteTable(
  'games_v1',
  {
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id),
    /** 0, 1, 2, …: every dealt game of the table in order, redeals included. */
    dealIndex: integer('deal_index').notNull(),
    gameNumber: integer('game_number').notNull(),
    /** The complete record (R10.1) with the revealed seed, as JSON. */
    record: text('record').notNull(),
    /** The settlement {payments, pot}, as JSON, for queries that need no full record. */
    settlement: text('settlement').notNull(),
    finishedAt: text('finished_at').notNull(),
    writtenAt: text('written_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.dealIndex] })],
);
