/**
 * The history database (D1): tables, their seats (names only, never tokens) and finished
 * games with their full records. Migrations are generated from this file into drizzle/ by
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

export const games = sqliteTable(
  'games',
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
