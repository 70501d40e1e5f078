/** "Your tables": one link per table (the seat link last opened here, else a created table's spectator link), your moves first. */
import { describe, expect, it } from 'vitest';
import type { OverviewEntry } from '../../web/src/api.js';
import type { SavedTable } from '../../web/src/create/saved-tables.js';
import { inOrder, MAX_TABLES, tablesOnThisDevice, tableUrl, waitingCount } from '../../web/src/create/your-tables.js';
import type { OpenedLink } from '../../web/src/opened-links.js';

const created = (tableId: string, createdAt: string): SavedTable => ({
  tableId,
  name: `created ${tableId}`,
  createdAt,
  seats: [0, 1, 2].map((i) => ({ name: `P${i}`, url: `https://x.example/t/${tableId}#seat${i}-${tableId}` })),
  spectatorUrl: `https://x.example/t/${tableId}#spectator-${tableId}`,
});
const opened = (tableId: string, token: string, openedAt: string): OpenedLink => ({ tableId, token, name: `opened ${tableId}`, openedAt });
const entry = (tableId: string, owesMove: boolean, lastChangeAt: string): OverviewEntry => ({
  tableId,
  ok: true,
  name: tableId,
  seat: 0,
  seats: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
  phase: 'auction',
  gameNumber: 1,
  games: 3,
  seriesOver: false,
  turn: owesMove ? 0 : 1,
  owesMove,
  version: 1,
  deadline: null,
  lastChangeAt,
});

describe('your tables', () => {
  it('asks with the seat link last opened here, else with the spectator link of a table created here', () => {
    const tables = tablesOnThisDevice(
      [created('c1', '2026-01-01T10:00:00.000Z'), created('c2', '2026-01-02T10:00:00.000Z')],
      [
        opened('c1', 'seat0-c1', '2026-01-03T10:00:00.000Z'),
        opened('c1', 'seat2-c1', '2026-01-05T10:00:00.000Z'),
        opened('o1', 'tok-o1', '2026-01-04T10:00:00.000Z'),
      ],
    );
    expect(tables.map((t) => [t.tableId, t.token, t.created !== null])).toEqual([
      ['c1', 'seat2-c1', true],
      ['o1', 'tok-o1', false],
      ['c2', 'spectator-c2', true],
    ]);
    expect(tableUrl(tables[0]!)).toBe('/t/c1#seat2-c1');
  });

  it(`keeps the ${MAX_TABLES} most recent tables (the overview's limit)`, () => {
    const links = Array.from({ length: MAX_TABLES + 5 }, (_, i) => opened(`t${i}`, `k${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    const tables = tablesOnThisDevice([], links);
    expect(tables).toHaveLength(MAX_TABLES);
    expect(tables[0]!.tableId).toBe(`t${MAX_TABLES + 4}`);
    expect(tables.map((t) => t.tableId)).not.toContain('t0');
  });

  it('puts your moves first, then the most recently changed, and counts the tables waiting for you', () => {
    const tables = tablesOnThisDevice(
      [],
      ['a', 'b', 'c', 'd'].map((id, i) => opened(id, `k-${id}`, `2026-01-0${i + 1}T00:00:00.000Z`)),
    );
    const entries = new Map([
      ['a', entry('a', true, '2026-02-01T00:00:00.000Z')],
      ['b', entry('b', false, '2026-02-03T00:00:00.000Z')],
      ['c', entry('c', true, '2026-02-02T00:00:00.000Z')],
      ['d', { tableId: 'd', ok: false, error: { code: 'unauthorized', message: 'no' } } as OverviewEntry],
    ]);
    expect(inOrder(tables, entries).map((t) => t.tableId)).toEqual(['c', 'a', 'b', 'd']);
    expect(waitingCount(tables, entries)).toBe(2);
    expect(waitingCount(tables, new Map()), 'nothing known yet, nothing counted').toBe(0);
  });
});
