/**
 * A table stored by the release before numbered migrations (worker/storage/migrations.ts)
 * is loaded by this one and played on. The fixture is that release's storage of a real table,
 * dumped table by table (test/worker/fixtures/table-before-migrations.json): three seats with an
 * address, a webhook, a vacation, a chat message, a pause, a replaced link, deliveries waiting,
 * one game finished and the second's doubling decided; its tokens are the fixture's links.
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { History } from '../../worker/history/writer.js';
import { SCHEMA_VERSION, schemaVersion } from '../../worker/storage/migrations.js';
import stored from './fixtures/table-before-migrations.json';
import { command, headers } from './admin-support.js';
import { act, games, request, sql, tableStub, view, type CreatedTable, type TableView } from './support.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The fixture's storage, written into the table's Durable Object as that release left it,
 * and the table's row in D1 as it was written then (its games' rows refer to it).
 */
async function restore(): Promise<CreatedTable> {
  const settings = stored.rows.settings[0]!;
  const seats = (JSON.parse(settings.seats) as { name: string; bot: boolean }[]).map((s, seat) => ({ seat, ...s }));
  await new History(env.DB, env.RECORDS).writeTable({
    id: settings.table_id,
    name: settings.name,
    options: JSON.parse(settings.options),
    createdAt: settings.created_at,
    seats,
  });
  await runInDurableObject(tableStub(stored.tableId), (_instance, state) => {
    for (const statement of stored.schema) state.storage.sql.exec(statement);
    for (const [name, rows] of Object.entries(stored.rows as Record<string, Record<string, SqlStorageValue>[]>)) {
      for (const row of rows) {
        const columns = Object.keys(row);
        state.storage.sql.exec(`INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...Object.values(row));
      }
    }
  });
  const link = (token: string) => ({ token, url: '' });
  return {
    tableId: stored.tableId,
    seats: stored.tokens.seats.map((token, seat) => ({ seat: seat as 0 | 1 | 2, ...link(token) })),
    spectator: link(stored.tokens.spectator),
    admin: link(stored.tokens.admin),
  };
}

/** One owed move of whichever seat may make one: its first legal action (a discard: its first two cards). */
async function moveOn(table: CreatedTable): Promise<TableView> {
  for (const { token } of table.seats) {
    const seen = await view(table.tableId, token);
    const owed = seen.legalActions.find((a) => a.type !== 'kontra');
    if (owed === undefined) continue;
    return act(table.tableId, token, owed.type === 'discard' ? { type: 'discard', cards: seen.hand!.slice(0, 2) } : owed);
  }
  throw new Error('nobody owes a move');
}

describe('a table stored before numbered migrations', () => {
  it('is brought up to date on load and played on: its views, links, chat, vacation, admin and history as they were', async () => {
    // The webhook's receiver, which the deliveries waiting in the fixture go on to.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const table = await restore();
    const before = await view(table.tableId, table.seats[0]!.token);
    expect(before).toMatchObject({ version: stored.version, name: 'Stored before the redesign', gameNumber: 2, phase: 'auction' });
    expect(before.seats.map((s) => s.name)).toEqual(['Anni', 'Bert', 'Vroni']);
    expect(before.seats[2]!.vacationHoursLeft).toBe(70);
    expect(await runInDurableObject(tableStub(table.tableId), (_i, state) => schemaVersion(state.storage.sql))).toBe(SCHEMA_VERSION);
    // The waiting deliveries carry on in the shared retry queue's form.
    expect(await sql(table, 'SELECT COUNT(*) AS n FROM deliveries WHERE dead = 0')).toEqual([{ n: stored.rows.deliveries.length }]);

    const chat = await request(`/api/tables/${table.tableId}/chat`, { headers: headers(table.seats[1]!.token) });
    expect(((await chat.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['Servus!']);
    expect((await command(table, { type: 'pause' })).paused).toBe(true);
    await command(table, { type: 'resume' });

    let last = before;
    for (let moves = 0; last.gameNumber === 2 && moves < 60; moves++) last = await moveOn(table);
    expect(last.gameNumber).toBe(3);
    expect(last.version).toBeGreaterThan(stored.version);
    const finished = await games(table.tableId, table.spectator.token);
    expect(finished.map((g) => g.gameNumber)).toEqual([1, 2]);
  });
});
