/**
 * The migration of the history's layout before (full records in D1's games_v1) to records in
 * R2 and index rows in D1, by the operator's endpoint (worker/history/migrate.ts). In the
 * "worker-history" project: a call moves every old row it finds, so no other test file may
 * share its D1.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { MAX_MIGRATE_BATCH } from '../../../worker/history/migrate.js';
import { History } from '../../../worker/history/writer.js';
import { createTable, eventually, games, handMade, keysUnder, playActions, request, tableFor, tableStub, type PublishedGame } from '../support.js';

/** A real finished game, as …/games publishes it. */
async function aFinishedGame(): Promise<PublishedGame> {
  const record = handMade('01-hold-stage1-overtrump');
  const table = await createTable(tableFor(record));
  await playActions(table, record.actions, 0);
  await eventually(async () => ((await tableStub(table.tableId).pendingHistory()) === 0 ? true : undefined), 'the outbox to empty');
  return (await games(table.tableId, table.seats[0]!.token))[0]!;
}

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
        const { series, ...game } = {
          ...model,
          dealIndex,
          gameNumber: dealIndex + 1,
          finishedAt: new Date(Date.UTC(2026, 0, 1) + t * 1e6 + dealIndex * 1e3).toISOString(),
        };
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

  it(`moves ${LEGACY_GAMES} games of the old table to R2 and the index, stopped halfway by a failure and resumed, none lost or doubled`, async () => {
    const model = await aFinishedGame();
    const legacy = legacyGames(model);
    const statements: D1PreparedStatement[] = [];
    for (const [tableId, list] of legacy) {
      statements.push(
        env.DB.prepare("INSERT INTO tables (id, name, options, created_at) VALUES (?, 'old', '{}', '2026-01-01T00:00:00.000Z')").bind(tableId),
      );
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
    const [firstLeft] = (
      await env.DB.prepare('SELECT table_id, deal_index FROM games_v1 ORDER BY table_id, deal_index LIMIT 1 OFFSET 150').all<{
        table_id: string;
        deal_index: number;
      }>()
    ).results;
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
  }, 300_000);
});
