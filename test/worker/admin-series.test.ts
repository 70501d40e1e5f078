/**
 * The admin's new series (API.md "Table admin", `{"type": "newSeries"}`): only once a series
 * is over; the same links and options; balances and game numbers start anew; the games of
 * every series stay in …/games, each with its `series`, whether read from D1 or replayed from
 * the table's own log; an eviction replays the series being played from where it started.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_SERIES } from '../../worker/model/limits.js';
import { command, createAdminTable, postAdmin } from './admin-support.js';
import { act, eventually, expectError, games, handMade, playActions, sql, tableFor, tableStub, view } from './support.js';

const GAME = handMade('01-hold-stage1-overtrump');

describe('a new series', () => {
  it('starts once the series is over, with the same links; the games of both series are kept, each with its series', async () => {
    const table = await createAdminTable({ ...tableFor(GAME), deals: [GAME.deal, GAME.deal] });
    expect(await expectError(postAdmin(table.tableId, table.admin.token, { type: 'newSeries' }), 409, 'conflict')).toMatch(/over/);
    await playActions(table, GAME.actions, 0);
    const over = await view(table.tableId, table.seats[0]!.token);
    expect(over).toMatchObject({ seriesOver: true, series: 1 });
    const balances = over.seats.map((s) => s.balance);
    expect(balances.some((b) => b !== 0)).toBe(true);

    const admin = await command(table, { type: 'newSeries' });
    expect(admin).toMatchObject({ series: 2, seriesOver: false, gameNumber: 1, phase: 'doubling', version: GAME.actions.length });
    const fresh = await view(table.tableId, table.seats[0]!.token);
    expect(fresh).toMatchObject({ series: 2, gameNumber: 1, seriesOver: false });
    expect(fresh.seats.map((s) => s.balance)).toEqual([0, 0, 0]);
    expect([...fresh.hand!].sort()).toEqual(GAME.deal.hands[0].slice(0, 3).sort());

    // The same game again, with the same links; the version goes on counting.
    await playActions(table, GAME.actions, GAME.actions.length);
    const second = await view(table.tableId, table.seats[1]!.token);
    expect(second).toMatchObject({ series: 2, seriesOver: true, version: 2 * GAME.actions.length });
    expect(second.seats.map((s) => s.balance)).toEqual(balances);

    const both = await games(table.tableId, table.spectator.token);
    expect(both.map((g) => [g.dealIndex, g.series, g.gameNumber])).toEqual([
      [0, 1, 1],
      [1, 2, 1],
    ]);
    // From D1 once written, too.
    await eventually(
      async () => ((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM outbox'))[0]!.n === 0 ? true : undefined),
      'the history to be written',
    );
    expect((await games(table.tableId, table.spectator.token)).map((g) => g.series)).toEqual([1, 2]);
  });

  it('replays the running series from its start after an eviction, and earlier games from the log when D1 lacks them', async () => {
    const table = await createAdminTable({ ...tableFor(GAME), deals: [GAME.deal, GAME.deal] });
    await playActions(table, GAME.actions, 0);
    await command(table, { type: 'newSeries' });
    await playActions(table, GAME.actions.slice(0, 3), GAME.actions.length);
    const before = await view(table.tableId, table.seats[0]!.token);
    await evictDurableObject(tableStub(table.tableId));
    expect(await view(table.tableId, table.seats[0]!.token)).toEqual(before);
    // With the history not (yet) in D1, the table answers from its own log.
    await eventually(
      async () => ((await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM outbox'))[0]!.n === 0 ? true : undefined),
      'the history to be written',
    );
    const { env } = await import('cloudflare:workers');
    await env.DB.prepare('DELETE FROM games WHERE table_id = ?').bind(table.tableId).run();
    const fromLog = await games(table.tableId, table.spectator.token);
    expect(fromLog.map((g) => [g.dealIndex, g.series, g.gameNumber])).toEqual([[0, 1, 1]]);
    expect(fromLog[0]!.actions).toEqual(GAME.actions);
    // The rest of the second game; then both.
    await playActions(table, GAME.actions.slice(3), GAME.actions.length + 3);
    expect((await games(table.tableId, table.spectator.token)).map((g) => g.series)).toEqual([1, 2]);
  });

  it("answers a retried action of an earlier series with that series' view, replayed from its own start", async () => {
    const table = await createAdminTable({ ...tableFor(GAME), deals: [GAME.deal, GAME.deal] });
    await playActions(table, GAME.actions.slice(0, -1), 0);
    const last = GAME.actions.at(-1)!;
    const sent = { ...last.action, id: 'last-of-series-1' };
    const first = await act(table.tableId, table.seats[last.seat]!.token, sent);
    await command(table, { type: 'newSeries' });
    await playActions(table, GAME.actions.slice(0, 2), GAME.actions.length);
    // Evicted, the table keeps no answer in memory: the retry is answered from the log.
    await evictDurableObject(tableStub(table.tableId));
    const again = await act(table.tableId, table.seats[last.seat]!.token, sent);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ series: 1, seriesOver: true, version: GAME.actions.length });
    expect((await view(table.tableId, table.spectator.token)).version, 'the retry changed nothing').toBe(GAME.actions.length + 2);
  });

  it(`stops at ${MAX_SERIES} series per table`, async () => {
    const table = await createAdminTable({ ...tableFor(GAME), deals: [GAME.deal] });
    await playActions(table, GAME.actions, 0);
    // As if 99 series had been played: the 100th is the current one, over.
    for (let series = 2; series <= MAX_SERIES; series++) {
      await sql(
        table,
        'INSERT INTO series_starts (series, first_deal, first_version, started_at) VALUES (?, 0, 0, ?)',
        series,
        new Date().toISOString(),
      );
    }
    await evictDurableObject(tableStub(table.tableId));
    expect((await view(table.tableId, table.spectator.token)).series).toBe(MAX_SERIES);
    expect(await expectError(postAdmin(table.tableId, table.admin.token, { type: 'newSeries' }), 409, 'conflict')).toMatch(/at most 100 series/);
  });
});
