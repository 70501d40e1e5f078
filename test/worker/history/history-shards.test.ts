/**
 * The history over two D1 databases (HISTORY_SHARDS = 2, bindings DB and DB_1: the
 * "worker-history" project of vitest.config.ts): a table's shard is chosen when it is made and
 * kept with it; its table row, index rows and reads go to that shard only.
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { putRecord } from '../../../worker/history/records.js';
import { historyDatabase, shardForNewTable } from '../../../worker/history/shards.js';
import { createTable, eventually, games, handMade, playActions, tableFor, tableStub, type CreatedTable } from '../support.js';

const RECORD = handMade('03-bettel-won');
const shards = [historyDatabase(env, 0), historyDatabase(env, 1)] as const;

const storedShard = (table: CreatedTable) =>
  runInDurableObject(
    tableStub(table.tableId),
    (_i, state) => state.storage.sql.exec<{ history_shard: number | null }>('SELECT history_shard FROM settings').one().history_shard,
  );

/** Where the table's rows are: [rows in DB, rows in DB_1], of `tables` and of `games`. */
async function rowsOf(table: CreatedTable): Promise<{ tables: number[]; games: number[] }> {
  const count = (db: D1Database, sql: string) =>
    db
      .prepare(sql)
      .bind(table.tableId)
      .first<{ n: number }>()
      .then((row) => row!.n);
  return {
    tables: await Promise.all(shards.map((db) => count(db, 'SELECT COUNT(*) AS n FROM tables WHERE id = ?'))),
    games: await Promise.all(shards.map((db) => count(db, 'SELECT COUNT(*) AS n FROM games WHERE table_id = ?'))),
  };
}

const written = (table: CreatedTable) =>
  eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the outbox to empty');

/** Tables made until one lands on each shard. */
async function oneOnEachShard(): Promise<[CreatedTable, CreatedTable]> {
  const found: (CreatedTable | undefined)[] = [undefined, undefined];
  for (let i = 0; i < 40 && (found[0] === undefined || found[1] === undefined); i++) {
    const table = await createTable(tableFor(RECORD));
    found[(await storedShard(table))!] ??= table;
  }
  return [found[0]!, found[1]!];
}

/** What …/games answers is read through the table's shard: a marked record in R2 shows only if its index row was found there. */
async function answeredFromHistory(table: CreatedTable): Promise<boolean> {
  const [game] = await games(table.tableId, table.spectator.token);
  await putRecord(env.RECORDS, table.tableId, { ...game!, finishedAt: '2020-02-02T00:00:00.000Z' });
  return (await games(table.tableId, table.spectator.token))[0]!.finishedAt === '2020-02-02T00:00:00.000Z';
}

describe('the history over two databases', () => {
  it('sends each table to the shard its id gives, and keeps that shard with the table', async () => {
    const pair = await oneOnEachShard();
    for (const [shard, table] of pair.entries()) {
      expect(await storedShard(table)).toBe(shard);
      expect(shardForNewTable(env, table.tableId)).toBe(shard);
      await playActions(table, RECORD.actions, 0);
      await written(table);
      const other = 1 - shard;
      const rows = await rowsOf(table);
      expect(rows.tables[shard]).toBe(1);
      expect(rows.games[shard]).toBe(1);
      expect(rows.tables[other]).toBe(0);
      expect(rows.games[other]).toBe(0);
      expect(await answeredFromHistory(table)).toBe(true);
    }
  });

  it('a table keeps the shard it was made with when the count changes: one made while there was one database stays on DB', async () => {
    const [, onSecond] = await oneOnEachShard();
    // As if made before HISTORY_SHARDS was raised to 2 (or before shards: the column null).
    await runInDurableObject(tableStub(onSecond.tableId), (_i, state) => void state.storage.sql.exec('UPDATE settings SET history_shard = NULL'));
    await evictDurableObject(tableStub(onSecond.tableId));
    await playActions(onSecond, RECORD.actions, 0);
    await written(onSecond);
    const rows = await rowsOf(onSecond);
    expect(rows.games).toEqual([1, 0]);
    expect(await answeredFromHistory(onSecond)).toBe(true);
  });

  it('names the binding a shard lacks, and makes no table whose history could not be written', async () => {
    expect(() => historyDatabase(env, 2)).toThrow(/history database binding DB_2 is missing/);
    const three = { ...env, HISTORY_SHARDS: '3' };
    const ids = Array.from({ length: 30 }, (_, i) => `shardcheck${String(i).padStart(6, '0')}`);
    const failing = ids.filter((id) => {
      try {
        shardForNewTable(three, id);
        return false;
      } catch (error) {
        expect(String(error)).toMatch(/DB_2 is missing/);
        return true;
      }
    });
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.length).toBeLessThan(ids.length);
  });
});
