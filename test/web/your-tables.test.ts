/**
 * "Your tables": one link per table (the seat link last opened here, else a created table's
 * spectator link), your moves first; a table forgotten leaves nothing on the device.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableView } from '../../web/src/api.js';
import type { CreatedTable, OverviewEntry } from '../../web/src/api-later.js';
import { saveTable, savedTables, type SavedTable } from '../../web/src/create/saved-tables.js';
import { inOrder, MAX_TABLES, tablesOnThisDevice, tableUrl, waitingCount } from '../../web/src/create/your-tables.js';
import { forgetTableHere } from '../../web/src/create/forget-table.js';
import { openedLinks, rememberLink, type OpenedLink } from '../../web/src/opened-links.js';
import { writeStored } from '../../web/src/prefs.js';
import { recallView, rememberView } from '../../web/src/table/last-view.js';
import { notePushHere, pushOnHere } from '../../web/src/table/push-links.js';
import { keptSeatToken, seatAsked } from '../../web/src/table/seat-link.js';
import { overviewEntry } from './overview-entry.js';

const created = (tableId: string, createdAt: string): SavedTable => ({
  tableId,
  name: `created ${tableId}`,
  createdAt,
  seats: [0, 1, 2].map((i) => ({ name: `P${i}`, url: `https://x.example/t/${tableId}#seat${i}-${tableId}` })),
  spectatorUrl: `https://x.example/t/${tableId}#spectator-${tableId}`,
});
const opened = (tableId: string, token: string, openedAt: string): OpenedLink => ({ tableId, token, name: `opened ${tableId}`, openedAt });
const entry = (tableId: string, owesMove: boolean, lastChangeAt: string): OverviewEntry =>
  overviewEntry({ tableId, name: tableId, turn: owesMove ? 0 : 1, owesMove, deadline: null, lastChangeAt });

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

/** localStorage as a browser keeps it, in memory (Node has none). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('forgetting a table on this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("removes its links, each link's last view, its push marks and the marks kept per table; another table keeps all of its own", () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const keep = (tableId: string) => {
      const created = {
        tableId,
        seats: [0, 1, 2].map((seat) => ({ seat, token: `seat${seat}-${tableId}`, url: `https://x.example/t/${tableId}#seat${seat}-${tableId}` })),
        spectator: { token: `spectator-${tableId}`, url: `https://x.example/t/${tableId}#spectator-${tableId}` },
        admin: { token: `admin-${tableId}`, url: `https://x.example/admin/${tableId}#admin-${tableId}` },
      } as CreatedTable;
      saveTable(created, `name of ${tableId}`, ['A', 'B', 'C']);
      for (const seat of [0, 2]) {
        rememberLink(tableId, `seat${seat}-${tableId}`, `name of ${tableId}`);
        rememberView(tableId, `seat${seat}-${tableId}`, { hand: [`hand of ${tableId}`] } as unknown as TableView);
      }
      notePushHere(tableId, `seat0-${tableId}`, true);
      // The marks the table page keeps (useChat.ts, confirm.ts, TablePage.tsx).
      writeStored(`wallachen.chatRead.${tableId}.0`, '7');
      writeStored(`wallachen.chatRead.${tableId}.spectator`, '7');
      writeStored(`wallachen.confirmMoves.${tableId}.2`, 'on');
      writeStored(`wallachen.summarySeen.${tableId}`, '0');
    };
    keep('gone');
    keep('gone2'); // a table whose id begins like the other's
    writeStored('wallachen.prefs', '{"lang":"de"}');

    forgetTableHere('gone');

    const entries = Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => `${key}=${storage.getItem(key)}`);
    expect(
      entries.filter((entry) => /\bgone\b/.test(entry)),
      'no key or value names the table',
    ).toEqual([]);
    expect(savedTables().map((t) => t.tableId)).toEqual(['gone2']);
    expect(openedLinks().map((l) => l.token)).toEqual(['seat2-gone2', 'seat0-gone2']);
    expect([recallView('gone2', 'seat0-gone2')?.view.hand, recallView('gone2', 'seat2-gone2')?.view.hand]).toEqual([
      ['hand of gone2'],
      ['hand of gone2'],
    ]);
    expect(pushOnHere('gone2', 'seat0-gone2')).toBe(true);
    for (const key of [
      'wallachen.chatRead.gone2.0',
      'wallachen.chatRead.gone2.spectator',
      'wallachen.confirmMoves.gone2.2',
      'wallachen.summarySeen.gone2',
    ])
      expect(storage.getItem(key), key).not.toBeNull();
    expect(storage.getItem('wallachen.prefs')).toBe('{"lang":"de"}');
  });
});

describe("a push's link on this device (web/src/table/seat-link.ts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the link this device turned pushes on with as that seat, else a link whose last view is that seat; none once the table is forgotten', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    for (const token of ['seat1-t1', 'spectator-t1', 'seat0-t2', 'old-t3', 'viewed-t3']) rememberLink(token.split('-')[1]!, token, 'a table');
    notePushHere('t1', 'seat1-t1', true, 1);
    notePushHere('t2', 'seat0-t2', true, 0);
    // Noted before the seat was, and a link opened here without pushes: known by their last views.
    notePushHere('t3', 'old-t3', true);
    rememberView('t3', 'old-t3', { seat: 2 } as TableView);
    rememberView('t3', 'viewed-t3', { seat: 1 } as TableView);
    expect([keptSeatToken('t1', 1), keptSeatToken('t1', 0), keptSeatToken('t2', 0), keptSeatToken('t2', 1)]).toEqual([
      'seat1-t1',
      null,
      'seat0-t2',
      null,
    ]);
    expect([keptSeatToken('t3', 2), keptSeatToken('t3', 1), keptSeatToken('t3', 0)]).toEqual(['old-t3', 'viewed-t3', null]);
    // Noted with its seat when the seat's page shows its pushes on (PushToggle.tsx): still on, and found by its seat.
    notePushHere('t3', 'old-t3', true, 2);
    expect([pushOnHere('t3', 'old-t3'), keptSeatToken('t3', 2)]).toEqual([true, 'old-t3']);
    forgetTableHere('t1');
    expect(keptSeatToken('t1', 1), 'forgotten: no link').toBeNull();
    expect(keptSeatToken('t2', 0), 'another table keeps its own').toBe('seat0-t2');
    expect([seatAsked('?seat=2'), seatAsked('?seat=3'), seatAsked('?seat=x'), seatAsked('')]).toEqual([2, null, null, null]);
  });
});
