/**
 * The history's records in R2 and its slim index in D1 (worker/history/): what a finished
 * game leaves in each, the order of the two writes and their retry, the read of …/games
 * from R2. The migration of the layout before: history/history-migrate.test.ts.
 */
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LEVELS } from '../../shared/actions.js';
import { getRecord, putRecord, recordKey } from '../../worker/history/records.js';
import { MAX_HISTORY_SHARDS, shardCount } from '../../worker/history/shards.js';
import { History } from '../../worker/history/writer.js';
import {
  createTable,
  eventually,
  games,
  handMade,
  keysUnder,
  playActions,
  tableFor,
  tableStub,
  type CreatedTable,
  type PublishedGame,
} from './support.js';

const pending = (table: CreatedTable) => tableStub(table.tableId).pendingHistory();
const written = (table: CreatedTable) => eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the outbox to empty');

async function playedTable(name: string): Promise<{ table: CreatedTable; game: PublishedGame }> {
  const record = handMade(name);
  const table = await createTable(tableFor(record));
  await playActions(table, record.actions, 0);
  await written(table);
  const [game] = await games(table.tableId, table.seats[0]!.token);
  return { table, game: game! };
}

describe('a finished game in the history', () => {
  it('is one gzipped JSON object in R2 under games/<table>/<series>/<deal>.json.gz and one slim index row in D1', async () => {
    const { table, game } = await playedTable('08-mord-lost-early-kontra');
    const key = recordKey(table.tableId, 1, 0);
    expect(key).toBe(`games/${table.tableId}/1/0.json.gz`);
    expect(await keysUnder(`games/${table.tableId}/`)).toEqual([key]);
    const object = await env.RECORDS.get(key);
    expect(object!.httpMetadata).toMatchObject({ contentType: 'application/json', contentEncoding: 'gzip' });
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip's magic
    expect(bytes.length).toBeLessThan(JSON.stringify(game).length / 2);
    expect(await getRecord(env.RECORDS, key)).toEqual(game);

    const row = await env.DB.prepare('SELECT * FROM games WHERE table_id = ?').bind(table.tableId).first<Record<string, unknown>>();
    expect(row).toEqual({
      table_id: table.tableId,
      deal_index: 0,
      series: 1,
      game_number: 1,
      finished_at: Date.parse(game.finishedAt),
      declarer: game.declarer,
      contract: LEVELS.indexOf(game.contract!),
      result: game.settlement!.payments[game.declarer!],
    });
    expect(row!.result).toBeLessThan(0); // the mord was lost
  });

  it('…/games reads the record from R2: what R2 holds is what the API answers', async () => {
    const { table, game } = await playedTable('03-bettel-won');
    // Only R2 can be the source of this: the table's own log has the true time.
    await putRecord(env.RECORDS, table.tableId, { ...game, finishedAt: '2020-01-01T00:00:00.000Z' });
    expect((await games(table.tableId, table.spectator.token))[0]!.finishedAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('the record goes to R2 first; a write cut short between the two is retried without a second row or object', async () => {
    const record = handMade('04-bettel-lost-early');
    const table = await createTable(tableFor(record));
    await written(table);
    const trigger = `index_down_${table.tableId}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON games WHEN NEW.table_id = '${table.tableId}' BEGIN SELECT RAISE(ABORT, 'index is down (test)'); END`,
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stub = tableStub(table.tableId);
    try {
      await playActions(table, record.actions, 0);
      const attempts = () =>
        runInDurableObject(stub, (_i, state) => state.storage.sql.exec<{ attempts: number }>('SELECT attempts FROM outbox').toArray());
      await eventually(async () => ((await attempts())[0]?.attempts === 1 ? true : undefined), 'the first failed write');
      // The record is in R2, its index row is not: the game is not in the history yet, and no reader sees half of it.
      expect(await keysUnder(`games/${table.tableId}/`)).toEqual([recordKey(table.tableId, 1, 0)]);
      expect(await new History(env.DB, env.RECORDS).games(table.tableId)).toEqual([]);

      await env.DB.exec(`DROP TRIGGER ${trigger}`);
      await runInDurableObject(stub, (_i, state) => void state.storage.sql.exec('UPDATE outbox SET next_attempt_at = 0'));
      await runDurableObjectAlarm(stub);
      expect(await pending(table)).toBe(0);
      // The same game written once more, as a retry after a crash past both writes would.
      const history = new History(env.DB, env.RECORDS);
      const [game] = await history.games(table.tableId);
      await history.writeGame({ tableId: table.tableId, game: game!, settlement: game!.settlement });
      const rows = await env.DB.prepare('SELECT deal_index FROM games WHERE table_id = ?').bind(table.tableId).all();
      expect(rows.results).toEqual([{ deal_index: 0 }]);
      expect(await keysUnder(`games/${table.tableId}/`)).toEqual([recordKey(table.tableId, 1, 0)]);
      expect(await games(table.tableId, table.seats[1]!.token)).toEqual([game]);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  });
});

describe('HISTORY_SHARDS', () => {
  it('is a whole number from 1 to 100, 1 when not set; anything else is refused with a message that names it', () => {
    expect(shardCount(undefined)).toBe(1);
    expect(shardCount('1')).toBe(1);
    expect(shardCount(String(MAX_HISTORY_SHARDS))).toBe(MAX_HISTORY_SHARDS);
    for (const bad of ['0', '101', '2.5', ' 2', 'two', '-1'])
      expect(() => shardCount(bad)).toThrow(/HISTORY_SHARDS must be a whole number from 1 to 100/);
  });
});
