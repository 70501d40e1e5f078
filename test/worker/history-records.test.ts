/**
 * The history's records in R2 and its slim index in D1 (worker/history/): what a finished
 * game leaves in each, the order of the two writes and their retry, the read of …/games
 * from R2, and the migration of the layout before (games_v1) by the operator's endpoint.
 */
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LEVELS } from '../../shared/actions.js';
import { MAX_MIGRATE_BATCH } from '../../worker/history/migrate.js';
import { getRecord, putRecord, recordKey } from '../../worker/history/records.js';
import { MAX_HISTORY_SHARDS, shardCount } from '../../worker/history/shards.js';
import { History } from '../../worker/history/writer.js';
import { createTable, eventually, games, handMade, playActions, request, tableFor, tableStub, type CreatedTable, type PublishedGame } from './support.js';

const pending = (table: CreatedTable) => tableStub(table.tableId).pendingHistory();
const written = (table: CreatedTable) => eventually(async () => ((await pending(table)) === 0 ? true : undefined), 'the outbox to empty');

/** Every R2 key under `prefix`. */
async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.RECORDS.list({ prefix, ...(cursor === undefined ? {} : { cursor }) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined);
  return keys;
}

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
      const attempts = () => runInDurableObject(stub, (_i, state) => state.storage.sql.exec<{ attempts: number }>('SELECT attempts FROM outbox').toArray());
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
    for (const bad of ['0', '101', '2.5', ' 2', 'two', '-1']) expect(() => shardCount(bad)).toThrow(/HISTORY_SHARDS must be a whole number from 1 to 100/);
  });
});

const LEGACY_TABLES = 100;
const LEGACY_GAMES_PER_TABLE = 100;
const LEGACY_GAMES = LEGACY_TABLES * LEGACY_GAMES_PER_TABLE;

/** A table id of this test's own. */
const legacyTableId = (t: number) => `mig${String(t).padStart(3, '0')}legacy`;

/** The records the layout before would hold: a real finished game, as each deal of each table; every tenth written before series existed. */
function legacyGames(model: PublishedGame): Map<string, PublishedGame[]> {
  const byTable = new Map<string, PublishedGame[]>();
  for (let t = 0; t < LEGACY_TABLES; t++) {
    byTable.set(
      legacyTableId(t),
      Array.from({ length: LEGACY_GAMES_PER_TABLE }, (_, dealIndex) => {
        const { series, ...game } = { ...model, dealIndex, gameNumber: dealIndex + 1, finishedAt: new Date(Date.UTC(2026, 0, 1) + t * 1e6 + dealIndex * 1e3).toISOString() };
        return dealIndex % 10 === 9 ? (game as PublishedGame) : { ...game, series };
      }),
    );
  }
  return byTable;
}

describe('POST /api/ops/history/migrate', () => {
  const migrate = (query = '', token = env.OPS_TOKEN!) =>
    request(`/api/ops/history/migrate${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

  it('is the operator’s only, and moves at most 200 games a call', async () => {
    expect((await migrate('', 'x'.repeat(40))).status).toBe(401);
    expect((await request('/api/ops/history/migrate', { method: 'POST' })).status).toBe(401);
    for (const limit of ['0', String(MAX_MIGRATE_BATCH + 1), '1e2', 'ten']) {
      const res = await migrate(`?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/limit.*from 1 to 200/);
    }
    expect(MAX_MIGRATE_BATCH).toBe(200);
  });

  it(
    `moves ${LEGACY_GAMES} games of the old table to R2 and the index, stopped halfway by a failure and resumed, none lost or doubled`,
    async () => {
      const { game: model } = await playedTable('01-hold-stage1-overtrump');
      const legacy = legacyGames(model);
      const statements: D1PreparedStatement[] = [];
      for (const [tableId, list] of legacy) {
        statements.push(env.DB.prepare("INSERT INTO tables (id, name, options, created_at) VALUES (?, 'old', '{}', '2026-01-01T00:00:00.000Z')").bind(tableId));
        for (const game of list)
          statements.push(
            env.DB.prepare('INSERT INTO games_v1 (table_id, deal_index, game_number, record, settlement, finished_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
              tableId,
              game.dealIndex,
              game.gameNumber,
              JSON.stringify(game),
              JSON.stringify(game.settlement),
              game.finishedAt,
            ),
          );
      }
      for (let i = 0; i < statements.length; i += 1_000) await env.DB.batch(statements.slice(i, i + 1_000));
      const count = async (table: 'games' | 'games_v1') =>
        (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE table_id LIKE 'mig%'`).first<{ n: number }>())!.n;
      expect(await count('games_v1')).toBe(LEGACY_GAMES);

      // Half, a batch of 200 at a time.
      let moved = 0;
      while (moved < LEGACY_GAMES / 2) {
        const step = (await (await migrate('?limit=200')).json()) as { moved: number; remaining: number };
        expect(step.moved).toBe(200);
        moved += step.moved;
        expect(step.remaining).toBe(LEGACY_GAMES - moved);
      }
      // The next batch dies after its R2 writes, inside D1's transaction: nothing of it is in the index, all of it still in the old table.
      const [firstLeft] = (await env.DB.prepare('SELECT table_id, deal_index FROM games_v1 ORDER BY table_id, deal_index LIMIT 1 OFFSET 150').all<{ table_id: string; deal_index: number }>()).results;
      await env.DB.exec(
        `CREATE TRIGGER migrate_cut BEFORE INSERT ON games WHEN NEW.table_id = '${firstLeft!.table_id}' AND NEW.deal_index = ${firstLeft!.deal_index} BEGIN SELECT RAISE(ABORT, 'cut (test)'); END`,
      );
      vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect((await migrate('?limit=200')).status).toBe(500);
      } finally {
        await env.DB.exec('DROP TRIGGER IF EXISTS migrate_cut');
      }
      expect(await count('games')).toBe(moved);
      expect(await count('games_v1')).toBe(LEGACY_GAMES - moved);

      // Resumed: to the end.
      for (;;) {
        const step = (await (await migrate()).json()) as { moved: number; remaining: number };
        if (step.remaining === 0) break;
        expect(step.moved).toBe(200);
      }
      expect(await count('games')).toBe(LEGACY_GAMES);
      expect(await count('games_v1')).toBe(0);
      expect((await keysUnder('games/mig')).length).toBe(LEGACY_GAMES);
      // Every game as it was, read as …/games reads it (series 1 for those from before series).
      const history = new History(env.DB, env.RECORDS);
      for (const [tableId, list] of legacy) {
        const stored = await history.games(tableId);
        expect(stored).toEqual(list);
        expect(await keysUnder(`games/${tableId}/1/`)).toHaveLength(LEGACY_GAMES_PER_TABLE);
      }
      expect(await (await migrate()).json()).toEqual({ moved: 0, remaining: 0 });
    },
    300_000,
  );
});
