/**
 * Bot seats (API.md `seats[i].bot`, worker/table/bot-seats.ts): what creation accepts, the
 * bot's link only watching, and the bots' moves made by the table's alarm, one per run.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BotLevel, BotMemory } from '../../shared/bots/index.js';
import { BotSeats } from '../../worker/table/moves/bot-seats.js';
import type { TableParts } from '../../worker/table/table-parts.js';
import { seatViewsOfCurrentGame } from '../../worker/table/replay.js';
import {
  act,
  createTable,
  expectError,
  postAction,
  postJson,
  putNotifications,
  randomIp,
  sql,
  tableStub,
  view,
  type CreatedTable,
} from './support.js';

/** The table's version from its log (not by GET: the series would meet the read limit). */
const versionOf = async (table: CreatedTable) => (await sql<{ v: number }>(table, 'SELECT COALESCE(MAX(version), 0) AS v FROM actions'))[0]!.v;

/** Runs the table's alarm once; answers the versions before and after. */
async function alarmOnce(table: CreatedTable): Promise<{ ran: boolean; before: number; after: number }> {
  const before = await versionOf(table);
  const ran = await runDurableObjectAlarm(tableStub(table.tableId));
  return { ran, before, after: await versionOf(table) };
}

describe('creating a table with bot seats', () => {
  it('takes false, "easy", "strong" and true (strong), and shows the level beside the boolean', async () => {
    const table = await createTable({ seats: [{ bot: false }, { bot: 'easy' }, { bot: true }], options: { games: 1 } });
    const v = await view(table.tableId, table.seats[0]!.token);
    expect(v.seats.map((s) => [s.bot, s.botLevel])).toEqual([
      [false, null],
      [true, 'easy'],
      [true, 'strong'],
    ]);
    const strong = await createTable({ seats: [{}, {}, { bot: 'strong' }] });
    expect((await view(strong.tableId, strong.spectator.token)).seats.map((s) => s.botLevel)).toEqual([null, null, 'strong']);
  });

  it('refuses any other bot, naming the field', async () => {
    for (const bot of ['hard', 1, null, 'Easy']) {
      const res = await postJson('/api/tables', { seats: [{}, { bot }, {}] }, { 'cf-connecting-ip': randomIp() });
      expect(await expectError(res, 400, 'bad_request')).toMatch(/seats\.1\.bot/);
    }
  });

  it("lists the bot seat's link, which watches but may neither act nor be notified", async () => {
    const mailed = await postJson('/api/tables', { seats: [{}, { bot: 'easy', email: 'bot@example.com' }, {}] }, { 'cf-connecting-ip': randomIp() });
    expect(await expectError(mailed, 400, 'bad_request'), 'an address for a bot is refused, not ignored').toMatch(
      /seats\.1\.email: a bot plays this seat/,
    );
    const table = await createTable({ seats: [{}, { bot: 'easy' }, {}] });
    expect(table.seats).toHaveLength(3);
    const own = await view(table.tableId, table.seats[1]!.token);
    expect(own.seat).toBe(1);
    expect(own.hand).toHaveLength(3);
    expect(await expectError(postAction(table.tableId, table.seats[1]!.token, { type: 'double', double: false }), 403, 'forbidden')).toMatch(
      /a bot plays this seat/,
    );
    expect(
      await expectError(putNotifications(table.tableId, table.seats[1]!.token, { webhookUrl: 'http://127.0.0.1:9/hook' }), 403, 'forbidden'),
    ).toMatch(/a bot plays this seat/);
    expect(await sql(table, 'SELECT email FROM notifications WHERE seat = 1 AND email IS NOT NULL')).toEqual([]);
  });
});

describe('bots moving by the alarm', () => {
  it('three bots play a whole series alone, one move per alarm run', async () => {
    const table = await createTable({ seats: [{ bot: 'strong' }, { bot: 'easy' }, { bot: true }], options: { games: 2 } });
    const over = async () =>
      (await sql<{ n: number }>(table, 'SELECT COUNT(*) AS n FROM deals'))[0]!.n >= 2 &&
      (await view(table.tableId, table.spectator.token)).seriesOver;
    let runs = 0;
    for (let idle = 0; idle < 3;) {
      const { ran, before, after } = await alarmOnce(table);
      expect(ran).toBe(true);
      // A bot moves at most once per run (the alarm also rings for the history, and for retention once all is done).
      expect(after - before).toBeLessThanOrEqual(1);
      if (after > before) runs++;
      else if (await over()) idle++;
      expect(runs).toBeLessThan(500);
    }
    const end = await view(table.tableId, table.spectator.token);
    expect(end.seriesOver).toBe(true);
    expect(end.version).toBe(runs);
    expect(end.legalActions).toEqual([]);
  });

  it('waits for the person, moves again after its action, and survives an eviction', async () => {
    const table = await createTable({ seats: [{}, { bot: 'strong' }, { bot: 'easy' }], options: { games: 1 } });
    // Doubling: both bots decide, one per run; then the table waits for seat 0.
    expect((await alarmOnce(table)).after).toBe(1);
    expect((await alarmOnce(table)).after).toBe(2);
    const waiting = await alarmOnce(table);
    expect(waiting.after).toBe(2);
    const person = await view(table.tableId, table.seats[0]!.token);
    expect(person.legalActions.length).toBeGreaterThan(0);
    expect(await runInDurableObject(tableStub(table.tableId), (_i, state) => state.storage.getAlarm())).toSatisfy(
      (at: number | null) => at === null || at - Date.now() > 86_400_000,
    );
    // The person decides: a bot owes the next move, and the alarm is set for it.
    await act(table.tableId, table.seats[0]!.token, { type: 'double', double: false });
    const owing = (await view(table.tableId, table.spectator.token)).turn;
    if (owing !== 0) {
      await evictDurableObject(tableStub(table.tableId));
      const moved = await alarmOnce(table);
      expect(moved).toMatchObject({ ran: true, before: 3, after: 4 });
    }
  });
});

describe("a bot's knowledge", () => {
  it('is its own seat views of the current game, never the state', async () => {
    const table = await createTable({ seats: [{}, { bot: 'strong' }, {}], options: { games: 1 } });
    for (const seat of [0, 2]) await act(table.tableId, table.seats[seat]!.token, { type: 'double', double: false });
    const calls: unknown[][] = [];
    const spy = (...args: [BotLevel, BotMemory, (bound: number) => number]) => {
      calls.push(args);
      return null;
    };
    await runInDurableObject(tableStub(table.tableId), (instance) => {
      const { store, storage } = (instance as unknown as { parts: TableParts }).parts;
      const views = { viewFor: store.viewFor.bind(store), seatViewsOfCurrentGame: seatViewsOfCurrentGame.bind(null, storage) };
      new BotSeats(views, 0, spy).decide(store.current()!, Date.now());
    });
    expect(calls).toHaveLength(1);
    const [level, memory, rng] = calls[0]!;
    expect(level).toBe('strong');
    expect(typeof rng).toBe('function');
    expect(Object.keys(memory as object)).toEqual(['views']);
    const views = (memory as BotMemory).views;
    // The deal and the two decisions since: what seat 1 saw, each view its own.
    expect(views).toHaveLength(3);
    const own = await view(table.tableId, table.seats[1]!.token);
    for (const v of views) expect(v.seat).toBe(1);
    const last = views.at(-1)!;
    for (const key of Object.keys(last) as (keyof typeof last)[]) if (key !== 'seats') expect(last[key], key).toEqual(own[key]);
    expect(JSON.stringify(views)).not.toMatch(/"hands"|"stock":\[/);
  });
});
